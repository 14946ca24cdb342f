// The SQL of the crm module, over its own tables: connections, the remote record of each lead, and
// the sync log.

import { and, asc, count, desc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { TWindow } from "../../platform/db/database";
import { pageOf, type TDb } from "../../platform/db/database";
import { destinationCrmLogs, destinationCrmRecords, destinationCrms } from "./schema";

export type TCrmRow = typeof destinationCrms.$inferSelect;
export type TCrmInsert = typeof destinationCrms.$inferInsert;
export type TCrmRecordRow = typeof destinationCrmRecords.$inferSelect;
export type TCrmLogRow = typeof destinationCrmLogs.$inferSelect;
export type TCrmLogInsert = typeof destinationCrmLogs.$inferInsert;

/** A connection with how many leads have a remote record in it. */
const withSynced = {
  crm: destinationCrms,
  // Spelled out: inside a select drizzle names the outer column without its table.
  syncedLeads: sql<number>`(select count(*)::int from destination_crm_records r where r.crm_id = destination_crms.id)`,
};
export type TCrmView = { crm: TCrmRow; syncedLeads: number };

export function listCrms(db: TDb, destinationId: string, window: TWindow) {
  const where = eq(destinationCrms.destinationId, destinationId);
  return pageOf<TCrmView>(
    db
      .select(withSynced)
      .from(destinationCrms)
      .where(where)
      .orderBy(asc(destinationCrms.createdDate), asc(destinationCrms.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(destinationCrms).where(where),
  );
}

export async function findCrm(
  db: TDb,
  destinationId: string,
  crmId: string,
): Promise<TCrmView | null> {
  const [row] = await db
    .select(withSynced)
    .from(destinationCrms)
    .where(and(eq(destinationCrms.destinationId, destinationId), eq(destinationCrms.id, crmId)));
  return row ?? null;
}

export async function findCrmById(db: TDb, crmId: string): Promise<TCrmRow | null> {
  const [row] = await db.select().from(destinationCrms).where(eq(destinationCrms.id, crmId));
  return row ?? null;
}

export async function insertCrm(db: TDb, row: TCrmInsert): Promise<TCrmRow> {
  const [created] = await db.insert(destinationCrms).values(row).returning();
  return created!;
}

export async function updateCrm(db: TDb, id: string, values: Partial<TCrmInsert>) {
  await db.update(destinationCrms).set(values).where(eq(destinationCrms.id, id));
}

export async function deleteCrm(db: TDb, destinationId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(destinationCrms)
    .where(and(eq(destinationCrms.destinationId, destinationId), eq(destinationCrms.id, id)))
    .returning({ id: destinationCrms.id });
  return deleted.length > 0;
}

/** The connections of these destinations that sync: switched on and set up. */
export function syncingCrmsOf(db: TDb, destinationIds: readonly string[]) {
  if (destinationIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: destinationCrms.id, destinationId: destinationCrms.destinationId })
    .from(destinationCrms)
    .where(
      and(
        inArray(destinationCrms.destinationId, [...destinationIds]),
        eq(destinationCrms.isEnabled, true),
        eq(destinationCrms.setupStatus, "ready"),
      ),
    );
}

export function recordsOf(db: TDb, crmId: string, leadIds: readonly string[]) {
  if (leadIds.length === 0) return Promise.resolve([] as TCrmRecordRow[]);
  return db
    .select()
    .from(destinationCrmRecords)
    .where(
      and(
        eq(destinationCrmRecords.crmId, crmId),
        inArray(destinationCrmRecords.leadId, [...leadIds]),
      ),
    );
}

/** What was sent for a lead, and what it became remotely (one row per connection and lead). */
export async function saveRecord(
  db: TDb,
  row: Pick<TCrmRecordRow, "crmId" | "leadId" | "remoteId" | "remoteRefs" | "sentHash">,
) {
  await db
    .insert(destinationCrmRecords)
    .values(row)
    .onConflictDoUpdate({
      target: [destinationCrmRecords.crmId, destinationCrmRecords.leadId],
      set: {
        remoteId: row.remoteId,
        remoteRefs: row.remoteRefs,
        sentHash: row.sentHash,
        updatedDate: new Date(),
      },
    });
}

export async function insertLog(db: TDb, row: TCrmLogInsert): Promise<TCrmLogRow> {
  const [created] = await db.insert(destinationCrmLogs).values(row).returning();
  return created!;
}

export type TCrmLogQuery = {
  status?: readonly TCrmLogRow["status"][];
  direction?: TCrmLogRow["direction"];
  trigger?: TCrmLogRow["trigger"];
  from?: Date;
  to?: Date;
};

/** A connection's log, newest first. */
export function listLogs(db: TDb, crmId: string, q: TCrmLogQuery, window: TWindow) {
  const where = and(
    eq(destinationCrmLogs.crmId, crmId),
    q.status?.length ? inArray(destinationCrmLogs.status, [...q.status]) : undefined,
    q.direction ? eq(destinationCrmLogs.direction, q.direction) : undefined,
    q.trigger ? eq(destinationCrmLogs.trigger, q.trigger) : undefined,
    q.from ? gte(destinationCrmLogs.createdDate, q.from) : undefined,
    q.to ? lte(destinationCrmLogs.createdDate, q.to) : undefined,
  );
  return pageOf(
    db
      .select()
      .from(destinationCrmLogs)
      .where(where)
      .orderBy(desc(destinationCrmLogs.createdDate), desc(destinationCrmLogs.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(destinationCrmLogs).where(where),
  );
}
