import { describe, expect, it } from "vitest";
import { renderLoggedOut, renderLogoutConfirm } from "./logout";
import { buttons, documentTitle, forms, links, tags } from "./test-helpers";

describe("renderLogoutConfirm", () => {
  const page = renderLogoutConfirm({ action: "/oidc/session/end/confirm", xsrf: "x-123" });

  it("asks 'Sign out of Hostfield?' and posts the xsrf secret to the action", () => {
    expect(documentTitle(page)).toBe("Sign out | Hostfield");
    expect(page).toContain("<h1>Sign out of Hostfield?</h1>");
    expect(forms(page).map((form) => form.attrs)).toEqual([
      { method: "post", action: "/oidc/session/end/confirm" },
    ]);
    expect(tags(page, "input").map((input) => input.attrs)).toEqual([
      { type: "hidden", name: "xsrf", value: "x-123" },
    ]);
  });

  it("signs out with logout=yes", () => {
    expect(buttons(page)[0]).toMatchObject({
      label: "Sign out",
      attrs: { type: "submit", name: "logout", value: "yes" },
    });
  });

  it("stays signed in by a link back to the site, not a submit (the form signs the app out whatever it posts)", () => {
    expect(buttons(page).map((b) => b.label)).toEqual(["Sign out"]);
    expect(links(page).at(-1)).toMatchObject({ label: "Stay signed in", attrs: { href: "/" } });
  });
});

describe("renderLoggedOut", () => {
  it("confirms and links home", () => {
    const page = renderLoggedOut({ homeUrl: "/" });
    expect(documentTitle(page)).toBe("Signed out | Hostfield");
    expect(page).toContain("<h1>You&#39;re signed out</h1>");
    expect(links(page).at(-1)).toMatchObject({ label: "Go to Hostfield", attrs: { href: "/" } });
  });
});
