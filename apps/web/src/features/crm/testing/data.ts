// Test-only CRM connections and log entries in the contract shapes (each checked as it is built),
// and the world the CRM handlers answer from.
import {
  type TDestinationCrm,
  type TDestinationCrmLog,
  ZDestinationCrm,
  ZDestinationCrmLog,
} from "@hostfield/domain/contracts";

export const crmUuid = (n: number) => `00000000-0000-4000-a000-${String(n).padStart(12, "0")}`;
export const CRM_DESTINATION_ID = crmUuid(1);
export const CRM_T0 = "2026-11-01T09:00:00.000Z";

export function buildCrm(overrides: Partial<TDestinationCrm> = {}): TDestinationCrm {
  return ZDestinationCrm.parse({
    id: crmUuid(100),
    destinationId: CRM_DESTINATION_ID,
    connector: "webhook",
    name: "Bureau CRM",
    isEnabled: true,
    settings: { url: "https://crm.example/hook", clientId: null },
    hasSecret: true,
    secretLast4: "WXYZ",
    mapping: null,
    setupStatus: "pending",
    setupError: null,
    lastSyncDate: null,
    lastSyncStatus: null,
    syncedLeads: 0,
    createdDate: CRM_T0,
    updatedDate: CRM_T0,
    ...overrides,
  });
}

export function buildCrmLog(
  n: number,
  overrides: Partial<TDestinationCrmLog> = {},
): TDestinationCrmLog {
  return ZDestinationCrmLog.parse({
    id: crmUuid(500 + n),
    crmId: crmUuid(100),
    createdDate: CRM_T0,
    direction: "outbound",
    trigger: "change",
    status: "succeeded",
    attempt: 1,
    counts: { created: 1, updated: 0, unchanged: 0, failed: 0 },
    error: null,
    ...overrides,
  });
}

export type TCrmWorld = {
  crms: TDestinationCrm[];
  logs: Map<string, TDestinationCrmLog[]>;
  /** What each add was sent, for the tests to read. */
  added: Record<string, unknown>[];
};

export const crmWorld = (
  crms: TDestinationCrm[] = [],
  logs: TDestinationCrmLog[] = [],
): TCrmWorld => ({
  crms,
  logs: new Map(crms.map((c) => [c.id, logs.filter((l) => l.crmId === c.id)])),
  added: [],
});
