// Spec §4 "Authentication", rule by rule.
import { describe, expect, it } from "vitest";
import { buildUser } from "../../test/factories";
import { AUTH_ERROR_MESSAGES, type TAuthError } from "./auth-errors";
import { authReducer, INITIAL_AUTH_STATE, type TAuthState } from "./auth-state";

const signedIn = { user: buildUser(), hasAdminRole: false };
const loginFailed: TAuthError = {
  code: "login_failed",
  message: AUTH_ERROR_MESSAGES.loginFailed,
  verifyEmail: false,
};

function loaded(overrides: Partial<TAuthState> = {}): TAuthState {
  return { ...INITIAL_AUTH_STATE, isLoading: false, ...overrides };
}

describe("authentication state (spec §4)", () => {
  it("'Initial auth state is not authenticated and loading.'", () => {
    expect(INITIAL_AUTH_STATE).toMatchObject({
      isLoading: true,
      isAuthenticated: false,
      user: null,
    });
  });

  it("'It then becomes loaded with the user set or not.'", () => {
    expect(authReducer(INITIAL_AUTH_STATE, { type: "INITIALISED", signedIn })).toMatchObject({
      isLoading: false,
      isAuthenticated: true,
      user: signedIn.user,
    });
    expect(authReducer(INITIAL_AUTH_STATE, { type: "INITIALISED", signedIn: null })).toMatchObject({
      isLoading: false,
      isAuthenticated: false,
      user: null,
    });
  });

  it("'A popup login sets loading, then completes with the user or an error.'", () => {
    const started = authReducer(loaded(), { type: "LOGIN_POPUP_STARTED" });
    expect(started.isLoading).toBe(true);
    expect(authReducer(started, { type: "LOGIN_POPUP_COMPLETE", signedIn })).toMatchObject({
      isLoading: false,
      isAuthenticated: true,
      user: signedIn.user,
      error: null,
    });
    expect(authReducer(started, { type: "ERROR", error: loginFailed })).toMatchObject({
      isLoading: false,
      isAuthenticated: false,
      error: loginFailed,
    });
  });

  it("'Getting a token or handling a redirect refreshes the user.'", () => {
    const before = loaded({ isAuthenticated: true, user: signedIn.user });
    const renamed = { user: buildUser({ name: "Jordan Park" }), hasAdminRole: true };
    expect(authReducer(before, { type: "USER_UPDATED", signedIn: renamed })).toMatchObject({
      user: renamed.user,
      hasAdminRole: true,
    });
    // The same person with a fresh token changes nothing that renders.
    expect(
      authReducer(before, { type: "USER_UPDATED", signedIn: { ...signedIn, user: buildUser() } }),
    ).toBe(before);
  });

  it("'Logout clears the user.'", () => {
    const before = loaded({ isAuthenticated: true, user: signedIn.user, hasAdminRole: true });
    expect(authReducer(before, { type: "LOGOUT" })).toMatchObject({
      isAuthenticated: false,
      user: null,
      hasAdminRole: false,
    });
  });

  it("'An error stops loading and stores the error.'", () => {
    expect(authReducer(INITIAL_AUTH_STATE, { type: "ERROR", error: loginFailed })).toMatchObject({
      isLoading: false,
      error: loginFailed,
    });
  });
});
