// SQL of the outbox: recording an event, taking the ones due, marking them dispatched, a
// subscriber's mark of a handled event, and pruning old ones.
import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, sql } from "drizzle-orm";
import type { TDb } from "../db/database";
import { domainEvents, eventDeliveries } from "./schema";

export type TStoredEvent = { id: string; type: string; data: unknown };

export async function insertEvent(
  db: TDb,
  event: { type: string; data: unknown; availableDate?: Date },
): Promise<void> {
  await db.insert(domainEvents).values({
    type: event.type,
    data: event.data,
    ...(event.availableDate ? { availableDate: event.availableDate } : {}),
  });
}

/** The oldest events due by `now` and not yet dispatched. */
export function dueEvents(db: TDb, now: Date, limit: number): Promise<TStoredEvent[]> {
  return db
    .select({ id: domainEvents.id, type: domainEvents.type, data: domainEvents.data })
    .from(domainEvents)
    .where(and(isNull(domainEvents.dispatchedDate), lte(domainEvents.availableDate, now)))
    .orderBy(asc(domainEvents.availableDate), asc(domainEvents.seq))
    .limit(limit);
}

export async function markDispatched(db: TDb, ids: readonly string[]): Promise<void> {
  await db
    .update(domainEvents)
    .set({ dispatchedDate: sql`now()` })
    .where(inArray(domainEvents.id, [...ids]));
}

/** Leaves the subscriber's mark on the event; false when it was there already (a redelivery). */
export async function markDelivered(db: TDb, eventId: string, subscriber: string) {
  const rows = await db
    .insert(eventDeliveries)
    .values({ eventId, subscriber })
    .onConflictDoNothing()
    .returning({ eventId: eventDeliveries.eventId });
  return rows.length > 0;
}

/** Whether this subscriber has left its mark on the event. */
export async function isDelivered(db: TDb, eventId: string, subscriber: string) {
  const rows = await db
    .select({ eventId: eventDeliveries.eventId })
    .from(eventDeliveries)
    .where(and(eq(eventDeliveries.eventId, eventId), eq(eventDeliveries.subscriber, subscriber)));
  return rows.length > 0;
}

/** How many events wait in the outbox, due by `now` (tests wait for none). */
export async function countWaiting(db: TDb, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(domainEvents)
    .where(and(isNull(domainEvents.dispatchedDate), lte(domainEvents.availableDate, now)));
  return row?.n ?? 0;
}

/** Removes dispatched events and delivery marks older than `before`. */
export async function pruneBefore(db: TDb, before: Date): Promise<number> {
  const events = await db
    .delete(domainEvents)
    .where(and(isNotNull(domainEvents.dispatchedDate), lt(domainEvents.dispatchedDate, before)))
    .returning({ id: domainEvents.id });
  await db.delete(eventDeliveries).where(lt(eventDeliveries.deliveredDate, before));
  return events.length;
}
