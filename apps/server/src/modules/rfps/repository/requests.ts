// The SQL of requests for proposals (event_requirements): a request's row, an event's list of
// them, and how many leads each has per status.
import type { TLeadStatus } from "@hostfield/domain/reference";
import { and, count, desc, eq, inArray } from "drizzle-orm";
import { pageOf, type TDb } from "../../../platform/db/database";
import type { TWindow } from "../context";
import { eventLeads, eventRequirements } from "../schema";

export type TRequirementRow = typeof eventRequirements.$inferSelect;
export type TRequirementInsert = typeof eventRequirements.$inferInsert;

/** Whether a filter's list was given and holds something (request, marketplace, lead filters). */
export const some = <T>(list: readonly T[] | undefined): list is readonly T[] =>
  !!list && list.length > 0;

export async function insertRequirement(db: TDb, row: TRequirementInsert) {
  const [created] = await db.insert(eventRequirements).values(row).returning();
  return created!;
}

export async function findRequirement(db: TDb, eventId: string, id: string, lock = false) {
  const query = db
    .select()
    .from(eventRequirements)
    .where(and(eq(eventRequirements.eventId, eventId), eq(eventRequirements.id, id)));
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

export async function updateRequirement(db: TDb, id: string, values: Partial<TRequirementInsert>) {
  const [row] = await db
    .update(eventRequirements)
    .set(values)
    .where(eq(eventRequirements.id, id))
    .returning();
  return row!;
}

export async function deleteRequirement(db: TDb, id: string) {
  await db.delete(eventRequirements).where(eq(eventRequirements.id, id));
}

export async function listRequirements(
  db: TDb,
  eventId: string,
  filter: { status?: readonly TRequirementRow["status"][] | undefined },
  window: TWindow,
) {
  const where = and(
    eq(eventRequirements.eventId, eventId),
    some(filter.status) ? inArray(eventRequirements.status, [...filter.status]) : undefined,
  );
  return pageOf(
    db
      .select()
      .from(eventRequirements)
      .where(where)
      .orderBy(desc(eventRequirements.createdDate), desc(eventRequirements.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(eventRequirements).where(where),
  );
}

/** Leads per status of each request. */
export async function leadCounts(db: TDb, requirementIds: readonly string[]) {
  const counts = new Map<string, Partial<Record<TLeadStatus, number>>>();
  if (requirementIds.length === 0) return counts;
  const rows = await db
    .select({ id: eventLeads.requirementId, status: eventLeads.status, n: count() })
    .from(eventLeads)
    .where(inArray(eventLeads.requirementId, [...requirementIds]))
    .groupBy(eventLeads.requirementId, eventLeads.status);
  for (const row of rows) {
    const entry = counts.get(row.id!) ?? {};
    entry[row.status] = row.n;
    counts.set(row.id!, entry);
  }
  return counts;
}
