// The shell's view of who is signed in. Everything in the shell is written against this interface
// only; the OIDC-backed provider (auth-provider.tsx) supplies it, tests supply their own values.
import type { TUserProfile } from "@hostfield/domain/contracts";
import { createContext, useContext } from "react";
import type { TAuthError } from "./auth-errors";

export type TAuthUser = {
  /** The `sub` claim. */
  id: string;
  email: string;
  name: string | null;
  /** Values of the product-namespaced roles claim; `admin` makes an admin. */
  roles: readonly string[];
};

/** The signed-in user's profile: the reply of `GET /user-mgmt/api/users/my` (domain contract). */
export type { TUserProfile };

export type TAuthActionOptions = {
  /** Where to land after signing in; the landing page sends people to /home. */
  returnTo?: string;
};

export type TAuthContextValue = {
  isLoading: boolean;
  isAuthenticated: boolean;
  user: TAuthUser | null;
  profile: TUserProfile | null;
  /** Why the profile could not be loaded while signed in, if it could not. */
  profileError: Error | null;
  /** Asks for the profile again (after `profileError`). */
  reloadProfile(): void;
  isAdmin: boolean;
  /** The last sign-in or token failure, with its spec §8 text; cleared by the next success. */
  error: TAuthError | null;
  login(options?: TAuthActionOptions): void | Promise<void>;
  signup(options?: TAuthActionOptions): void | Promise<void>;
  /** Signs out at the identity provider too, and returns to the site origin. */
  logout(): void | Promise<void>;
  /** Forgets the session in this browser only (the server already ended it, or refused it). */
  signOutLocally(): void | Promise<void>;
  /** The bearer token for API calls, or null when signed out. */
  getAccessToken(): Promise<string | null>;
};

export const AuthContext = createContext<TAuthContextValue | null>(null);
AuthContext.displayName = "AuthContext";

export function useAuth(): TAuthContextValue {
  const value = useContext(AuthContext);
  if (!value) {
    throw new Error(
      "useAuth must be used inside <AuthProvider>. Wrap your component in the provider.",
    );
  }
  return value;
}

/** The top bar shows the signed-in items only once the profile has loaded. */
export function isSignedInWithProfile(auth: TAuthContextValue): boolean {
  return auth.isAuthenticated && auth.user !== null && auth.profile !== null;
}

/** Log in, Sign up and Find new event host wait while auth loads or a profile is missing. */
export function areGuestActionsDisabled(auth: TAuthContextValue): boolean {
  return auth.isLoading || (auth.isAuthenticated && auth.profile === null);
}
