// Tables of the stays module: a hotel's room types and its rate-and-inventory calendar, the rooms
// it holds for events (blocks, night by night, with their change history), reservations, an
// event's teams with its stay rules, and how a hotel takes bookings (its stay settings).
// Counters are the guard against overbooking: a night's rooms are taken by a conditional UPDATE of
// one row (rooms_to_sell - held - booked, or a block night's held - booked), and the checks below
// refuse any write that would oversell whatever the code above them does.
import { BLOCK_CHANGE_ACTIONS } from "@hostfield/domain/contracts";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { audit } from "../../platform/db/columns";
import { profiles } from "../../profiles/schema";
import { eventLeads, eventRequirements } from "../rfps/schema";
import { users } from "../users/schema";

const money = (name: string) => numeric(name, { precision: 10, scale: 2, mode: "number" });
const hotelRef = () =>
  uuid("hotel_id")
    .notNull()
    .references(() => profiles.id, { onDelete: "cascade" });

/** A kind of room a hotel sells (`/hotels/{id}/rooms`). */
export const roomTypes = pgTable(
  "room_types",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    hotelId: hotelRef(),
    name: text("name").notNull(),
    beds: text("beds").notNull(),
    maxOccupancy: integer("max_occupancy").notNull(),
    rackRate: money("rack_rate").notNull(),
    description: text("description"),
    photos: text("photos").array().notNull().default(sql`'{}'::text[]`),
    ...audit,
  },
  (t) => [index("room_types_hotel_idx").on(t.hotelId)],
);

/** One room type on one night: what the hotel sells, at what rate, and what is taken. */
export const roomNights = pgTable(
  "room_nights",
  {
    roomTypeId: uuid("room_type_id")
      .notNull()
      .references(() => roomTypes.id, { onDelete: "cascade" }),
    night: date("night", { mode: "string" }).notNull(),
    hotelId: hotelRef(),
    roomsToSell: integer("rooms_to_sell").notNull().default(0),
    rate: money("rate"),
    /** Rooms of accepted, unreleased blocks. */
    held: integer("held").notNull().default(0),
    /** Rooms booked outside blocks, and in blocks since released. */
    booked: integer("booked").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.roomTypeId, t.night] }),
    index("room_nights_hotel_night_idx").on(t.hotelId, t.night),
    check(
      "room_nights_not_oversold",
      sql`${t.held} >= 0 and ${t.booked} >= 0 and ${t.held} + ${t.booked} <= ${t.roomsToSell}`,
    ),
  ],
);

/** An amendment as `hotel_blocks.amendment` keeps it: a term left out stays as it is. */
export type TStoredAmendment = {
  nights?: { roomTypeId: string; night: string; rooms: number; rate: number }[];
  cutoffDate?: string;
  minNights?: number;
  attritionPercent?: number;
  compPerPaid?: number | null;
  note?: string | null;
  requireCardGuarantee?: boolean | null;
  side: "hotel" | "organizer";
  userId: string;
  /** When it was proposed (ISO date-time). */
  date: string;
};

