// The SQL of leads one at a time or per event: written by publishing, moves and awards, read by
// id, with their history and proposal versions. The module's SQL is this folder, by seam
// (requests, marketplace, matching, leads, lead lists in lead-reads, boards and stats in board,
// the home summary); it owns event_requirements, event_leads and their history, and listings
// (names, places, memberships) come from the profiles service. Rules live in matching.ts,
// policy.ts and the services.
import type { TLeadStatus } from "@hostfield/domain/reference";
import { and, asc, count, eq, gt, inArray, lte, or, sql } from "drizzle-orm";
import type { TDb } from "../../../platform/db/database";
import { profiles } from "../../../profiles/schema";
import { users } from "../../users/schema";
import {
  eventLeadHistory,
  eventLeads,
  eventRequirements,
  leadProposalVersions,
  type TStoredProposal,
} from "../schema";

export type TLeadRow = typeof eventLeads.$inferSelect;
export type TLeadInsert = typeof eventLeads.$inferInsert;
export type THistoryInsert = typeof eventLeadHistory.$inferInsert;

const INSERT_CHUNK = 1000;

/** Inserts leads, skipping profiles that already have one for the event; returns those written. */
export async function insertLeads(db: TDb, rows: readonly TLeadInsert[]): Promise<TLeadRow[]> {
  const written: TLeadRow[] = [];
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const chunk = rows.slice(i, i + INSERT_CHUNK);
    written.push(
      ...(await db
        .insert(eventLeads)
        .values([...chunk])
        .onConflictDoNothing({ target: [eventLeads.eventId, eventLeads.ownerId] })
        .returning()),
    );
  }
  return written;
}

export async function leadsOfOwners(db: TDb, eventId: string, ownerIds: readonly string[]) {
  if (ownerIds.length === 0) return [];
  return db
    .select()
    .from(eventLeads)
    .where(and(eq(eventLeads.eventId, eventId), inArray(eventLeads.ownerId, [...ownerIds])));
}

/** Of these leads, the ones still Open (a held-back lead may have lost before it appeared). */
export function openLeadsOf(db: TDb, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: eventLeads.id,
      ownerId: eventLeads.ownerId,
      createdDate: eventLeads.createdDate,
      visibleFrom: eventLeads.visibleFrom,
    })
    .from(eventLeads)
    .where(and(inArray(eventLeads.id, [...ids]), eq(eventLeads.status, "Open")));
}

/**
 * The owner's leads still held back at `now` become visible from their publish (their creation):
 * the ones changed, with their events' names.
 */
export async function releaseHeldLeads(db: TDb, ownerId: string, now: Date) {
  const released = await db
    .update(eventLeads)
    .set({ visibleFrom: sql`${eventLeads.createdDate}` })
    .where(and(eq(eventLeads.ownerId, ownerId), gt(eventLeads.visibleFrom, now)))
    .returning({
      id: eventLeads.id,
      eventId: eventLeads.eventId,
      ownerId: eventLeads.ownerId,
      status: eventLeads.status,
    });
  if (released.length === 0) return [];
  const names = new Map(
    (
      await db
        .select({ id: profiles.id, name: profiles.name })
        .from(profiles)
        .where(inArray(profiles.id, [...new Set(released.map((l) => l.eventId))]))
    ).map((p) => [p.id, p.name]),
  );
  return released.map((l) => ({ ...l, eventName: names.get(l.eventId) ?? "" }));
}

/** A lead by its id alone: its event, request and status (what other modules may know of it). */
export async function findLeadOrigin(db: TDb, leadId: string) {
  const [row] = await db
    .select({
      id: eventLeads.id,
      eventId: eventLeads.eventId,
      requirementId: eventLeads.requirementId,
      status: eventLeads.status,
    })
    .from(eventLeads)
    .where(eq(eventLeads.id, leadId));
  return row ?? null;
}

/**
 * The ids of a listing's leads visible at `at` (all of them, or those among `ids`), oldest first,
 * at most `limit`: what a CRM sync of the listing sends.
 */
