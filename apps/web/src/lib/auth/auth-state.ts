// The authentication state machine of spec §4, as a pure reducer.
import type { TAuthUser } from "./auth-context";
import type { TAuthError } from "./auth-errors";

export type TAuthState = {
  isLoading: boolean;
  isAuthenticated: boolean;
  user: TAuthUser | null;
  /** The roles claim names the admin role (spec §4 "Admin flag"). */
  hasAdminRole: boolean;
  error: TAuthError | null;
};

export type TSignedInUser = { user: TAuthUser; hasAdminRole: boolean };

export type TAuthAction =
  | { type: "INITIALISED"; signedIn: TSignedInUser | null }
  | { type: "LOGIN_POPUP_STARTED" }
  | { type: "LOGIN_POPUP_COMPLETE"; signedIn: TSignedInUser | null }
  /** A token was obtained or a redirect handled: the user may have changed. */
  | { type: "USER_UPDATED"; signedIn: TSignedInUser | null }
  | { type: "LOGOUT" }
  | { type: "ERROR"; error: TAuthError };

/** "Initial auth state is not authenticated and loading." */
export const INITIAL_AUTH_STATE: TAuthState = {
  isLoading: true,
  isAuthenticated: false,
  user: null,
  hasAdminRole: false,
  error: null,
};

function withUser(state: TAuthState, signedIn: TSignedInUser | null): TAuthState {
  return {
    ...state,
    isAuthenticated: signedIn !== null,
    user: signedIn?.user ?? null,
    hasAdminRole: signedIn?.hasAdminRole ?? false,
  };
}

export function authReducer(state: TAuthState, action: TAuthAction): TAuthState {
  switch (action.type) {
    case "INITIALISED":
      return { ...withUser(state, action.signedIn), isLoading: false, error: null };
    case "LOGIN_POPUP_STARTED":
      return { ...state, isLoading: true };
    case "LOGIN_POPUP_COMPLETE":
      return { ...withUser(state, action.signedIn), isLoading: false, error: null };
    case "USER_UPDATED": {
      // A renewed token for the same person must not re-render everything that reads the user.
      const next = action.signedIn;
      const same =
        state.user !== null &&
        next !== null &&
        state.hasAdminRole === next.hasAdminRole &&
        JSON.stringify(state.user) === JSON.stringify(next.user);
      if (same && state.error === null) return state;
      return { ...withUser(state, action.signedIn), error: null };
    }
    case "LOGOUT":
      return { ...withUser(state, null), isLoading: false };
    case "ERROR":
      return { ...state, isLoading: false, error: action.error };
  }
}
