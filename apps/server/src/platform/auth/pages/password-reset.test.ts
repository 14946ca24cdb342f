import { describe, expect, it } from "vitest";
import { renderForgotPassword, renderResetDone, renderResetPassword } from "./password-reset";
import * as read from "./test-helpers";

describe("renderForgotPassword", () => {
  it("asks for the e-mail and posts it to the action", () => {
    const page = renderForgotPassword({ action: "/password/forgot" });
    expect(read.documentTitle(page)).toBe("Reset your password | Hostfield");
    expect(read.forms(page).map((form) => form.attrs)).toEqual([
      { method: "post", action: "/password/forgot" },
    ]);
    expect(read.controlLabelled(page, "E-mail").attrs).toMatchObject({
      type: "email",
      name: "email",
      autocomplete: "email",
    });
    expect(read.buttons(page).map((button) => button.label)).toEqual(["Send reset link"]);
  });

  it("after sending, says the same neutral sentence for any address, in a status box", () => {
    const page = renderForgotPassword({
      action: "/password/forgot",
      email: "ana@example.com",
      sent: true,
    });
    expect(page).toContain(
      '<div class="notice" role="status"><p>If an account exists for ana@example.com, we sent a link to reset its password.</p></div>',
    );
    expect(read.controlLabelled(page, "E-mail").attrs.value).toBe("ana@example.com");
    expect(read.buttons(page).map((button) => button.label)).toEqual(["Send the link again"]);
  });

  it("shows an error in the alert that the e-mail field is described by", () => {
    const page = renderForgotPassword({
      action: "/password/forgot",
      email: "ana@",
      error: "Enter an e-mail address like name@example.com.",
    });
    const input = read.controlLabelled(page, "E-mail");
    expect(input.attrs).toMatchObject({ "aria-invalid": "true", value: "ana@" });
    const [alertId] = read.describedBy(page, input);
    expect(read.byId(page, alertId!).attrs.role).toBe("alert");
    expect(read.textById(page, alertId!).trim()).toBe(
      "Enter an e-mail address like name@example.com.",
    );
  });

  it("links back to log in when given a URL", () => {
    const page = renderForgotPassword({ action: "/password/forgot", signInUrl: "/login" });
    expect(read.links(page).find((link) => link.label === "Log in")?.attrs.href).toBe("/login");
  });
});

describe("renderResetPassword", () => {
  const base = {
    action: "/password/reset",
    token: "tok_123",
    passwordRule: "Use at least 12 characters.",
  };

  it("posts the token and a new password to the action", () => {
    const page = renderResetPassword(base);
    expect(read.documentTitle(page)).toBe("Choose a new password | Hostfield");
    expect(read.forms(page).map((form) => form.attrs)).toEqual([
      { method: "post", action: "/password/reset" },
    ]);
    expect(read.tags(page, "input").find((input) => input.attrs.type === "hidden")?.attrs).toEqual({
      type: "hidden",
      name: "token",
      value: "tok_123",
    });
    const password = read.controlLabelled(page, "New password");
    expect(password.attrs).toMatchObject({
      type: "password",
      name: "password",
      autocomplete: "new-password",
    });
    expect(password.attrs).not.toHaveProperty("value");
    const [hintId] = read.describedBy(page, password);
    expect(read.textById(page, hintId!)).toBe("Use at least 12 characters.");
    expect(read.buttons(page).map((button) => button.label)).toEqual(["Save password"]);
  });

  it("ties an error to the password field through the alert", () => {
    const page = renderResetPassword({ ...base, error: "That password is too short." });
    const password = read.controlLabelled(page, "New password");
    expect(password.attrs["aria-invalid"]).toBe("true");
    const alertId = read.describedBy(page, password).at(-1)!;
    expect(read.byId(page, alertId).attrs.role).toBe("alert");
    expect(read.textById(page, alertId).trim()).toBe("That password is too short.");
  });

  it("names the account for password managers without posting it", () => {
    const page = renderResetPassword({ ...base, email: "ana@example.com" });
    const username = read
      .tags(page, "input")
      .find((input) => input.attrs.autocomplete === "username");
    expect(username?.attrs).toMatchObject({ value: "ana@example.com", hidden: "" });
    expect(username?.attrs).not.toHaveProperty("name");
  });
});

describe("renderResetDone", () => {
  it("confirms and links to log in", () => {
    const page = renderResetDone({ signInUrl: "/login" });
    expect(read.documentTitle(page)).toBe("Password changed | Hostfield");
    expect(page).toContain("<h1>Your password is changed</h1>");
    expect(read.links(page).find((link) => link.label === "Log in")?.attrs.href).toBe("/login");
  });
});