export async function visibleLeadIdsOf(
  db: TDb,
  ownerId: string,
  ids: readonly string[] | null,
  at: Date,
  limit: number,
): Promise<string[]> {
  if (ids && ids.length === 0) return [];
  const rows = await db
    .select({ id: eventLeads.id })
    .from(eventLeads)
    .where(
      and(
        eq(eventLeads.ownerId, ownerId),
        lte(eventLeads.visibleFrom, at),
        ids ? inArray(eventLeads.id, [...ids]) : undefined,
      ),
    )
    .orderBy(asc(eventLeads.createdDate), asc(eventLeads.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** The listings holding a lead of the event that is visible at `at` (hot-lead head starts wait). */
export async function visibleLeadOwners(db: TDb, eventId: string, at: Date): Promise<string[]> {
  const rows = await db
    .select({ ownerId: eventLeads.ownerId })
    .from(eventLeads)
    .where(and(eq(eventLeads.eventId, eventId), lte(eventLeads.visibleFrom, at)));
  return rows.map((r) => r.ownerId);
}

export async function findLead(db: TDb, eventId: string, leadId: string, lock = false) {
  const query = db
    .select()
    .from(eventLeads)
    .where(and(eq(eventLeads.eventId, eventId), eq(eventLeads.id, leadId)));
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

export async function updateLead(db: TDb, id: string, values: Partial<TLeadInsert>) {
  const [row] = await db.update(eventLeads).set(values).where(eq(eventLeads.id, id)).returning();
  return row!;
}

/** Deletes the lead (only while it has `onlyIn` status, when given); whether it did. */
export async function deleteLead(db: TDb, id: string, onlyIn: TLeadStatus | null = null) {
  const deleted = await db
    .delete(eventLeads)
    .where(and(eq(eventLeads.id, id), onlyIn ? eq(eventLeads.status, onlyIn) : undefined))
    .returning({ id: eventLeads.id });
  return deleted.length > 0;
}

/** Deletes these leads (an award withdraws the ones their venues could not see yet). */
export async function deleteLeads(db: TDb, ids: readonly string[]) {
  if (ids.length === 0) return;
  await db.delete(eventLeads).where(inArray(eventLeads.id, [...ids]));
}

/**
 * Every lead of the event, locked for the rest of the transaction in one order (by id): two
 * awards of the same event then queue behind each other instead of each holding its own lead
 * while waiting for the other's (a deadlock, which PostgreSQL breaks by failing one of them).
 */
export async function lockEventLeads(db: TDb, eventId: string) {
  return db
    .select()
    .from(eventLeads)
    .where(eq(eventLeads.eventId, eventId))
    .orderBy(asc(eventLeads.id))
    .for("update");
}

export async function setLeadsStatus(
  db: TDb,
  ids: readonly string[],
  values: Pick<
    TLeadInsert,
    "status" | "statusReason" | "statusReasonCode" | "updatedDate" | "updatedBy"
  >,
) {
  if (ids.length === 0) return;
  await db
    .update(eventLeads)
    .set(values)
    .where(inArray(eventLeads.id, [...ids]));
}

export async function countWon(db: TDb, requirementId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(eventLeads)
    .where(and(eq(eventLeads.requirementId, requirementId), eq(eventLeads.status, "Won")));
  return row?.n ?? 0;
}

/** The event found its venue: the winning lead's request and the event's other published ones. */
export async function awardRequirements(
  db: TDb,
  eventId: string,
  requirementId: string | null,
  at: Date,
  by: string,
) {
  await db
    .update(eventRequirements)
    .set({ status: "awarded", updatedDate: at, updatedBy: by })
    .where(
      and(
        eq(eventRequirements.eventId, eventId),
        or(
          eq(eventRequirements.status, "published"),
          requirementId ? eq(eventRequirements.id, requirementId) : undefined,
        ),
      ),
    );
}

/** An awarded request whose win was taken back (by an admin) is published again. */
export async function reopenIfNoWinner(db: TDb, requirementId: string, at: Date, by: string) {
  if ((await countWon(db, requirementId)) > 0) return;
  await db
    .update(eventRequirements)
    .set({ status: "published", updatedDate: at, updatedBy: by })
    .where(and(eq(eventRequirements.id, requirementId), eq(eventRequirements.status, "awarded")));
}

export async function insertHistory(db: TDb, rows: readonly THistoryInsert[]) {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await db.insert(eventLeadHistory).values([...rows.slice(i, i + INSERT_CHUNK)]);
  }
}

/** A proposal's new version (the lead's row carries it as current: updateLead). */
export async function insertProposalVersion(
  db: TDb,
  row: {
    leadId: string;
    version: number;
    proposal: TStoredProposal;
    submittedBy: string;
    submittedDate: Date;
  },
) {
  await db.insert(leadProposalVersions).values(row);
}

/** Every version of the lead's proposal, the first first, with who sent it. */
export async function listProposalVersions(db: TDb, leadId: string) {
  return db
    .select({
      version: leadProposalVersions.version,
      proposal: leadProposalVersions.proposal,
      submittedDate: leadProposalVersions.submittedDate,
      by: { id: users.id, name: users.name, avatarKey: users.avatarKey },
    })
    .from(leadProposalVersions)
    .leftJoin(users, eq(users.id, leadProposalVersions.submittedBy))
    .where(eq(leadProposalVersions.leadId, leadId))
    .orderBy(asc(leadProposalVersions.version));
}

export async function listHistory(db: TDb, leadId: string) {
  return db
    .select({
      entry: eventLeadHistory,
      by: { id: users.id, name: users.name, avatarKey: users.avatarKey },
    })
    .from(eventLeadHistory)
    .leftJoin(users, eq(users.id, eventLeadHistory.byUserId))
    .where(eq(eventLeadHistory.leadId, leadId))
    .orderBy(asc(eventLeadHistory.createdDate), asc(eventLeadHistory.id));
}