/** Rooms a hotel holds for an event at a group rate (`/hotels/blocks`); one per event and hotel. */
export const hotelBlocks = pgTable(
  "hotel_blocks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    hotelId: hotelRef(),
    status: text("status", { enum: ["Proposed", "Accepted", "Declined", "Released"] })
      .notNull()
      .default("Proposed"),
    proposedBy: text("proposed_by", { enum: ["hotel", "organizer"] }).notNull(),
    cutoffDate: date("cutoff_date", { mode: "string" }).notNull(),
    minNights: integer("min_nights").notNull().default(1),
    attritionPercent: integer("attrition_percent").notNull().default(20),
    compPerPaid: integer("comp_per_paid"),
    note: text("note"),
    /**
     * A card guarantee for the block's bookings (migration 0043): true or false over the hotel's
     * stay setting, null for the hotel's.
     */
    requireCardGuarantee: boolean("require_card_guarantee"),
    requirementId: uuid("requirement_id").references(() => eventRequirements.id, {
      onDelete: "set null",
    }),
    leadId: uuid("lead_id").references(() => eventLeads.id, { onDelete: "set null" }),
    releasedDate: timestamp("released_date", { withTimezone: true }),
    /** The day both sides were mailed that the cut-off is near (once per block, migration 0039). */
    cutoffRemindedDate: date("cutoff_reminded_date", { mode: "string" }),
    /**
     * New nights and/or terms one side put on the accepted block, waiting for the other side
     * (block-amendments.ts, migration 0042); null when none is on the table.
     */
    amendment: jsonb("amendment").$type<TStoredAmendment>(),
    /** The final statement (statement.ts, migration 0041): when and by whom the hotel confirmed it. */
    statementConfirmedDate: timestamp("statement_confirmed_date", { withTimezone: true }),
    statementConfirmedBy: uuid("statement_confirmed_by").references(() => users.id, {
      onDelete: "set null",
    }),
    /** The organizer disputed the confirmed statement; the hotel's next confirmation clears it. */
    statementDisputed: boolean("statement_disputed").notNull().default(false),
    ...audit,
  },
  (t) => [
    uniqueIndex("hotel_blocks_event_hotel_key").on(t.eventId, t.hotelId),
    index("hotel_blocks_hotel_idx").on(t.hotelId),
    index("hotel_blocks_due_idx").on(t.status, t.cutoffDate),
  ],
);

/** One room type on one night of a block: held at a rate, and booked so far. */
export const blockNights = pgTable(
  "block_nights",
  {
    blockId: uuid("block_id")
      .notNull()
      .references(() => hotelBlocks.id, { onDelete: "cascade" }),
    roomTypeId: uuid("room_type_id")
      .notNull()
      .references(() => roomTypes.id, { onDelete: "cascade" }),
    night: date("night", { mode: "string" }).notNull(),
    held: integer("held").notNull(),
    rate: money("rate").notNull(),
    booked: integer("booked").notNull().default(0),
    /** Rooms that stayed, as the hotel confirmed after the event; null until it does. */
    stayed: integer("stayed"),
  },
  (t) => [
    primaryKey({ columns: [t.blockId, t.roomTypeId, t.night] }),
    check("block_nights_not_oversold", sql`${t.booked} >= 0 and ${t.booked} <= ${t.held}`),
    check("block_nights_stayed_check", sql`${t.stayed} >= 0`),
  ],
);

/** Who proposed, changed, accepted, declined or released a block, and what. */
export const blockChanges = pgTable(
  "block_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    blockId: uuid("block_id")
      .notNull()
      .references(() => hotelBlocks.id, { onDelete: "cascade" }),
    side: text("side", { enum: ["hotel", "organizer"] }).notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action", { enum: BLOCK_CHANGE_ACTIONS }).notNull(),
    summary: text("summary").notNull(),
    createdDate: timestamp("created_date", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("block_changes_block_idx").on(t.blockId, t.createdDate)],
);

/** The thread on a block between its two sides (the statement's disputes among them). */
export const blockMessages = pgTable(
  "block_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    blockId: uuid("block_id")
      .notNull()
      .references(() => hotelBlocks.id, { onDelete: "cascade" }),
    side: text("side", { enum: ["hotel", "organizer"] }).notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    dispute: boolean("dispute").notNull().default(false),
    createdDate: timestamp("created_date", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("block_messages_block_idx").on(t.blockId, t.createdDate)],
);

