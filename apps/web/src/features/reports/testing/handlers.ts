// Test-only MSW handlers for the reports pages' calls: every listing report answers the world's
// builder for the range asked (or the world's error), its CSV the world's text, the impact its
// JSON, CSV or a one-line PDF, the leaderboards the world's board, and my listings of each kind.
import { type TReport, ZImpact, ZLeaderboard, ZReport } from "@hostfield/domain/contracts";
import { PROFILE_API, PROFILE_KINDS, type TProfileKind } from "@hostfield/domain/reference";
import { HttpResponse, http } from "msw";
import { z } from "zod";
import { dataReply, errorReply, listReply } from "../../../test/msw";
import { paymentsOff } from "../../payments/testing";
import { buildImpact, buildLeaderboard, buildReport, TODAY } from "./data";

export const REPORTS = "/report-mgmt/api";

export type TReportsWorld = {
  /** The report a call answers, given its path and range. */
  report: (path: string, range: { startDate: string; endDate: string }) => TReport;
  /** Answer every report call with this status instead (403, 500…). */
  failWith: number | null;
  csv: string;
  leaderboard: (revealed: boolean) => ReturnType<typeof buildLeaderboard>;
  revealed: boolean;
  /** My listings, per kind. */
  mine: Partial<Record<TProfileKind, { id: string; name: string }[]>>;
};

export function reportsWorld(overrides: Partial<TReportsWorld> = {}): TReportsWorld {
  return {
    report: (_path, range) => buildReport(range),
    failWith: null,
    csv: "day,views\r\n2026-03-31,30\r\n",
    leaderboard: buildLeaderboard,
    revealed: false,
    mine: {},
    ...overrides,
  };
}

const rangeOf = (request: Request) => {
  const query = new URL(request.url).searchParams;
  return {
    startDate: query.get("startDate") ?? TODAY,
    endDate: query.get("endDate") ?? TODAY,
  };
};

export function reportsHandlers(world: TReportsWorld) {
  return [
    // Payments off: the organization stats gate offers no plans.
    ...paymentsOff(),
    http.get(`${REPORTS}/:kinds/leaderboard`, () =>
      dataReply(ZLeaderboard, world.leaderboard(world.revealed)),
    ),
    http.get(`${REPORTS}/events/rfps/leaderboard`, () =>
      dataReply(ZLeaderboard, world.leaderboard(world.revealed)),
    ),
    http.get(`${REPORTS}/destinations/:id/impact`, ({ request }) => {
      const format = new URL(request.url).searchParams.get("format");
      if (format === "pdf") {
        return new HttpResponse("%PDF-1.4\n", { headers: { "Content-Type": "application/pdf" } });
      }
      if (format === "csv") {
        return new HttpResponse(world.csv, { headers: { "Content-Type": "text/csv" } });
      }
      return dataReply(ZImpact, buildImpact(rangeOf(request)));
    }),
    http.get(`${REPORTS}/*`, ({ request }) => {
      const url = new URL(request.url);
      if (world.failWith) {
        return errorReply(
          world.failWith,
          world.failWith === 403 ? "FORBIDDEN" : "INTERNAL_ERROR",
          "Refused.",
        );
      }
      if (url.searchParams.get("format") === "csv") {
        return new HttpResponse(world.csv, { headers: { "Content-Type": "text/csv" } });
      }
      return dataReply(ZReport, world.report(url.pathname, rangeOf(request)));
    }),
    ...PROFILE_KINDS.map((kind) => {
      const { service, path } = PROFILE_API[kind];
      return http.get(`/${service}/api/${path}/my`, () =>
        listReply(z.object({ id: z.string(), name: z.string() }), world.mine[kind] ?? []),
      );
    }),
  ];
}
