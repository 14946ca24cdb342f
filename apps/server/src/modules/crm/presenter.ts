// Rows to the API's shapes: a connection never shows its secret (whether it has one, and its last
// four characters), a log entry its counts and the remote error.
import type { TDestinationCrm, TDestinationCrmLog } from "@hostfield/domain/contracts";
import type { TCrmLogRow, TCrmView } from "./repository";

const iso = (d: Date) => d.toISOString();

export function presentCrm({ crm, syncedLeads }: TCrmView): TDestinationCrm {
  return {
    id: crm.id,
    destinationId: crm.destinationId,
    connector: crm.connector,
    name: crm.name,
    isEnabled: crm.isEnabled,
    settings: { url: crm.url, clientId: crm.clientId },
    hasSecret: crm.secretSealed.length > 0,
    secretLast4: crm.secretLast4,
    mapping: crm.mapping,
    setupStatus: crm.setupStatus,
    setupError: crm.setupError,
    lastSyncDate: crm.lastSyncDate ? iso(crm.lastSyncDate) : null,
    lastSyncStatus: crm.lastSyncStatus,
    syncedLeads,
    createdDate: iso(crm.createdDate),
    updatedDate: iso(crm.updatedDate),
  };
}

export function presentLog(row: TCrmLogRow): TDestinationCrmLog {
  return {
    id: row.id,
    crmId: row.crmId,
    createdDate: iso(row.createdDate),
    direction: row.direction,
    trigger: row.trigger,
    status: row.status,
    attempt: row.attempt,
    counts: {
      created: row.created,
      updated: row.updated,
      unchanged: row.unchanged,
      failed: row.failed,
    },
    error: row.error,
  };
}
