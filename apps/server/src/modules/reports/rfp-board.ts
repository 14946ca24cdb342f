// The RFP leaderboard (board `rfps`): destinations and facilities that receive leads, ranked over the
// last LEADERBOARD_DAYS days by response rate (leads answered of leads received, %), median hours
// from a lead becoming visible to its first answer (lower is better) and win rate (won of won and
// lost, %). Responders with fewer than RFP_MIN_LEADS leads are not ranked; one that answered no
// lead is not ranked on response time, one with no decided lead not on win rate.
import { RFP_LEADERBOARD_METRICS } from "@hostfield/domain/contracts";
import { sql } from "drizzle-orm";
import type { TReportsContext } from "./context";
import { boardPeriod, writeBoard } from "./standings";

type TRfpMetric = (typeof RFP_LEADERBOARD_METRICS)[number];

/** Fewest leads in the period for a responder to be ranked. */
export const RFP_MIN_LEADS = 3;

/** Where lower is better. */
const ASCENDING: Record<TRfpMetric, boolean> = {
  responseRate: false,
  firstResponseHours: true,
  winRate: false,
};

/** What a reader of the board is told about how it was made. */
export const RFP_BOARD_NOTES = [
  `Destinations and facilities with at least ${RFP_MIN_LEADS} leads in the period are ranked; those with fewer are left out.`,
  "Response rate: leads answered (a first response: interested with a proposal, or passed) of leads received, in percent.",
  "First response: the median hours from a lead becoming visible to its first answer; lower ranks higher. Responders who answered none are not ranked on it.",
  "Win rate: leads won of leads decided (won or lost), in percent. Responders with no decided lead are not ranked on it.",
];

export async function computeRfpBoard(ctx: TReportsContext): Promise<void> {
  const at = ctx.now();
  const { span } = boardPeriod(at);
  const stats = await ctx.rfps.standings.responderStats(span, RFP_MIN_LEADS);
  const places = new Map(
    (await ctx.profiles.standings.listedPlaces(stats.map((s) => s.ownerId))).map((p) => [p.id, p]),
  );
  const ranked = stats.filter((s) => places.has(s.ownerId));
  const values: Record<TRfpMetric, (number | null)[]> = {
    responseRate: ranked.map((s) => (s.responded / s.leads) * 100),
    firstResponseHours: ranked.map((s) => s.medianHours),
    winRate: ranked.map((s) => (s.won + s.lost > 0 ? (s.won / (s.won + s.lost)) * 100 : null)),
  };
  const columns = sql.join(
    RFP_LEADERBOARD_METRICS.map((m) => sql`${sql.param(values[m])}::float8[]`),
    sql`, `,
  );
  const lateral = sql.join(
    RFP_LEADERBOARD_METRICS.map(
      (m) => sql`(${m}, r.${sql.identifier(m)}, ${sql.raw(String(ASCENDING[m]))})`,
    ),
    sql`, `,
  );
  const rows = sql`
    select r.id, r.state_raw, v.metric, v.value, v.ascending
    from unnest(${sql.param(ranked.map((s) => s.ownerId))}::uuid[],
      ${sql.param(ranked.map((s) => places.get(s.ownerId)?.state ?? null))}::text[], ${columns})
      as r(id, state_raw, ${sql.join(
        RFP_LEADERBOARD_METRICS.map((m) => sql.identifier(m)),
        sql`, `,
      )})
    cross join lateral (values ${lateral}) as v(metric, value, ascending)
    where v.value is not null`;
  await writeBoard(ctx.db, "rfps", rows, at);
}
