// Who is online, for the dot on user avatars. Avatars ask one by one; the asks of one moment go
// out as one call (`GET /users/presence?ids=`, at most MAX_PRESENCE_IDS ids each), and every
// answer is cached per user for a minute.
// Avatars show in the top bar of every page, so this stays free of zod (the first page's weight).
import { useQuery } from "@tanstack/react-query";
import { useContext } from "react";
import { ApiError, apiGet, INVALID_RESPONSE, type TParser } from "../api";
import { AuthContext } from "../auth";
import { isRecord } from "../is-record";

export const PRESENCE_PATH = "/user-mgmt/api/users/presence";
/** How long an answer stands; a shown avatar asks again after this. */
export const PRESENCE_REFRESH_MS = 60_000;
/** How long asks gather before the call goes out. */
const GATHER_MS = 10;

/** The contract's MAX_PRESENCE_IDS (a test holds them equal). */
export const MAX_PRESENCE_IDS = 100;

type TPresence = { id: string; isOnline: boolean };
const presenceList: TParser<TPresence[]> = {
  parse(value) {
    if (
      !Array.isArray(value) ||
      !value.every(
        (p) => isRecord(p) && typeof p.id === "string" && typeof p.isOnline === "boolean",
      )
    ) {
      throw new ApiError(INVALID_RESPONSE, "The presence reply was not a list of users.", 200);
    }
    return value as TPresence[];
  },
};
type TWaiter = { resolve: (online: boolean) => void; reject: (error: unknown) => void };

let waiting = new Map<string, TWaiter[]>();
let scheduled = false;

async function flush(): Promise<void> {
  const batch = waiting;
  waiting = new Map();
  scheduled = false;
  const ids = [...batch.keys()];
  for (let start = 0; start < ids.length; start += MAX_PRESENCE_IDS) {
    const slice = ids.slice(start, start + MAX_PRESENCE_IDS);
    try {
      const answer = await apiGet(PRESENCE_PATH, {
        query: { ids: slice.join(",") },
        schema: presenceList,
      });
      const online = new Map(answer.map((p) => [p.id, p.isOnline]));
      for (const id of slice)
        for (const w of batch.get(id) ?? []) w.resolve(online.get(id) ?? false);
    } catch (error) {
      for (const id of slice) for (const w of batch.get(id) ?? []) w.reject(error);
    }
  }
}

/** Whether the user is online; asks of the same moment share one call. */
export function fetchIsOnline(userId: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const list = waiting.get(userId);
    if (list) list.push({ resolve, reject });
    else waiting.set(userId, [{ resolve, reject }]);
    if (!scheduled) {
      scheduled = true;
      setTimeout(() => void flush(), GATHER_MS);
    }
  });
}

export const presenceKey = (userId: string) => ["presence", userId] as const;

/**
 * Online (true), offline (false) or not known (undefined: signed out, still asking, or the
 * question failed). Signed-out visitors never ask.
 */
export function useIsOnline(userId: string | null | undefined): boolean | undefined {
  // Avatars also show in toasts, which render outside the sign-in provider: no provider, no dot.
  const user = useContext(AuthContext)?.user;
  const query = useQuery({
    queryKey: presenceKey(userId ?? ""),
    queryFn: () => fetchIsOnline(userId!),
    enabled: Boolean(user && userId),
    staleTime: PRESENCE_REFRESH_MS / 2,
    refetchInterval: PRESENCE_REFRESH_MS,
    retry: false,
  });
  return query.data;
}
