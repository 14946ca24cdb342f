// The SQL of the assistant module, over its own tables: tour-guide settings, exchanges and their
// messages (with feedback), and the hourly request counts of the rate limits.
import type { TExchangeFilter, TFeedbackRating } from "@hostfield/domain/contracts";
import { addDays } from "@hostfield/domain/rules";
import { and, asc, count, desc, eq, gt, gte, lt, lte, type SQL, sql } from "drizzle-orm";
import type { TDb } from "../../platform/db/database";
import { assistantExchanges, assistantMessages, assistantUsage, tourGuides } from "./schema";

export type TTourGuideRow = typeof tourGuides.$inferSelect;
export type TTourGuideInsert = typeof tourGuides.$inferInsert;
export type TExchangeRow = typeof assistantExchanges.$inferSelect;
export type TMessageRow = typeof assistantMessages.$inferSelect;
export type TMessageInsert = typeof assistantMessages.$inferInsert;
type TWindow = { limit: number; offset: number };

// ---- tour guides -------------------------------------------------------------------------------

export async function findGuide(db: TDb, destinationId: string): Promise<TTourGuideRow | null> {
  const [row] = await db
    .select()
    .from(tourGuides)
    .where(eq(tourGuides.destinationId, destinationId));
  return row ?? null;
}

/** The new guide, or null when the destination has one already (the unique key). */
export async function insertGuide(db: TDb, row: TTourGuideInsert): Promise<TTourGuideRow | null> {
  const [created] = await db
    .insert(tourGuides)
    .values(row)
    .onConflictDoNothing({ target: tourGuides.destinationId })
    .returning();
  return created ?? null;
}

export async function updateGuide(
  db: TDb,
  id: string,
  values: Partial<TTourGuideInsert>,
): Promise<TTourGuideRow | null> {
  const [row] = await db
    .update(tourGuides)
    .set({ ...values, updatedDate: new Date() })
    .where(eq(tourGuides.id, id))
    .returning();
  return row ?? null;
}

export async function deleteGuide(db: TDb, id: string): Promise<boolean> {
  const rows = await db
    .delete(tourGuides)
    .where(eq(tourGuides.id, id))
    .returning({ id: tourGuides.id });
  return rows.length > 0;
}

// ---- exchanges ---------------------------------------------------------------------------------

export async function insertExchange(
  db: TDb,
  row: typeof assistantExchanges.$inferInsert,
): Promise<TExchangeRow> {
  const [created] = await db.insert(assistantExchanges).values(row).returning();
  return created!;
}

export async function findExchange(db: TDb, id: string): Promise<TExchangeRow | null> {
  const [row] = await db.select().from(assistantExchanges).where(eq(assistantExchanges.id, id));
  return row ?? null;
}

/** Locks the exchange for the rest of the transaction (two questions at once append in turn). */
export async function lockExchange(db: TDb, id: string): Promise<TExchangeRow | null> {
  const [row] = await db
    .select()
    .from(assistantExchanges)
    .where(eq(assistantExchanges.id, id))
    .for("update");
  return row ?? null;
}

export async function setHandoffGroup(db: TDb, id: string, groupId: string): Promise<void> {
  await db
    .update(assistantExchanges)
    .set({ handoffGroupId: groupId })
    .where(eq(assistantExchanges.id, id));
}

export async function deleteExchange(db: TDb, id: string): Promise<boolean> {
  const rows = await db
    .delete(assistantExchanges)
    .where(eq(assistantExchanges.id, id))
    .returning({ id: assistantExchanges.id });
  return rows.length > 0;
}

/** Who may see which exchanges: everyone's (admins), one person's, one destination's. */
export type TExchangeScope =
  | { kind: "all" }
  | { kind: "user"; userId: string }
  | { kind: "destination"; destinationId: string };

