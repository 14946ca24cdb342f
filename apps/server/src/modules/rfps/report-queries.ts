// What the reports module reads of leads: the leads listings received in a period (received is
// when the lead became visible to them), the leads they won with their requests' room nights, and
// the conversations of their leads. Read only; offered in the rfps services.
import { and, asc, eq, gte, inArray, isNotNull, lt, lte } from "drizzle-orm";
import type { TRfpsContext } from "./context";
import { eventLeads, eventRequirements } from "./schema";

type TDbOnly = Pick<TRfpsContext, "db">;

export type TReportLead = {
  id: string;
  eventId: string;
  ownerId: string;
  status: "Open" | "Interested" | "Won" | "Lost" | "Passed";
  receivedDate: Date;
  firstResponseDate: Date | null;
};

const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);
const dayAfter = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);

/**
 * Leads the listings received from `from` to `to` (UTC days, both included) and no later than
 * `now` (a hot request's lead is received when it appears), oldest first.
 */
async function leadsReceived(
  ctx: TDbOnly,
  ownerIds: readonly string[],
  from: string,
  to: string,
  now: Date,
): Promise<TReportLead[]> {
  if (ownerIds.length === 0) return [];
  return ctx.db
    .select({
      id: eventLeads.id,
      eventId: eventLeads.eventId,
      ownerId: eventLeads.ownerId,
      status: eventLeads.status,
      receivedDate: eventLeads.visibleFrom,
      firstResponseDate: eventLeads.firstResponseDate,
    })
    .from(eventLeads)
    .where(
      and(
        inArray(eventLeads.ownerId, [...ownerIds]),
        gte(eventLeads.visibleFrom, dayStart(from)),
        lt(eventLeads.visibleFrom, dayAfter(to)),
        lte(eventLeads.visibleFrom, now),
      ),
    )
    .orderBy(asc(eventLeads.visibleFrom), asc(eventLeads.id));
}

/** The leads the listings won (whenever), with the room nights their request asked for. */
async function leadsWon(ctx: TDbOnly, ownerIds: readonly string[]) {
  if (ownerIds.length === 0) return [];
  return ctx.db
    .select({
      id: eventLeads.id,
      eventId: eventLeads.eventId,
      ownerId: eventLeads.ownerId,
      requirementId: eventLeads.requirementId,
      roomNights: eventRequirements.roomNights,
    })
    .from(eventLeads)
    .leftJoin(eventRequirements, eq(eventRequirements.id, eventLeads.requirementId))
    .where(and(inArray(eventLeads.ownerId, [...ownerIds]), eq(eventLeads.status, "Won")))
    .orderBy(asc(eventLeads.id));
}

/** The conversations of the listings' leads (one per lead that has one). */
async function leadConversations(ctx: TDbOnly, ownerIds: readonly string[]): Promise<string[]> {
  if (ownerIds.length === 0) return [];
  const rows = await ctx.db
    .select({ groupId: eventLeads.groupId })
    .from(eventLeads)
    .where(and(inArray(eventLeads.ownerId, [...ownerIds]), isNotNull(eventLeads.groupId)));
  return rows.map((r) => r.groupId!);
}

/** Bound to the rfps context in `servicesOf`. */
export const rfpReportQueries = { leadsReceived, leadsWon, leadConversations };
