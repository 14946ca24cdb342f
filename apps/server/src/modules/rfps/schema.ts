// Tables of the rfps module: an event's requests for proposals, the leads they create (one per
// event and recipient profile) and every status change of a lead.
import type {
  NO_PROPOSAL_TERMS,
  TBudget,
  TPricingAsk,
  TProposal,
  TRequestDates,
} from "@hostfield/domain/contracts";
import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { audit } from "../../platform/db/columns";
import { profiles } from "../../profiles/schema";
import { groups } from "../groups/schema";
import { users } from "../users/schema";

/** A request for proposals on an event (`/events/{id}/requirements`). */
export const eventRequirements = pgTable(
  "event_requirements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["draft", "published", "awarded", "closed"] })
      .notNull()
      .default("draft"),
    sportsList: text("sports_list").array().notNull(),
    needsSpecificFacilityType: boolean("needs_specific_facility_type").notNull().default(false),
    facilityTypes: text("facility_types").array().notNull().default(sql`'{}'::text[]`),
    needsSpecificSpaceType: boolean("needs_specific_space_type").notNull().default(false),
    spaceType: text("space_type"),
    spaceSurface: text("space_surface"),
    spaceTypeCount: integer("space_type_count"),
    spaceLocation: text("space_location"),
    spaceDescription: text("space_description"),
    /** No address: the request looks nationally. */
    address: text("address"),
    dist: integer("dist"),
    lat: doublePrecision("lat"),
    lng: doublePrecision("lng"),
    placeLabel: text("place_label"),
    /** The state or province the address resolved to (full name), for the marketplace's state filter. */
    placeState: text("place_state"),
    urgency: smallint("urgency").notNull(),
    attendance: integer("attendance"),
    roomNights: integer("room_nights"),
    /** The organizer's budget (ZBudget), or null when it gives none. */
    budget: jsonb("budget").$type<TBudget>(),
    decisionDate: date("decision_date", { mode: "string" }),
    /** What each proposal should price (ZPricingAsk). */
    pricing: jsonb("pricing")
      .$type<TPricingAsk>()
      .notNull()
      .default(sql`'{"spaces":false,"rooms":false,"extras":[]}'::jsonb`),
    /**
     * When the event may happen if the organizer is flexible (ZRequestDates: alternative date
     * sets or a window); null: the event's own dates.
     */
    dateOptions: jsonb("date_options").$type<TRequestDates>(),
    publishedDate: timestamp("published_date", { withTimezone: true }),
    ...audit,
  },
  (t) => [
    index("event_requirements_event_idx").on(t.eventId),
    index("event_requirements_published_idx").on(t.status, t.publishedDate),
  ],
);

/**
 * A proposal as stored: what the API takes (TProposal) with its submission time. Those stored
 * before priced lines and terms lack them (read through `storedProposal`, which gives them none).
 */
/** What the organizer asked a venue to change, and when (the lead's `revision_request`). */
export type TStoredRevisionRequest = {
  message: string;
  changes: string[];
  byUserId: string;
  requestedDate: string;
};

export type TStoredProposal = Omit<TProposal, keyof typeof NO_PROPOSAL_TERMS> &
  Partial<Pick<TProposal, keyof typeof NO_PROPOSAL_TERMS>> & { submittedDate: string };

