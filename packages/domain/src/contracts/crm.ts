// A destination's CRM connections (the destination service's `/destinations/{id}/crm`): where its
// leads, their status changes, the requests it received, its proposals and awards are copied to (a
// signed webhook, HubSpot, Salesforce), how our fields map to theirs, the remote accounts or
// pipelines to choose from, and the log of every sync. Secrets are written, replaced whole, and
// never read back: a connection says only whether it has one and its last four characters.
import { z } from "zod";
import { LEAD_STATUSES } from "../reference/leads";
import { ZHttpUrl, ZId, ZIsoDateTime } from "./common";

/** The connectors: a line here and one file on the server (`modules/crm/connectors/`). */
export const CRM_CONNECTORS = ["webhook", "hubspot", "salesforce"] as const;
export type TCrmConnectorKind = (typeof CRM_CONNECTORS)[number];
export const CRM_CONNECTOR_LABELS: Record<TCrmConnectorKind, string> = {
  webhook: "Signed webhook",
  hubspot: "HubSpot",
  salesforce: "Salesforce",
};
/** What each connector calls its secret. */
export const CRM_SECRET_LABELS: Record<TCrmConnectorKind, string> = {
  webhook: "Shared secret",
  hubspot: "Private app access token",
  salesforce: "Consumer secret",
};

/** Our fields a lead's remote record carries; the mapping names the remote field of each. */
export const CRM_FIELDS = ["name", "amount", "closeDate", "description"] as const;
export type TCrmField = (typeof CRM_FIELDS)[number];

export const CRM_SETUP_STATUSES = ["pending", "ready", "failed"] as const;
export const CRM_LOG_STATUSES = ["succeeded", "retrying", "failed"] as const;
export type TCrmLogStatus = (typeof CRM_LOG_STATUSES)[number];
/** `outbound`: records sent to the CRM; `check`: a setup's test of the credentials. */
export const CRM_LOG_DIRECTIONS = ["outbound", "check"] as const;
/** What started a sync: a change of a lead, a manager's "sync now", a setup. */
export const CRM_LOG_TRIGGERS = ["change", "manual", "setup"] as const;

const ZSecret = z.string().trim().min(8).max(4096);
const ZRemoteField = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[\w.-]+$/, { message: "Expected a field name (letters, digits, _ . -)" });
const ZRemoteStage = z.string().trim().min(1).max(100);

/** The connection's settings that are not secret: the webhook's address, Salesforce's client id. */
export const ZCrmSettings = z.object({
  url: ZHttpUrl.max(2048).nullable().default(null),
  clientId: z.string().trim().min(1).max(255).nullable().default(null),
});

/** Body of `POST /destinations/{id}/crm`. */
export const ZDestinationCrmInput = z
  .object({
    connector: z.enum(CRM_CONNECTORS),
    name: z.string().trim().min(1).max(120),
    isEnabled: z.boolean().default(true),
    secret: ZSecret,
  })
  .extend(ZCrmSettings.shape)
  .superRefine((input, ctx) => {
    if (input.connector === "webhook" && !input.url) {
      ctx.addIssue({ code: "custom", path: ["url"], message: "A webhook needs its address" });
    }
    if (input.connector === "salesforce" && !input.clientId) {
      ctx.addIssue({
        code: "custom",
        path: ["clientId"],
        message: "Salesforce needs the connected app's consumer key",
      });
    }
  });
export type TDestinationCrmInput = z.input<typeof ZDestinationCrmInput>;

/** What a JSON Patch edits: `secret` reads null and is replaced whole when a patch sets it. */
export const ZDestinationCrmEditable = z
  .object({
    name: z.string().trim().min(1).max(120),
    isEnabled: z.boolean(),
    secret: ZSecret.nullable(),
  })
  .extend(ZCrmSettings.shape);

