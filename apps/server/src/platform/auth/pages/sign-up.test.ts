import { ACCOUNT_TYPES } from "@hostfield/domain/reference";
import { describe, expect, it } from "vitest";
import { renderSignUp, type TSignUpPage } from "./sign-up";
import * as read from "./test-helpers";

const base: TSignUpPage = {
  action: "/interaction/abc/sign-up",
  signInUrl: "/interaction/abc",
  accountTypes: ACCOUNT_TYPES,
  passwordRule: "Use at least 12 characters.",
};

describe("renderSignUp", () => {
  it("is titled 'Create your Hostfield account' and posts to the action", () => {
    const page = renderSignUp(base);
    expect(read.documentTitle(page)).toBe("Sign up | Hostfield");
    expect(page).toContain("<h1>Create your Hostfield account</h1>");
    expect(read.forms(page).map((form) => form.attrs)).toEqual([
      { method: "post", action: "/interaction/abc/sign-up" },
    ]);
    expect(read.buttons(page).map((button) => button.label)).toEqual(["Sign up"]);
  });

  it("labels every field and sets the autocomplete tokens", () => {
    const page = renderSignUp(base);
    expect(read.controlLabelled(page, "Name").attrs).toMatchObject({
      name: "name",
      autocomplete: "name",
    });
    expect(read.controlLabelled(page, "E-mail").attrs).toMatchObject({
      type: "email",
      name: "email",
      autocomplete: "email",
    });
    expect(read.controlLabelled(page, "Password").attrs).toMatchObject({
      type: "password",
      name: "password",
      autocomplete: "new-password",
    });
    expect(read.controlLabelled(page, "Account type")).toMatchObject({
      name: "select",
      attrs: { name: "accountType", required: "" },
    });
  });

  it("gives the password rule as the password's description", () => {
    const page = renderSignUp(base);
    const [hintId] = read.describedBy(page, read.controlLabelled(page, "Password"));
    expect(read.textById(page, hintId!)).toBe("Use at least 12 characters.");
  });

  it("offers 'Choose one' and then the given account types", () => {
    const page = renderSignUp(base);
    const options = read.tags(page, "option").map((option) => option.attrs.value);
    expect(options).toEqual(["", ...ACCOUNT_TYPES]);
    expect(page).toContain('<option value="" selected>Choose one</option>');
  });

  it("links to 'Already have an account? Log in'", () => {
    const page = renderSignUp(base);
    expect(read.links(page).find((link) => link.label === "Log in")?.attrs.href).toBe(
      "/interaction/abc",
    );
    expect(page).toContain("Already have an account? <a");
  });

  it("re-fills name, e-mail and account type but not the password", () => {
    const values = { name: "Ana Ruiz", email: "ana@example.com", accountType: "Coach" };
    // A careless caller passing the whole body along must still not echo the password.
    const page = renderSignUp({ ...base, values: { ...values, password: "hunter2" } as never });
    expect(read.controlLabelled(page, "Name").attrs.value).toBe("Ana Ruiz");
    expect(read.controlLabelled(page, "E-mail").attrs.value).toBe("ana@example.com");
    const selected = read.tags(page, "option").filter((option) => "selected" in option.attrs);
    expect(selected.map((option) => option.attrs.value)).toEqual(["Coach"]);
    expect(page).not.toContain("hunter2");
  });

  it("links each field error by aria-describedby and lists it in the alert", () => {
    const errors = {
      name: "Enter your name.",
      email: "Enter an e-mail address like name@example.com.",
      password: "That password is too short.",
      accountType: "Choose an account type.",
    };
    const page = renderSignUp({ ...base, errors });
    const labels = {
      name: "Name",
      email: "E-mail",
      password: "Password",
      accountType: "Account type",
    };
    for (const [field, label] of Object.entries(labels)) {
      const control = read.controlLabelled(page, label);
      expect(control.attrs["aria-invalid"], label).toBe("true");
      const errorId = read.describedBy(page, control).at(-1)!;
      expect(read.textById(page, errorId)).toBe(`Error: ${errors[field as keyof typeof errors]}`);
    }
    const alert = read.tags(page).find((tag) => tag.attrs.role === "alert");
    expect(alert).toBeDefined();
    expect(
      read
        .links(page)
        .filter((link) => link.attrs.href?.startsWith("#"))
        .map((l) => l.label),
    ).toEqual(Object.values(errors));
  });

  it("puts a form-level error in the alert and focuses the first invalid field", () => {
    const page = renderSignUp({
      ...base,
      errors: { form: "An account with that e-mail already exists.", password: "Too short." },
    });
    expect(read.textById(page, "form-error")).toContain(
      "An account with that e-mail already exists.",
    );
    expect(read.byId(page, "form-error").attrs.role).toBe("alert");
    expect(read.controlLabelled(page, "Password").attrs).toHaveProperty("autofocus");
    expect(read.controlLabelled(page, "Name").attrs).not.toHaveProperty("autofocus");
  });

  it("has no alert when there are no errors", () => {
    const page = renderSignUp(base);
    expect(read.tags(page).filter((tag) => tag.attrs.role === "alert")).toEqual([]);
    expect(read.tags(page).filter((tag) => "aria-invalid" in tag.attrs)).toEqual([]);
  });
});
