// The leaderboards' calls and when boards are computed. Four boards of listings (events,
// destinations, facilities, organizations: unique views, follows gained, leads received) and the
// RFP board of responders, each over the last LEADERBOARD_DAYS days, recomputed hourly by the
// `reports.standings` job (standings.ts, rfp-board.ts) and read blind (board-reads.ts): any
// signed-in member sees names and ranks and their own figures, admins every figure. And the admins'
// RFP overview (overview.ts).
import {
  LEADERBOARD_DAYS,
  LEADERBOARD_KINDS,
  LEADERBOARD_METRICS,
  REPORT_KIND_PATHS,
  RFP_LEADERBOARD_METRICS,
  ZLeaderboard,
  ZLeaderboardQuery,
  ZReport,
  ZReportQuery,
  ZRfpLeaderboardQuery,
  zDataEnvelope,
} from "@hostfield/domain/contracts";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { access, principalOf } from "../../platform/http/access";
import { envelope } from "../../platform/http/envelope";
import { routesOf, ZVersionQuery } from "../../platform/http/route-def";
import { readBoard } from "./board-reads";
import type { TReportsContext } from "./context";
import { overviewRange, rfpOverview } from "./overview";
import { computeRfpBoard, RFP_BOARD_NOTES } from "./rfp-board";
import { reportStandings } from "./schema";
import { BOARDS, computeKindBoard, type TBoard } from "./standings";

const TAGS = ["reports"];
const ZBoardQuery = ZLeaderboardQuery.extend(ZVersionQuery.shape);
const ZRfpBoardQuery = ZRfpLeaderboardQuery.extend(ZVersionQuery.shape);
const ZOverviewQuery = ZReportQuery.extend(ZVersionQuery.shape);

const KIND_NOTES = [
  `Ranked over the last ${LEADERBOARD_DAYS} days (UTC), recomputed every hour; listed listings only, those with nothing at the bottom.`,
  "Views are unique visitors: each visitor counts once per listing and day, however often it opened the page, summed over the days (first-party, no cookies, known robots dropped). Follows are the follows (likes, for events and facilities) gained in the period and still standing; leads are those received.",
  "Only admins see other listings' figures: everyone sees the names and ranks, and their own figures.",
];

export async function leaderboardRoutes(app: FastifyInstance, options: { ctx: TReportsContext }) {
  const { ctx } = options;
  const add = routesOf(app, TAGS);

  for (const kind of LEADERBOARD_KINDS) {
    add({
      method: "GET",
      url: `/${REPORT_KIND_PATHS[kind]}/leaderboard`,
      summary: `The ${kind} leaderboard (blind: names and ranks, your own figures; admins see all)`,
      description:
        "The top 10 of the board, or of `state`/`region`, and the caller's own listings with their standings. `offset` and `limit` page the whole board for admins; members always get the top 10.",
      access: access.signedIn,
      query: ZBoardQuery,
      response: zDataEnvelope(ZLeaderboard),
      handler: async (request) => {
        await ensureBoard(ctx, kind);
        const { metric, ...query } = request.query;
        return envelope(
          await readBoard(ctx, {
            board: kind,
            metric: metric ?? LEADERBOARD_METRICS[0],
            metrics: LEADERBOARD_METRICS,
            query,
            principal: principalOf(request),
            notes: KIND_NOTES,
          }),
        );
      },
    });
  }

  add({
    method: "GET",
    url: "/events/rfps/leaderboard",
    summary:
      "Responders to requests for proposals ranked by response rate, first-response time and win rate (blind)",
    access: access.signedIn,
    query: ZRfpBoardQuery,
    response: zDataEnvelope(ZLeaderboard),
    handler: async (request) => {
      await ensureBoard(ctx, "rfps");
      const { metric, ...query } = request.query;
      return envelope(
        await readBoard(ctx, {
          board: "rfps",
          metric: metric ?? RFP_LEADERBOARD_METRICS[0],
          metrics: RFP_LEADERBOARD_METRICS,
          query,
          principal: principalOf(request),
          notes: [
            `Ranked over the last ${LEADERBOARD_DAYS} days (UTC), recomputed every hour.`,
            ...RFP_BOARD_NOTES,
            "Only admins see other responders' figures.",
          ],
        }),
      );
    },
  });

  add({
    method: "GET",
    url: "/events/rfps/overview",
    summary:
      "Requests for proposals across the network: published, leads, response rate and time, awards, room nights",
    access: access.admin,
    query: ZOverviewQuery,
    response: zDataEnvelope(ZReport),
    handler: async (request) => envelope(await rfpOverview(ctx, overviewRange(ctx, request.query))),
  });
}

// ---- when boards are computed ------------------------------------------------------------------

// Per app (its context): the computation of a board under way, and the boards computed since start.
const flights = new WeakMap<TReportsContext, Map<TBoard, Promise<void>>>();
const computed = new WeakMap<TReportsContext, Set<TBoard>>();

function markComputed(ctx: TReportsContext, board: TBoard) {
  const done = computed.get(ctx) ?? new Set<TBoard>();
  done.add(board);
  computed.set(ctx, done);
}

/** Computes a board; a second call while one runs waits for it instead of starting another. */
function computeBoard(ctx: TReportsContext, board: TBoard): Promise<void> {
  const running = flights.get(ctx) ?? new Map<TBoard, Promise<void>>();
  flights.set(ctx, running);
  const existing = running.get(board);
  if (existing) return existing;
  const work = (board === "rfps" ? computeRfpBoard(ctx) : computeKindBoard(ctx, board))
    .then(() => markComputed(ctx, board))
    .finally(() => running.delete(board));
  running.set(board, work);
  return work;
}

/** Every board, one after another (the hourly `reports.standings` job). */
export async function computeStandings(ctx: TReportsContext): Promise<void> {
  for (const board of BOARDS) {
    const started = Date.now();
    await computeBoard(ctx, board);
    ctx.log.info({ board, ms: Date.now() - started }, "leaderboard standings computed");
  }
}

/**
 * A board read before it was ever computed is computed once, first (an empty board, one with no
 * listings, is not computed again on every read: only by the job).
 */
export async function ensureBoard(ctx: TReportsContext, board: TBoard): Promise<void> {
  if (computed.get(ctx)?.has(board)) return;
  const [row] = await ctx.db
    .select({ id: reportStandings.subjectId })
    .from(reportStandings)
    .where(eq(reportStandings.board, board))
    .limit(1);
  if (row) markComputed(ctx, board);
  else await computeBoard(ctx, board);
}
