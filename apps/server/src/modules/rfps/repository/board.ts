// A pipeline board's leads and counts, and the figures beside lead lists (leads per status, times
// to first answer, leads per listing), read through lead-reads.ts's scopes and kept statements.
import { LEAD_STATUSES, type TLeadStatus } from "@hostfield/domain/reference";
import { and, count, isNotNull, type Placeholder, type SQLWrapper, sql } from "drizzle-orm";
import type { TDb } from "../../../platform/db/database";
import { constant, planBlind } from "../../../platform/db/statements";
import { eventLeads, leadResponseTimes } from "../schema";
import {
  cardSelection,
  filteredLeads,
  keptLeadStatements,
  leadConditions,
  leadStatements,
  scopeCondition,
  selectLeads,
  type TLeadCardView,
  type TLeadQuery,
  type TLeadScope,
} from "./lead-reads";

/** Leads per status in the scope and filter. */
export async function statusCounts(db: TDb, scope: TLeadScope, q: TLeadQuery) {
  const rows = await leadStatements<{ status: TLeadStatus; n: number }>(
    db,
    `statusCounts|${scope.kind}`,
    (bind) =>
      filteredLeads(db.select({ status: eventLeads.status, n: count() }), q)
        .where(leadConditions(scope, q, bind))
        .groupBy(eventLeads.status),
  );
  return new Map(rows.map((r) => [r.status, r.n]));
}

/** The median of the leads' times to first answer: `lead_response_ms` is the one definition (migration 0028). */
const responseMs = sql<
  number | null
>`percentile_cont(0.5) within group (order by lead_response_ms(${eventLeads.firstResponseDate}, ${eventLeads.createdDate}))`;

/** Median of (first response − creation) in ms, over the answered leads in the scope and filter. */
export async function medianResponse(db: TDb, scope: TLeadScope, q: TLeadQuery) {
  const [row] = await leadStatements<{ ms: number | null }>(
    db,
    `medianResponse|${scope.kind}`,
    (bind) =>
      filteredLeads(db.select({ ms: responseMs }), q).where(
        and(leadConditions(scope, q, bind), isNotNull(eventLeads.firstResponseDate)),
      ),
  );
  return row?.ms === null || row?.ms === undefined ? null : Number(row.ms);
}

/**
 * Each owner's median time to first response (ms), over all its answered leads: kept by
 * PostgreSQL as leads are answered (lead_response_times), read by key. Computed per read, it cost
 * every lead list a sort of the listing's answered leads (1.4 ms of PostgreSQL for 1,700).
 */
export async function responseTimes(db: TDb, ownerIds: readonly string[]) {
  const times = new Map<string, number>();
  if (ownerIds.length === 0) return times;
  const rows = await leadStatements<{ ownerId: string; ms: number }>(db, "responseTimes", (bind) =>
    db
      .select({ ownerId: leadResponseTimes.ownerId, ms: leadResponseTimes.medianMs })
      .from(leadResponseTimes)
      .where(sql`${leadResponseTimes.ownerId} = any(${bind("owners", [...ownerIds])}::uuid[])`),
  );
  for (const row of rows) times.set(row.ownerId, row.ms);
  return times;
}

/** Whose board, and how many cards a column holds, out of its kept plan's sight (planBlind). */
const BOARD_VALUE_TYPES = {
  owner: "uuid",
  owners: "uuid[]",
  visibleAt: "timestamptz",
  perStatus: "int",
  perStatusOfAll: "int",
} as const;

/**
 * The newest `perStatus` visible leads in each status among some listings, with their request and
 * assignee, and how many visible leads each status has, in one statement: per status and listing,
 * a short walk of the (owner, status, newest) index, then the newest of those; never a sort of
 * every lead the listings have. One listing's board walks the index once per status, with no
 * listing level to plan (2.2 ms of planning and 1.6 ms of execution against 0.2 and 0.4 for a
 * destination with 5,000 leads). Each status's count rides on its leads' rows (a status with a
 * visible lead has a row; one without has neither), saving the board a statement of its own. Each
 * status is counted in its range of the (owner, status, visible) index, read alone: for 5,000
 * leads 0.5 ms, against 1.3 ms for one pass of the (owner, visible, status) index hashing the
 * statuses, which was most of a board's time in PostgreSQL.
 */
