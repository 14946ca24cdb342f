// Leaderboards. (Filled in by the leaderboards work.)
import type { FastifyInstance } from "fastify";
import type { TReportsContext } from "./context";

export async function leaderboardRoutes(
  _app: FastifyInstance,
  _options: { ctx: TReportsContext },
) {}
export async function computeStandings(_ctx: TReportsContext): Promise<void> {}
