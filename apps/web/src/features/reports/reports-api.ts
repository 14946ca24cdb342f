// The report service's calls the reports pages make (`/report-mgmt/api`): a listing's report for a
// section and range (and its CSV), a destination's economic impact (JSON, CSV, PDF), the
// leaderboards, the admin RFP overview, and the member's own listings of every kind to report on.
import {
  REPORT_KIND_PATHS,
  reportSectionPath,
  type TImpact,
  type TLeaderboard,
  type TReport,
  type TReportSection,
  type TTrackedKind,
  ZImpact,
  ZLeaderboard,
  ZReport,
} from "@hostfield/domain/contracts";
import { PROFILE_API, PROFILE_KINDS, type TProfileKind } from "@hostfield/domain/reference";
import { z } from "zod";
import { apiGet, apiGetBlob, apiGetList } from "../../lib/api";
import type { TLeaderboardBoard } from "./reports-paths";

export const REPORTS_API = "/report-mgmt/api";
const enc = encodeURIComponent;

/** The days a report covers, both ends included (`YYYY-MM-DD`, UTC). */
export type TDateRange = { startDate: string; endDate: string };

/** The lead statuses a lead report may narrow to. */
export const LEAD_STATUSES = ["Open", "Interested", "Won", "Lost", "Passed"] as const;
export type TLeadStatus = (typeof LEAD_STATUSES)[number];

export const reportsKeys = {
  all: ["reports"] as const,
  report: (
    kind: TTrackedKind,
    id: string,
    section: TReportSection,
    range: TDateRange,
    status?: TLeadStatus,
  ) => ["reports", "report", kind, id, section, range, status ?? null] as const,
  impact: (id: string, range: TDateRange) => ["reports", "impact", id, range] as const,
  leaderboard: (board: TLeaderboardBoard, metric: string | null, state: string | null) =>
    ["reports", "leaderboard", board, metric, state] as const,
  rfpOverview: (range: TDateRange) => ["reports", "rfp-overview", range] as const,
  myListings: (userId: string) => ["reports", "my-listings", userId] as const,
};

/** `/report-mgmt/api/facilities/{id}/hotels/pickup`. */
export function reportUrl(kind: TTrackedKind, id: string, section: TReportSection): string {
  return `${REPORTS_API}/${REPORT_KIND_PATHS[kind]}/${enc(id)}/${reportSectionPath(kind, section)}`;
}

export const RFP_OVERVIEW_URL = `${REPORTS_API}/events/rfps/overview`;
export const impactUrl = (destinationId: string) =>
  `${REPORTS_API}/destinations/${enc(destinationId)}/impact`;

/** `/report-mgmt/api/facilities/leaderboard`, `/report-mgmt/api/events/rfps/leaderboard`. */
export function leaderboardUrl(board: TLeaderboardBoard): string {
  if (board === "rfps") return `${REPORTS_API}/events/rfps/leaderboard`;
  return `${REPORTS_API}/${REPORT_KIND_PATHS[board]}/leaderboard`;
}

/** A dashboard call: the listing's report, or (without a listing) the admin RFP overview. */
export type TReportSource =
  | {
      scope: "listing";
      kind: TTrackedKind;
      id: string;
      section: TReportSection;
      status?: TLeadStatus;
    }
  | { scope: "rfp-overview" };

function sourceUrl(source: TReportSource): string {
  return source.scope === "listing"
    ? reportUrl(source.kind, source.id, source.section)
    : RFP_OVERVIEW_URL;
}

function sourceQuery(source: TReportSource, range: TDateRange) {
  return source.scope === "listing" && source.status ? { ...range, status: source.status } : range;
}

export function reportKey(source: TReportSource, range: TDateRange) {
  return source.scope === "listing"
    ? reportsKeys.report(source.kind, source.id, source.section, range, source.status)
    : reportsKeys.rfpOverview(range);
}

export function getReport(
  source: TReportSource,
  range: TDateRange,
  signal?: AbortSignal,
): Promise<TReport> {
  return apiGet(sourceUrl(source), { query: sourceQuery(source, range), schema: ZReport, signal });
}

/** The same call with `format=csv`: its tables and daily series as one file. */
export function downloadReportCsv(source: TReportSource, range: TDateRange): Promise<Blob> {
  return apiGetBlob(sourceUrl(source), {
    query: { ...sourceQuery(source, range), format: "csv" },
    headers: { Accept: "text/csv" },
  });
}

export function getImpact(
  destinationId: string,
  range: TDateRange,
  signal?: AbortSignal,
): Promise<TImpact> {
  return apiGet(impactUrl(destinationId), { query: range, schema: ZImpact, signal });
}

export function downloadImpact(
  destinationId: string,
  range: TDateRange,
  format: "csv" | "pdf",
): Promise<Blob> {
  return apiGetBlob(impactUrl(destinationId), {
    query: { ...range, format },
    headers: { Accept: format === "pdf" ? "application/pdf" : "text/csv" },
  });
}

export function getLeaderboard(
  board: TLeaderboardBoard,
  filter: { metric?: string | null; state?: string | null },
  signal?: AbortSignal,
): Promise<TLeaderboard> {
  return apiGet(leaderboardUrl(board), {
    query: { metric: filter.metric ?? undefined, state: filter.state ?? undefined },
    schema: ZLeaderboard,
    signal,
  });
}

// ---- the member's listings ----

/** What the reports page shows of one of my listings. */
export const ZMyListing = z.object({
  id: z.string().min(1),
  name: z.string(),
  status: z.string().optional(),
  address: z
    .object({ city: z.string().nullable().optional(), state: z.string().nullable().optional() })
    .nullable()
    .optional(),
});
export type TMyListing = z.infer<typeof ZMyListing> & { kind: TProfileKind };

/** The most listings of one kind the reports page lists. */
export const MY_LISTINGS_PER_KIND = 50;

/** `GET /{service}/api/{kinds}/my`: the listings of a kind I belong to. */
export function myListingsUrl(kind: TProfileKind): string {
  const { service, path } = PROFILE_API[kind];
  return `/${service}/api/${path}/my`;
}

/** My listings of every kind, in the order of the domain's kinds (a kind that fails is skipped). */
export async function listMyListings(
  signal?: AbortSignal,
): Promise<{ listings: TMyListing[]; failed: TProfileKind[] }> {
  const results = await Promise.allSettled(
    PROFILE_KINDS.map((kind) =>
      apiGetList(myListingsUrl(kind), {
        query: { offset: 0, take: MY_LISTINGS_PER_KIND },
        schema: ZMyListing,
        signal,
      }),
    ),
  );
  const listings: TMyListing[] = [];
  const failed: TProfileKind[] = [];
  results.forEach((result, index) => {
    const kind = PROFILE_KINDS[index]!;
    if (result.status === "fulfilled") {
      listings.push(...result.value.items.map((item) => ({ ...item, kind })));
    } else {
      failed.push(kind);
    }
  });
  if (failed.length === PROFILE_KINDS.length) {
    const first = results[0];
    throw first?.status === "rejected" ? first.reason : new Error("Your listings did not load.");
  }
  return { listings, failed };
}
