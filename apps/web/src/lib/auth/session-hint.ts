// A note that someone signed in in this browser lately (spec §9: the session check marker lasts
// 1 day). Without it the start-up session check is skipped, so a visitor who never signed in does
// not wait on a hidden frame asking the identity provider. Kept in localStorage rather than a
// cookie: only this script reads it, and every tab sees it.
const KEY = "hostfield.auth.session";
const LIFETIME_MS = 24 * 60 * 60 * 1000;

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
  } catch {
    // Quota or privacy mode: the next visit just runs the check.
  }
}

export function clearSessionHint(): void {
  storage()?.removeItem(KEY);
}
