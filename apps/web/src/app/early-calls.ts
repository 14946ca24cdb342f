// The calls a signed-in page needs, sent while the app's code and first render are still on their
// way. A page load otherwise asks only once the app has rendered and the start-up session check has
// answered; in a browser that holds a session already (the stored user's token still good), this
// asks at once with that token, and the page finds the answers asked for. A page with early calls
// names them here, by its path; they load with its own chunk.
import type { QueryClient } from "@tanstack/react-query";
import type { User } from "oidc-client-ts";
import { lendEarlyAccessToken } from "../lib/api";
import { PIPELINE_PATH } from "../lib/paths";

type TEarlyCalls = (
  queryClient: QueryClient,
  viewer: { id: string; isAdmin: boolean },
  search: URLSearchParams,
) => void;

const EARLY_CALLS: Record<string, () => Promise<TEarlyCalls>> = {
  [PIPELINE_PATH]: async () => (await import("../features/leads/use-leads")).sendEarlyPipelineCalls,
};

/**
 * Sends the early calls of the page at `address` once `session` answers a user; nothing for a
 * page without any, nobody stored, or once the auth layer is up (the page asks for itself then).
 * Never fails: a page whose code cannot load says so itself.
 */
export async function sendEarlyCalls(
  queryClient: QueryClient,
  address: { pathname: string; search: string },
  session: Promise<User | null>,
): Promise<void> {
  const load = EARLY_CALLS[address.pathname];
  if (!load) return;
  // The page's code loads meanwhile: the page needs it next anyway.
  const loading = load().catch(() => null);
  const user = await session;
  if (!user) return;
  const send = await loading;
  if (!send || !lendEarlyAccessToken(user.access_token)) return;
  // Loaded by now: the session came from it.
  const { toSignedInUser } = await import("../lib/auth/oidc");
  const { user: signedIn, hasAdminRole } = toSignedInUser(user);
  send(
    queryClient,
    { id: signedIn.id, isAdmin: hasAdminRole },
    new URLSearchParams(address.search),
  );
}
