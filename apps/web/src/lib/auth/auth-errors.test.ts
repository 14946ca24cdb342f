// Spec §8 texts for sign-in and token failures.
import { describe, expect, it } from "vitest";
import { oidcErrorResponse } from "../../test/fake-oidc";
import {
  AUTH_ERROR_MESSAGES,
  isProviderUnavailable,
  isSessionGone,
  signInUnreachable,
  toAuthError,
} from "./auth-errors";

describe("auth errors (spec §8)", () => {
  it("state_mismatch and missing_transaction: 'Invalid state'", () => {
    expect(toAuthError(new Error("No state in response"), "login")).toMatchObject({
      code: "state_mismatch",
      message: "Invalid state",
    });
    expect(toAuthError(new Error("No matching state found in storage"), "login")).toMatchObject({
      code: "missing_transaction",
      message: "Invalid state",
    });
  });

  it("cancelled: 'Popup closed'", () => {
    expect(toAuthError(new Error("Popup closed by user"), "login")).toMatchObject({
      code: "cancelled",
      message: "Popup closed",
    });
  });

  it("popup could not open: the loginWithPopup message", () => {
    expect(
      toAuthError(new Error("Attempted to navigate on a disposed window"), "login").message,
    ).toBe("Unable to open a popup for loginWithPopup - window.open returned null");
  });

  it("timeout is its own error", () => {
    const timeout = Object.assign(new Error("IFrame timed out without a response"), {
      name: "ErrorTimeout",
    });
    expect(toAuthError(timeout, "token").code).toBe("timeout");
  });

  it("default failure messages: 'Login failed' and 'Get access token failed'", () => {
    expect(toAuthError(new TypeError("Failed to fetch"), "login").message).toBe("Login failed");
    expect(toAuthError("something odd", "token").message).toBe("Get access token failed");
    expect(AUTH_ERROR_MESSAGES).toMatchObject({
      loginFailed: "Login failed",
      tokenFailed: "Get access token failed",
    });
  });

  it("an authentication error whose message contains 'Look for an email' asks to verify the e-mail", () => {
    const error = toAuthError(
      oidcErrorResponse("access_denied", "Not verified. Look for an email from Hostfield."),
      "login",
    );
    expect(error).toEqual({
      code: "access_denied",
      message: "Not verified. Look for an email from Hostfield.",
      verifyEmail: true,
    });
    expect(toAuthError(oidcErrorResponse("access_denied", "No."), "login").verifyEmail).toBe(false);
  });

  it("login_required from a silent request means nobody is signed in, not a failure", () => {
    expect(isSessionGone(oidcErrorResponse("login_required"))).toBe(true);
    expect(isSessionGone(oidcErrorResponse("invalid_grant", "Refresh token expired"))).toBe(true);
    expect(isSessionGone(oidcErrorResponse("server_error"))).toBe(false);
    expect(isSessionGone(new Error("login_required"))).toBe(false);
  });
});

describe("a provider that cannot answer now (issue 48)", () => {
  const timeout = Object.assign(new Error("Network timed out"), { name: "ErrorTimeout" });

  it.each([
    ["its temporarily_unavailable", oidcErrorResponse("temporarily_unavailable")],
    ["its server_error", oidcErrorResponse("server_error")],
    ["a 5xx without the OAuth shape", new Error("Service Unavailable (503): {}")],
    ["a proxy's HTML page", new Error("Invalid response Content-Type: text/html, from URL: x")],
    ["a timeout", timeout],
    ["no network", new TypeError("Failed to fetch")],
    ["no sign-in client", signInUnreachable()],
  ])("is %s: not an answer, tried again", (_case, error) => {
    expect(isProviderUnavailable(error)).toBe(true);
    expect(isSessionGone(error)).toBe(false);
  });

  it.each([
    ["invalid_grant", oidcErrorResponse("invalid_grant")],
    ["login_required", oidcErrorResponse("login_required")],
    ["invalid_client", oidcErrorResponse("invalid_client")],
    ["a state mismatch", new Error("No matching state found in storage")],
    ["something not an error", "nope"],
  ])("is not %s", (_case, error) => {
    expect(isProviderUnavailable(error)).toBe(false);
  });
});
