// Tables of platform/events: the outbox of domain events (written in the transaction of the change
// that caused them) and the mark each subscriber leaves once it has handled one.
import { sql } from "drizzle-orm";
import {
  bigserial,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";

export const domainEvents = pgTable(
  "domain_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The order events were recorded in (two in one transaction share their date). */
    seq: bigserial("seq", { mode: "number" }).notNull(),
    type: text("type").notNull(),
    data: jsonb("data").notNull(),
    createdDate: timestamp("created_date", { withTimezone: true }).notNull().defaultNow(),
    /** Not delivered before this moment (a hot lead's head start). */
    availableDate: timestamp("available_date", { withTimezone: true }).notNull().defaultNow(),
    /** When its delivery jobs were queued; null while it waits in the outbox. */
    dispatchedDate: timestamp("dispatched_date", { withTimezone: true }),
  },
  (t) => [
    index("domain_events_waiting_idx").on(t.availableDate).where(sql`${t.dispatchedDate} is null`),
    index("domain_events_dispatched_idx").on(t.dispatchedDate),
  ],
);

export const eventDeliveries = pgTable(
  "event_deliveries",
  {
    eventId: uuid("event_id").notNull(),
    subscriber: text("subscriber").notNull(),
    deliveredDate: timestamp("delivered_date", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.subscriber] }),
    index("event_deliveries_date_idx").on(t.deliveredDate),
  ],
);
