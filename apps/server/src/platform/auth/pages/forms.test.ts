import { describe, expect, it } from "vitest";
import {
  button,
  errorSummary,
  FORM_ERROR_ID,
  hiddenInput,
  noticeBox,
  postForm,
  selectField,
  type TTextFieldOptions,
  textField,
  usernameHint,
} from "./forms";
import { buttons, byId, controlLabelled, describedBy, links, tags, textById } from "./test-helpers";

const render = (value: { toString(): string }) => value.toString();

describe("textField", () => {
  it("ties the label to the input and sets type, name, autocomplete and required", () => {
    const page = render(
      textField({ type: "email", name: "email", label: "E-mail", autocomplete: "email" }),
    );
    expect(controlLabelled(page, "E-mail").attrs).toMatchObject({
      type: "email",
      name: "email",
      autocomplete: "email",
      required: "",
    });
  });

  it("re-fills a typed value", () => {
    const page = render(
      textField({ type: "text", name: "name", label: "Name", autocomplete: "name", value: "Ana" }),
    );
    expect(controlLabelled(page, "Name").attrs.value).toBe("Ana");
  });

  it("never writes a password back, even if a caller forces one in", () => {
    const options = {
      type: "password",
      name: "password",
      label: "Password",
      autocomplete: "current-password",
      value: "hunter2",
    } as unknown as TTextFieldOptions;
    const page = render(textField(options));
    expect(page).not.toContain("hunter2");
    expect(controlLabelled(page, "Password").attrs).not.toHaveProperty("value");
  });

  it("marks an invalid field and points aria-describedby at its hint and error message", () => {
    const page = render(
      textField({
        type: "password",
        name: "password",
        label: "Password",
        autocomplete: "new-password",
        hint: "Use at least 12 characters.",
        error: "That password is too short.",
      }),
    );
    const input = controlLabelled(page, "Password");
    expect(input.attrs["aria-invalid"]).toBe("true");
    const [hintId, errorId] = describedBy(page, input);
    expect(textById(page, hintId!)).toBe("Use at least 12 characters.");
    expect(textById(page, errorId!)).toBe("Error: That password is too short.");
  });

  it("is not marked invalid and describes nothing when all is well", () => {
    const page = render(
      textField({ type: "text", name: "name", label: "Name", autocomplete: "name" }),
    );
    const input = controlLabelled(page, "Name");
    expect(input.attrs).not.toHaveProperty("aria-invalid");
    expect(input.attrs).not.toHaveProperty("aria-describedby");
  });

  it("can point at the form-level alert when the error belongs to the whole form", () => {
    const page = render(
      textField({
        type: "email",
        name: "email",
        label: "E-mail",
        autocomplete: "username",
        errorRef: FORM_ERROR_ID,
      }),
    );
    expect(controlLabelled(page, "E-mail").attrs).toMatchObject({
      "aria-invalid": "true",
      "aria-describedby": FORM_ERROR_ID,
    });
  });
});

describe("selectField", () => {
  const field = (value?: string) =>
    render(
      selectField({
        name: "accountType",
        label: "Account type",
        placeholder: "Choose one",
        options: ["Coach", "Facility"],
        value,
      }),
    );

  it("starts with an empty placeholder option, which `required` rejects", () => {
    const page = field();
    expect(controlLabelled(page, "Account type").attrs).toMatchObject({ required: "" });
    expect(tags(page, "option").map((option) => option.attrs)).toEqual([
      { value: "", selected: "" },
      { value: "Coach" },
      { value: "Facility" },
    ]);
    expect(page).toContain(">Choose one</option>");
  });

  it("selects the chosen option", () => {
    const selected = tags(field("Facility"), "option").filter((o) => "selected" in o.attrs);
    expect(selected.map((option) => option.attrs.value)).toEqual(["Facility"]);
  });

  it("falls back to the placeholder when the value is not one of the options", () => {
    const selected = tags(field("Admin"), "option").filter((o) => "selected" in o.attrs);
    expect(selected.map((option) => option.attrs.value)).toEqual([""]);
  });
});

describe("errorSummary", () => {
  it("is an alert that links each field error to its field", () => {
    const page = render(
      errorSummary({
        message: "Check these details:",
        fieldErrors: [{ name: "email", message: "Enter an e-mail address." }],
      }),
    );
    expect(byId(page, FORM_ERROR_ID).attrs.role).toBe("alert");
    expect(links(page).map((link) => [link.attrs.href, link.label])).toEqual([
      ["#field-email", "Enter an e-mail address."],
    ]);
  });
});

describe("the other pieces", () => {
  it("noticeBox is a status region", () => {
    expect(render(noticeBox("Saved."))).toBe(
      '<div class="notice" role="status"><p>Saved.</p></div>',
    );
  });

  it("button submits, with name and value when given", () => {
    const [only] = buttons(
      render(button({ label: "Sign out", name: "logout", value: "yes", variant: "primary" })),
    );
    expect(only).toMatchObject({
      label: "Sign out",
      attrs: { type: "submit", name: "logout", value: "yes" },
    });
  });

  it("hiddenInput carries a value", () => {
    expect(tags(render(hiddenInput("xsrf", 'a"b')), "input")[0]!.attrs).toEqual({
      type: "hidden",
      name: "xsrf",
      value: 'a"b',
    });
  });

  it("usernameHint helps password managers but is not posted", () => {
    const [input] = tags(render(usernameHint("ana@example.com")), "input");
    expect(input!.attrs).toMatchObject({ autocomplete: "username", value: "ana@example.com" });
    expect(input!.attrs).not.toHaveProperty("name");
  });

  it("postForm posts to the given action and refuses script URLs", () => {
    expect(
      tags(render(postForm({ action: "/login?x=1&y=2", content: "" })), "form")[0]!.attrs,
    ).toEqual({
      method: "post",
      action: "/login?x=1&y=2",
    });
    expect(
      tags(render(postForm({ action: "javascript:alert(1)", content: "" })), "form")[0]!.attrs
        .action,
    ).toBe("#");
  });
});