function exchangeConditions(scope: TExchangeScope, filter: TExchangeFilter): SQL[] {
  const e = assistantExchanges;
  const conditions: SQL[] = [];
  if (scope.kind === "user") conditions.push(eq(e.userId, scope.userId));
  if (scope.kind === "destination") conditions.push(eq(e.destinationId, scope.destinationId));
  if (filter.kind) conditions.push(eq(e.kind, filter.kind));
  if (filter.destinationId) conditions.push(eq(e.destinationId, filter.destinationId));
  if (filter.rating === "down") conditions.push(gt(e.downCount, 0));
  if (filter.rating === "up") conditions.push(gt(e.upCount, 0));
  if (filter.startDate) {
    conditions.push(gte(e.updatedDate, new Date(`${filter.startDate}T00:00:00Z`)));
  }
  if (filter.endDate) {
    conditions.push(lt(e.createdDate, new Date(`${addDays(filter.endDate, 1)}T00:00:00Z`)));
  }
  if (filter.text) {
    const pattern = `%${filter.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      sql`exists (select 1 from ${assistantMessages} m where m.exchange_id = ${e.id} and m.content ilike ${pattern})`,
    );
  }
  return conditions;
}

export async function listExchanges(
  db: TDb,
  scope: TExchangeScope,
  filter: TExchangeFilter,
  window: TWindow,
): Promise<{ rows: TExchangeRow[]; count: number }> {
  const where = and(...exchangeConditions(scope, filter));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(assistantExchanges)
      .where(where)
      .orderBy(desc(assistantExchanges.updatedDate), desc(assistantExchanges.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(assistantExchanges).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}

// ---- messages ----------------------------------------------------------------------------------

export async function insertMessages(db: TDb, rows: TMessageInsert[]): Promise<TMessageRow[]> {
  return db.insert(assistantMessages).values(rows).returning();
}

export async function deleteMessage(db: TDb, id: string): Promise<boolean> {
  const rows = await db
    .delete(assistantMessages)
    .where(eq(assistantMessages.id, id))
    .returning({ id: assistantMessages.id });
  return rows.length > 0;
}

/** Counts the messages added and stamps the exchange as active now. */
export async function touchExchange(db: TDb, id: string, added: number): Promise<void> {
  await db
    .update(assistantExchanges)
    .set({
      messageCount: sql`${assistantExchanges.messageCount} + ${added}`,
      updatedDate: new Date(),
    })
    .where(eq(assistantExchanges.id, id));
}

export async function messagesOf(db: TDb, exchangeId: string): Promise<TMessageRow[]> {
  return db
    .select()
    .from(assistantMessages)
    .where(eq(assistantMessages.exchangeId, exchangeId))
    .orderBy(asc(assistantMessages.createdDate), asc(assistantMessages.role));
}

/** The exchange's latest messages, newest last (what a follow-up is read against). */
export async function lastMessages(
  db: TDb,
  exchangeId: string,
  limit: number,
): Promise<TMessageRow[]> {
  const rows = await db
    .select()
    .from(assistantMessages)
    .where(eq(assistantMessages.exchangeId, exchangeId))
    .orderBy(desc(assistantMessages.createdDate), desc(assistantMessages.role))
    .limit(limit);
  return rows.reverse();
}

export async function findMessage(
  db: TDb,
  exchangeId: string,
  messageId: string,
): Promise<TMessageRow | null> {
  const [row] = await db
    .select()
    .from(assistantMessages)
    .where(and(eq(assistantMessages.exchangeId, exchangeId), eq(assistantMessages.id, messageId)));
  return row ?? null;
}

/**
 * Records a rating (replacing an earlier one) and keeps the exchange's up and down counts equal
 * to its messages' ratings, in the caller's transaction.
 */
export async function rateMessage(
  db: TDb,
  exchangeId: string,
  messageId: string,
  feedback: { rating: TFeedbackRating; comment: string | null; date: Date },
): Promise<TMessageRow> {
  const [row] = await db
    .update(assistantMessages)
    .set({
      feedbackRating: feedback.rating,
      feedbackComment: feedback.comment,
      feedbackDate: feedback.date,
    })
    .where(and(eq(assistantMessages.exchangeId, exchangeId), eq(assistantMessages.id, messageId)))
    .returning();
  const m = assistantMessages;
  await db
    .update(assistantExchanges)
    .set({
      upCount: sql`(select count(*) from ${m} where ${m.exchangeId} = ${exchangeId} and ${m.feedbackRating} = 'up')`,
      downCount: sql`(select count(*) from ${m} where ${m.exchangeId} = ${exchangeId} and ${m.feedbackRating} = 'down')`,
    })
    .where(eq(assistantExchanges.id, exchangeId));
  return row!;
}

/** The destinations of some exchanges, for their names. */
export const destinationIdsOf = (rows: readonly TExchangeRow[]) => [
  ...new Set(rows.flatMap((r) => (r.destinationId ? [r.destinationId] : []))),
];

// ---- rate limits -------------------------------------------------------------------------------

/**
 * Counts one request for each key in the hour starting at `windowStart` and returns each key's
 * count after it, in one statement (so two processes counting at once both see the sum).
 */
export async function countRequests(
  db: TDb,
  keys: readonly string[],
  windowStart: Date,
): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .insert(assistantUsage)
    .values(keys.map((key) => ({ key, windowStart, count: 1 })))
    .onConflictDoUpdate({
      target: [assistantUsage.key, assistantUsage.windowStart],
      set: { count: sql`${assistantUsage.count} + 1` },
    })
    .returning({ key: assistantUsage.key, count: assistantUsage.count });
  return new Map(rows.map((r) => [r.key, r.count]));
}

/** Forgets counts of hours that have ended before `before`. */
export async function pruneUsage(db: TDb, before: Date): Promise<number> {
  const rows = await db
    .delete(assistantUsage)
    .where(lte(assistantUsage.windowStart, before))
    .returning({ key: assistantUsage.key });
  return rows.length;
}