/** One request reaching one destination, facility or vendor (`/events/{id}/leads`). */
export const eventLeads = pgTable(
  "event_leads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    requirementId: uuid("requirement_id").references(() => eventRequirements.id, {
      onDelete: "set null",
    }),
    ownerType: text("owner_type", { enum: ["Destination", "Facility", "Vendor"] }).notNull(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["Open", "Interested", "Won", "Lost", "Passed"] })
      .notNull()
      .default("Open"),
    statusReason: text("status_reason"),
    /** A lost lead's coded reason (DECLINE_REASONS); the words stay in status_reason. */
    statusReasonCode: text("status_reason_code"),
    source: text("source", { enum: ["match", "direct"] }).notNull(),
    score: smallint("score"),
    reasons: text("reasons").array().notNull().default(sql`'{}'::text[]`),
    distanceMiles: doublePrecision("distance_miles"),
    visibleFrom: timestamp("visible_from", { withTimezone: true }).notNull().defaultNow(),
    assignedUserId: uuid("assigned_user_id").references(() => users.id, { onDelete: "set null" }),
    groupId: uuid("group_id").references(() => groups.id, { onDelete: "set null" }),
    firstResponseDate: timestamp("first_response_date", { withTimezone: true }),
    /** The current proposal (its newest version, also kept in lead_proposal_versions). */
    proposal: jsonb("proposal").$type<TStoredProposal>(),
    /** The current proposal's version number (1 for the first); null before any. */
    proposalVersion: integer("proposal_version"),
    /** The version the organizer accepted when awarding the lead; null unless Won. */
    acceptedVersion: integer("accepted_version"),
    /** The organizer's open request to revise the proposal; cleared by the next version. */
    revisionRequest: jsonb("revision_request").$type<TStoredRevisionRequest>(),
    /**
     * Copies of the event's and the listing's names in lower case, for the lead lists' text
     * filter only (never shown), which then reads the rows it walks instead of a name per lead and
     * matches them with LIKE. PostgreSQL keeps them (migrations 0029, 0033): a lead gets both
     * names when it is added, and a listing's rename rewrites its leads' copies.
     */
    eventName: text("event_name"),
    ownerName: text("owner_name"),
    ...audit,
  },
  (t) => [
    uniqueIndex("event_leads_event_owner_key").on(t.eventId, t.ownerId),
    // A listing's lead list walks this in its order and stops at the page (no sort of every lead).
    index("event_leads_owner_newest_idx").on(
      t.ownerId,
      t.createdDate.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Its pipeline columns (the newest of each status), and a text filter's matches among its
    // leads. Migration 0032 adds INCLUDE (visible_from, event_name), which drizzle-kit cannot
    // write, so that both read the index alone.
    index("event_leads_owner_idx").on(
      t.ownerId,
      t.status,
      t.createdDate.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // A listing's visible leads counted (every list page), and by status (stats), from the index alone.
    index("event_leads_owner_visible_idx").on(t.ownerId, t.visibleFrom, t.status),
    // A board's counts: each status's visible leads, a range of this index read alone (for 5,000
    // leads 0.5 ms, against 1.3 ms hashing the statuses of the index above).
    index("event_leads_owner_status_visible_idx").on(t.ownerId, t.status, t.visibleFrom),
    // A listing's median time to answer (every lead shows it), from the index alone.
    index("event_leads_owner_responded_idx")
      .on(t.ownerId, t.firstResponseDate, t.createdDate)
      .where(sql`${t.firstResponseDate} is not null`),
    index("event_leads_event_idx").on(t.eventId, t.status),
    index("event_leads_requirement_idx").on(t.requirementId),
  ],
);

/**
 * Each listing's median time from a lead's arrival to its first answer, over all its answered
 * leads: every lead shows it ("usually responds within 4 h"), so it is kept rather than computed
 * per read. PostgreSQL keeps it, by triggers on event_leads (migration 0028): any statement that
 * answers, adds or removes an answered lead, whoever runs it (the app, the seed, a cascade),
 * recomputes its listings' rows in the same transaction. A listing without answered leads has no row.
 */
export const leadResponseTimes = pgTable("lead_response_times", {
  ownerId: uuid("owner_id").primaryKey(),
  medianMs: doublePrecision("median_ms").notNull(),
  answered: integer("answered").notNull(),
});

/** Every version of a lead's proposal, as the venue sent it: the first, then each revision. */
export const leadProposalVersions = pgTable(
  "lead_proposal_versions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => eventLeads.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    proposal: jsonb("proposal").$type<TStoredProposal>().notNull(),
    submittedBy: uuid("submitted_by").references(() => users.id, { onDelete: "set null" }),
    submittedDate: timestamp("submitted_date", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("lead_proposal_versions_lead_version_key").on(t.leadId, t.version)],
);

/** Every status change of a lead: who, when, why. */
export const eventLeadHistory = pgTable(
  "event_lead_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => eventLeads.id, { onDelete: "cascade" }),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    reason: text("reason"),
    reasonCode: text("reason_code"),
    byUserId: uuid("by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdDate: timestamp("created_date", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("event_lead_history_lead_idx").on(t.leadId, t.createdDate)],
);