/** How our side maps to theirs: the account or pipeline, a stage per lead status, field names. */
export const ZCrmMapping = z.object({
  /** The remote pipeline (HubSpot) or object (Salesforce) records go to; null for a webhook. */
  accountId: z.string().trim().min(1).max(100).nullable(),
  stages: z.record(z.enum(LEAD_STATUSES), ZRemoteStage),
  fields: z.record(z.enum(CRM_FIELDS), ZRemoteField),
});
export type TCrmMapping = z.infer<typeof ZCrmMapping>;

/** Body of `POST …/crm/{crmId}/accounts/setup`: what is not given takes the connector's default. */
export const ZCrmSetupInput = z.object({
  accountId: z.string().trim().min(1).max(100).nullable().optional(),
  stages: z.partialRecord(z.enum(LEAD_STATUSES), ZRemoteStage).optional(),
  fields: z.partialRecord(z.enum(CRM_FIELDS), ZRemoteField).optional(),
});
export type TCrmSetupInput = z.infer<typeof ZCrmSetupInput>;

export const ZDestinationCrm = z.object({
  id: ZId,
  destinationId: ZId,
  connector: z.enum(CRM_CONNECTORS),
  name: z.string(),
  isEnabled: z.boolean(),
  settings: ZCrmSettings,
  hasSecret: z.boolean(),
  /** The secret's last four characters, to tell which one is stored. */
  secretLast4: z.string().max(4).nullable(),
  mapping: ZCrmMapping.nullable(),
  /** `ready` once a setup checked the credentials and the mapping; syncs wait for it. */
  setupStatus: z.enum(CRM_SETUP_STATUSES),
  setupError: z.string().nullable(),
  lastSyncDate: ZIsoDateTime.nullable(),
  lastSyncStatus: z.enum(CRM_LOG_STATUSES).nullable(),
  /** Leads that have a remote record. */
  syncedLeads: z.number().int().min(0),
  createdDate: ZIsoDateTime,
  updatedDate: ZIsoDateTime,
});
export type TDestinationCrm = z.infer<typeof ZDestinationCrm>;

/** A remote pipeline (HubSpot) or object (Salesforce) to send records to, with its stages. */
export const ZDestinationCrmAccount = z.object({
  id: z.string(),
  name: z.string(),
  stages: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type TDestinationCrmAccount = z.infer<typeof ZDestinationCrmAccount>;

export const ZDestinationCrmLog = z.object({
  id: ZId,
  crmId: ZId,
  createdDate: ZIsoDateTime,
  direction: z.enum(CRM_LOG_DIRECTIONS),
  trigger: z.enum(CRM_LOG_TRIGGERS),
  status: z.enum(CRM_LOG_STATUSES),
  /** The attempt of the job (1 for the first). */
  attempt: z.number().int().min(1),
  counts: z.object({
    created: z.number().int().min(0),
    updated: z.number().int().min(0),
    unchanged: z.number().int().min(0),
    failed: z.number().int().min(0),
  }),
  /** The remote system's error, as it said it (secrets taken out). */
  error: z.string().nullable(),
});
export type TDestinationCrmLog = z.infer<typeof ZDestinationCrmLog>;

/** Body of `POST …/crm/{crmId}/logs` (every field optional; `from`/`to` bound the time). */
export const ZDestinationCrmLogFilter = z.object({
  status: z.array(z.enum(CRM_LOG_STATUSES)).max(CRM_LOG_STATUSES.length).optional(),
  direction: z.enum(CRM_LOG_DIRECTIONS).optional(),
  trigger: z.enum(CRM_LOG_TRIGGERS).optional(),
  from: ZIsoDateTime.optional(),
  to: ZIsoDateTime.optional(),
});
export type TDestinationCrmLogFilter = z.infer<typeof ZDestinationCrmLogFilter>;

/** Reply of `PUT …/crm/{crmId}/sync`: the sync is queued; the log shows it when done. */
export const ZCrmSyncQueued = z.object({ crmId: ZId, queued: z.literal(true) });