export async function pipelineLeads(
  db: TDb,
  ownerIds: readonly string[],
  visibleAt: Date,
  perStatus: number,
): Promise<{ leads: TLeadCardView[]; counts: Map<TLeadStatus, number> }> {
  if (ownerIds.length === 0) return { leads: [], counts: new Map() };
  const one = ownerIds.length === 1;
  const rows = await keptLeadStatements<TLeadCardView & { statusCount: number }>(
    db,
    one ? "pipeline|one" : "pipeline|many",
    (bindValue) => {
      const bind = planBlind(bindValue, BOARD_VALUE_TYPES);
      const visible = sql`${eventLeads.visibleFrom} <= ${bind("visibleAt", visibleAt)}`;
      // Visibility is checked on the leads the walk reads, never an index condition: a plan kept
      // for any values guesses a few leads per listing and would take the (owner, visible, status)
      // index, then sort each status's leads, where the (owner, status, newest) index gives them
      // in order and stops at the column's last card.
      const newestOf = (
        owner: SQLWrapper | Placeholder,
      ) => sql`select ${eventLeads.id}, ${eventLeads.createdDate}
        from ${eventLeads}
        where ${eventLeads.ownerId} = ${owner} and ${eventLeads.status} = s.status and (${visible}) is true
        order by ${eventLeads.createdDate} desc, ${eventLeads.id} desc limit ${bind("perStatus", perStatus)}`;
      const owners = one ? bind("owner", ownerIds[0]!) : bind("owners", [...ownerIds]);
      const newestOfStatus = one
        ? newestOf(owners)
        : sql`select l.id from unnest(${owners}::uuid[]) o(id)
            cross join lateral (${newestOf(sql`o.id`)}) l
            order by l.created_date desc, l.id desc limit ${bind("perStatusOfAll", perStatus)}`;
      // Counted first, each status's visible leads a range of the (owner, status, visible) index
      // read alone (materialized: a plan for any values, which guesses a few leads per listing,
      // would otherwise count again for each of a status's leads); a status without a visible lead
      // has no card, so no row.
      const statuses = sql.join(LEAD_STATUSES.map(constant), sql`, `);
      const counted = sql`select s.status, (select count(*)::int from ${eventLeads}
          where ${one ? sql`${eventLeads.ownerId} = ${owners}` : sql`${eventLeads.ownerId} = any(${owners}::uuid[])`}
            and ${eventLeads.status} = s.status and ${visible}) as n
        from unnest(array[${statuses}]::text[]) s(status)`;
      const board = sql`(with counted as materialized (${counted})
        select n.id, s.n from counted s cross join lateral (${newestOfStatus}) n) board`;
      return selectLeads(
        db,
        undefined,
        { ...cardSelection, statusCount: sql<number>`board.n` },
        {
          table: board,
          on: sql`board.id = ${eventLeads.id}`,
        },
      );
    },
  );
  const counts = new Map<TLeadStatus, number>();
  for (const row of rows) counts.set(row.lead.status, row.statusCount);
  return { leads: rows, counts };
}

/** Each listing's visible leads: how many, and when the newest came (listings without are absent). */
export async function leadsPerOwner(db: TDb, ownerIds: readonly string[], visibleAt: Date) {
  if (ownerIds.length === 0) return new Map<string, { count: number; newest: Date }>();
  const rows = await leadStatements<{ ownerId: string; n: number; newest: Date }>(
    db,
    "leadsPerOwner",
    (bind) =>
      db
        .select({
          ownerId: eventLeads.ownerId,
          n: count(),
          newest: sql`max(${eventLeads.createdDate})`.mapWith(eventLeads.createdDate),
        })
        .from(eventLeads)
        .where(scopeCondition({ kind: "listings", ownerIds, visibleAt }, bind))
        .groupBy(eventLeads.ownerId),
  );
  return new Map(rows.map((row) => [row.ownerId, { count: row.n, newest: row.newest }]));
}
