// Tables of the crm module: a destination's CRM connections (the secret sealed with SECRET_KEY),
// the remote record each lead became in each connection, and the log of every sync.
import type { TCrmMapping } from "@hostfield/domain/contracts";
import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { audit, createdDate, updatedDate } from "../../platform/db/columns";
import { profileRef } from "../../profiles/schema";

/** One CRM connection of a destination (`/destinations/{id}/crm`). */
export const destinationCrms = pgTable(
  "destination_crms",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    destinationId: profileRef("destination_id"),
    connector: text("connector", { enum: ["webhook", "hubspot", "salesforce"] }).notNull(),
    name: text("name").notNull(),
    isEnabled: boolean("is_enabled").notNull().default(true),
    url: text("url"),
    clientId: text("client_id"),
    /** The secret, sealed (secret-box, AES-256-GCM under SECRET_KEY); never leaves sealed or not. */
    secretSealed: text("secret_sealed").notNull(),
    secretLast4: text("secret_last4"),
    mapping: jsonb("mapping").$type<TCrmMapping>(),
    setupStatus: text("setup_status", { enum: ["pending", "ready", "failed"] })
      .notNull()
      .default("pending"),
    setupError: text("setup_error"),
    lastSyncDate: timestamp("last_sync_date", { withTimezone: true }),
    lastSyncStatus: text("last_sync_status", { enum: ["succeeded", "retrying", "failed"] }),
    ...audit,
  },
  (t) => [index("destination_crms_destination_idx").on(t.destinationId, t.createdDate)],
);

/**
 * The remote record a lead became in a connection: its id there (and the company and contact made
 * with it), and what was last sent, so a retried or repeated sync updates instead of creating.
 */
export const destinationCrmRecords = pgTable(
  "destination_crm_records",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    crmId: uuid("crm_id")
      .notNull()
      .references(() => destinationCrms.id, { onDelete: "cascade" }),
    leadId: uuid("lead_id").notNull(),
    remoteId: text("remote_id"),
    remoteRefs: jsonb("remote_refs")
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** A hash of the last payload sent: the same lead unchanged is not sent again. */
    sentHash: text("sent_hash").notNull(),
    createdDate: createdDate(),
    updatedDate: updatedDate(),
  },
  (t) => [uniqueIndex("destination_crm_records_crm_lead_key").on(t.crmId, t.leadId)],
);

/** Every sync of a connection: when, which way, what it did and the remote error if it failed. */
export const destinationCrmLogs = pgTable(
  "destination_crm_logs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    crmId: uuid("crm_id")
      .notNull()
      .references(() => destinationCrms.id, { onDelete: "cascade" }),
    direction: text("direction", { enum: ["outbound", "check"] }).notNull(),
    trigger: text("trigger", { enum: ["change", "manual", "setup"] }).notNull(),
    status: text("status", { enum: ["succeeded", "retrying", "failed"] }).notNull(),
    attempt: integer("attempt").notNull().default(1),
    created: integer("created").notNull().default(0),
    updated: integer("updated").notNull().default(0),
    unchanged: integer("unchanged").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    error: text("error"),
    createdDate: createdDate(),
  },
  (t) => [index("destination_crm_logs_crm_idx").on(t.crmId, t.createdDate.desc())],
);
