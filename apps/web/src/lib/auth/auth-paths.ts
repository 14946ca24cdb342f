// The addresses of sign-in: the SPA's callback pages, and what a sign-in coming back carries. Apart
// from oidc.ts so that the shell can tell them without loading the sign-in machinery.

import { HOME_PATH } from "../paths";

/** Where a sign-in from the landing page goes on to. */
export const HOME_AFTER_LOGIN_PATH = HOME_PATH;

/** The SPA's callback pages, as registered with the provider. */
export const AUTH_PATHS = {
  redirect: "/auth/callback",
  popup: "/auth/popup",
  silent: "/auth/silent",
} as const;

/** Pages that run inside the sign-in popup or the hidden renew frame, not as the app. */
export function isAuthWindowPath(pathname: string): boolean {
  return pathname === AUTH_PATHS.popup || pathname === AUTH_PATHS.silent;
}

export function isAuthPath(pathname: string): boolean {
  return isAuthWindowPath(pathname) || pathname === AUTH_PATHS.redirect;
}

/** The address carries an authorization response: a code or an error, plus state. */
export function hasAuthParams(search: string): boolean {
  const params = new URLSearchParams(search);
  return (params.has("code") || params.has("error")) && params.has("state");
}
