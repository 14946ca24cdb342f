// A note that someone signed in in this browser lately (spec §9: the session check marker lasts
// 1 day). Without it the start-up session check is skipped, so a visitor who never signed in does
// not wait on a hidden frame asking the identity provider. Kept in localStorage, which every tab
// sees, and mirrored in a cookie the server reads: it paints a visitor's first view of a public
// page (first-view.tsx) only when nobody signed in here lately, so a member never sees the page
// flash signed out. The cookie says nothing more than the note: no token, no name.
const KEY = "hostfield.auth.session";
export const SESSION_HINT_COOKIE = "hf_session_hint";
const LIFETIME_MS = 24 * 60 * 60 * 1000;

function writeCookie(value: string, maxAgeSeconds: number): void {
  try {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and Safari.
    document.cookie = `${SESSION_HINT_COOKIE}=${value}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax`;
  } catch {
    // No document (a test without one): the server just paints the visitor's view.
  }
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled: behave as if there were no hint
  }
}

export function hasSessionHint(now = Date.now()): boolean {
  const until = Number(storage()?.getItem(KEY));
  return Number.isFinite(until) && until > now;
}

export function setSessionHint(now = Date.now()): void {
  try {
    storage()?.setItem(KEY, String(now + LIFETIME_MS));
    writeCookie("1", LIFETIME_MS / 1000);
  } catch {
    // Quota or privacy mode: the next visit just runs the check.
  }
}

export function clearSessionHint(): void {
  storage()?.removeItem(KEY);
  writeCookie("", 0);
}

/**
 * Where oidc-client-ts keeps the signed-in user by default (sessionStorage, `oidc.user:` and the
 * authority and client): read here without the library, which a visitor's page never loads.
 */
const STORED_USER_PREFIX = "oidc.user:";

function holdsStoredUser(): boolean {
  try {
    const store = window.sessionStorage;
    for (let index = 0; index < store.length; index++) {
      if (store.key(index)?.startsWith(STORED_USER_PREFIX)) return true;
    }
  } catch {
    // Storage disabled: the library could not have kept a user there either.
  }
  return false;
}

/**
 * Whether this browser may hold a session: someone signed in here lately (the hint), or the
 * library kept a user in this tab. Without either, nobody is signed in, and the start-up check
 * has nothing to ask: a visitor's page then loads no sign-in code until they sign in.
 */
export function mayHoldSession(): boolean {
  return hasSessionHint() || holdsStoredUser();
}
