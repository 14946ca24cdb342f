// The start-up session check of spec §4, apart from the provider component: a stored, still-good
// token is the answer; otherwise the refresh token or the hidden frame asks the provider.
import type { User, UserManager } from "oidc-client-ts";
import { isProviderUnavailable, isSessionGone } from "./auth-errors";
import { hasUsableAccessToken } from "./oidc";
import { hasSessionHint } from "./session-hint";

/**
 * Who is signed in at start-up. 'login_required' and its kin just mean nobody is (spec §8). A
 * provider that cannot answer now does not sign out a session stored here: it goes on with the
 * tokens it has, and `onUnavailable` hears why so the renewal is tried again later.
 */
export async function checkSession(
  manager: UserManager,
  onUnavailable: (error: unknown) => void,
): Promise<User | null> {
  const stored = await manager.getUser();
  if (hasUsableAccessToken(stored)) return stored;
  if (!stored && !hasSessionHint()) return null;
  try {
    return await manager.signinSilent();
  } catch (error) {
    if (stored && isProviderUnavailable(error)) {
      onUnavailable(error);
      return stored;
    }
    if (!isSessionGone(error)) throw error;
    await manager.removeUser();
    return null;
  }
}
