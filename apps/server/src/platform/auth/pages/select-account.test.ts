import { describe, expect, it } from "vitest";
import { renderSelectAccount } from "./select-account";
import { buttons, documentTitle, forms } from "./test-helpers";

describe("renderSelectAccount", () => {
  const page = renderSelectAccount({
    action: "/interaction/abc/select-account",
    account: { name: "Ana Ruiz", email: "ana@example.com" },
  });

  it("is titled 'Choose an account' and posts to the action", () => {
    expect(documentTitle(page)).toBe("Choose an account | Hostfield");
    expect(page).toContain("<h1>Choose an account</h1>");
    expect(forms(page).map((form) => form.attrs)).toEqual([
      { method: "post", action: "/interaction/abc/select-account" },
    ]);
  });

  it("offers 'continue' as the named account and 'switch' to another one", () => {
    expect(buttons(page).map((button) => [button.label, button.attrs])).toEqual([
      [
        "Continue as Ana Ruiz (ana@example.com)",
        { class: "button button-primary", type: "submit", name: "choice", value: "continue" },
      ],
      [
        "Use another account",
        { class: "button button-secondary", type: "submit", name: "choice", value: "switch" },
      ],
    ]);
  });
});
