// Spec §7: the status document is read only for signed-in users; it drives the maintenance chip.
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "./api";
import { isSignedInWithProfile, useAuth } from "./auth";
import { isRecord } from "./is-record";

export const STATUS_QUERY_KEY = ["status"] as const;

/** The name of the chip (and its icon button) the shell shows while maintenance mode is on. */
export const MAINTENANCE_ALERT_LABEL = "Maintenance Alert";

/** Accepts the bare document and the `{data}` envelope; anything else (an array, say) says no. */
export function readMaintenanceMode(json: unknown): boolean {
  const document = isRecord(json) && isRecord(json.data) ? json.data : json;
  return isRecord(document) && document.maintenanceMode === true;
}

export function useMaintenanceMode(): boolean {
  const auth = useAuth();
  const enabled = isSignedInWithProfile(auth);
  const { data } = useQuery({
    queryKey: STATUS_QUERY_KEY,
    queryFn: async ({ signal }) =>
      readMaintenanceMode(
        // The timestamp defeats caches between the app and the status document. The document is
        // public: no token goes with it, and a refusal is not the session's business.
        await apiFetch("GET", "/status.json", undefined, {
          query: { timestamp: Date.now() },
          signal,
          anonymous: true,
        }),
      ),
    enabled,
    staleTime: 5 * 60_000,
  });
  return enabled && data === true;
}