/** A booking of one room type for consecutive nights (`/hotels/reservations`). */
export const reservations = pgTable(
  "reservations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    confirmationNumber: text("confirmation_number").notNull(),
    status: text("status", { enum: ["Confirmed", "Cancelled"] })
      .notNull()
      .default("Confirmed"),
    hotelId: hotelRef(),
    eventId: uuid("event_id").references(() => profiles.id, { onDelete: "set null" }),
    blockId: uuid("block_id").references(() => hotelBlocks.id, { onDelete: "set null" }),
    roomTypeId: uuid("room_type_id")
      .notNull()
      .references(() => roomTypes.id, { onDelete: "restrict" }),
    guestUserId: uuid("guest_user_id").references(() => users.id, { onDelete: "set null" }),
    /**
     * The booking account's address, where confirmations go; `email` is the contact the hotel
     * sees, which anyone may type, so nothing is mailed to it.
     */
    accountEmail: text("account_email"),
    checkIn: date("check_in", { mode: "string" }).notNull(),
    checkOut: date("check_out", { mode: "string" }).notNull(),
    rooms: integer("rooms").notNull(),
    guests: integer("guests").notNull(),
    total: money("total").notNull(),
    guestName: text("guest_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    team: text("team"),
    /** The event's team it was booked for through the team's link (migration 0040). */
    teamId: uuid("team_id").references(() => eventTeams.id, { onDelete: "set null" }),
    changeableUntil: date("changeable_until", { mode: "string" }).notNull(),
    /** When it was cancelled (migration 0043): a late cancellation is one after `changeable_until`. */
    cancelledDate: timestamp("cancelled_date", { withTimezone: true }),
    /**
     * The hotel or its block required a card guarantee when it was booked, with payments on
     * (migration 0043); the guarantee itself (its card, state and charge) is the payments module's.
     */
    guaranteeRequired: boolean("guarantee_required").notNull().default(false),
    ...audit,
  },
  (t) => [
    uniqueIndex("reservations_confirmation_key").on(t.confirmationNumber),
    index("reservations_hotel_idx").on(t.hotelId, t.checkIn),
    index("reservations_event_idx").on(t.eventId, t.checkIn),
    index("reservations_guest_idx").on(t.guestUserId, t.checkIn),
    index("reservations_block_idx").on(t.blockId),
    index("reservations_team_idx").on(t.teamId),
  ],
);

/** How a hotel takes bookings (`/hotels/{id}/stay-settings`, migration 0043); a hotel without a row takes them as by default. */
export const hotelStaySettings = pgTable("hotel_stay_settings", {
  hotelId: uuid("hotel_id")
    .primaryKey()
    .references(() => profiles.id, { onDelete: "cascade" }),
  /** Each booking must be guaranteed by a card (while payments are on; a block may say otherwise). */
  requireCardGuarantee: boolean("require_card_guarantee").notNull().default(false),
  updatedDate: timestamp("updated_date", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
});

/** Each night of a reservation: its rate, where the rate came from, and the block it took from. */
export const reservationNights = pgTable(
  "reservation_nights",
  {
    reservationId: uuid("reservation_id")
      .notNull()
      .references(() => reservations.id, { onDelete: "cascade" }),
    night: date("night", { mode: "string" }).notNull(),
    rate: money("rate").notNull(),
    source: text("source", { enum: ["block", "live", "calendar"] }).notNull(),
    /** Set when the night's rooms came out of a block (and counted in its block night). */
    blockId: uuid("block_id").references(() => hotelBlocks.id, { onDelete: "set null" }),
  },
  (t) => [
    primaryKey({ columns: [t.reservationId, t.night] }),
    index("reservation_nights_block_idx").on(t.blockId, t.night),
  ],
);

/**
 * A team of an event (`/hotels/events/{eventId}/teams`): its contact and the rooms it needs. Its
 * booking link carries `link_version`; a revoke moves it on, so older links stop working.
 */
export const eventTeams = pgTable(
  "event_teams",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    contactName: text("contact_name").notNull(),
    contactEmail: text("contact_email").notNull(),
    contactPhone: text("contact_phone"),
    roomsNeeded: integer("rooms_needed").notNull(),
    linkVersion: integer("link_version").notNull().default(1),
    /** When its contact was last reminded to book (at most once in TEAM_REMINDER_HOURS). */
    remindedDate: timestamp("reminded_date", { withTimezone: true }),
    ...audit,
  },
  (t) => [
    uniqueIndex("event_teams_event_name_key").on(t.eventId, sql`lower(${t.name})`),
    check("event_teams_rooms_needed_positive", sql`${t.roomsNeeded} >= 1`),
  ],
);

/** An event's rules for its teams' stays: stay-to-play (every team books in the event's blocks). */
export const eventStayRules = pgTable("event_stay_rules", {
  eventId: uuid("event_id")
    .primaryKey()
    .references(() => profiles.id, { onDelete: "cascade" }),
  stayToPlay: boolean("stay_to_play").notNull().default(false),
  updatedDate: timestamp("updated_date", { withTimezone: true }).notNull().defaultNow(),
});
