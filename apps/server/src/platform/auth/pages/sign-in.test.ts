import { describe, expect, it } from "vitest";
import { renderSignIn, type TSignInPage } from "./sign-in";
import * as read from "./test-helpers";

const base: TSignInPage = {
  action: "/interaction/abc/login",
  signUpUrl: "/interaction/abc/sign-up",
  forgotUrl: "/password/forgot",
};

describe("renderSignIn", () => {
  it("is titled 'Log in to Hostfield'", () => {
    const page = renderSignIn(base);
    expect(read.documentTitle(page)).toBe("Log in | Hostfield");
    expect(page).toContain("<h1>Log in to Hostfield</h1>");
  });

  it("posts e-mail and password to the action with a 'Log in' button", () => {
    const page = renderSignIn(base);
    expect(read.forms(page).map((form) => form.attrs)).toEqual([
      { method: "post", action: "/interaction/abc/login" },
    ]);
    expect(read.controlLabelled(page, "E-mail").attrs).toMatchObject({
      type: "email",
      name: "email",
      autocomplete: "username",
      required: "",
    });
    expect(read.controlLabelled(page, "Password").attrs).toMatchObject({
      type: "password",
      name: "password",
      autocomplete: "current-password",
      required: "",
    });
    expect(read.buttons(page).map((button) => [button.label, button.attrs.type])).toEqual([
      ["Log in", "submit"],
    ]);
  });

  it("links to 'Forgot password?' and 'New to Hostfield? Sign up'", () => {
    const page = renderSignIn(base);
    const byLabel = Object.fromEntries(
      read.links(page).map((link) => [link.label, link.attrs.href]),
    );
    expect(byLabel["Forgot password?"]).toBe("/password/forgot");
    expect(byLabel["Sign up"]).toBe("/interaction/abc/sign-up");
    expect(page).toContain("New to Hostfield? <a");
  });

  it("re-fills the e-mail but never the password", () => {
    const page = renderSignIn({ ...base, email: "ana@example.com" });
    expect(read.controlLabelled(page, "E-mail").attrs.value).toBe("ana@example.com");
    expect(read.controlLabelled(page, "Password").attrs).not.toHaveProperty("value");
  });

  it("shows a failed log-in in an alert both fields are described by", () => {
    const error = "That e-mail and password don't match an account.";
    const page = renderSignIn({ ...base, email: "ana@example.com", error });
    for (const label of ["E-mail", "Password"]) {
      const control = read.controlLabelled(page, label);
      expect(control.attrs["aria-invalid"]).toBe("true");
      const [alertId] = read.describedBy(page, control);
      expect(read.byId(page, alertId!).attrs.role).toBe("alert");
      expect(read.textById(page, alertId!).trim()).toBe(error);
    }
    expect(read.controlLabelled(page, "E-mail").attrs).toHaveProperty("autofocus");
  });

  it("has no alert and nothing marked invalid without an error", () => {
    const page = renderSignIn(base);
    expect(read.tags(page).filter((tag) => tag.attrs.role === "alert")).toEqual([]);
    expect(read.tags(page).filter((tag) => "aria-invalid" in tag.attrs)).toEqual([]);
  });

  it("shows a notice in a status box", () => {
    const notice = "Your e-mail is verified. Log in to continue.";
    const page = renderSignIn({ ...base, notice });
    const status = read.tags(page).find((tag) => tag.attrs.role === "status");
    expect(status).toBeDefined();
    expect(page).toContain(`<div class="notice" role="status"><p>${notice}</p></div>`);
  });
});
