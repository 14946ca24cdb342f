// The addresses of the reports pages (a listing's dashboard, the member's reports, the leaderboards,
// the admin RFP overview) and the link a listing's manage menu offers to its dashboard. It imports
// the report contracts' types only: their values come with zod, which the manage menu (loaded on
// every editor's listing page) does not otherwise need. The records below name every tracked kind
// and board, so the compiler holds them to the contracts' lists.
import type { TLeaderboardKind, TReportSection, TTrackedKind } from "@hostfield/domain/contracts";
import { KINDS, kindRecord } from "@hostfield/domain/kinds";
import { REPORTS_PATH } from "../../lib/paths";

export { REPORTS_PATH };
export const RFP_OVERVIEW_PATH = "/reports/rfps";
export const LEADERBOARDS_PATH = "/leaderboards";

/** The boards a member may open: one per ranked kind, and the RFP responders'. */
export type TLeaderboardBoard = TLeaderboardKind | "rfps";

/** What the pages call each kind with reports (TRACKED_KINDS): a listing kind by its label. */
export const KIND_LABELS: Record<TTrackedKind, string> = {
  ...kindRecord((kind) => KINDS[kind].label),
  story: "Story",
};

/** What the pages call each board. */
export const BOARD_LABELS: Record<TLeaderboardBoard, string> = {
  event: "Events",
  destination: "Destinations",
  facility: "Facilities",
  organization: "Organizations",
  rfps: "RFP responders",
};

export const LEADERBOARD_BOARDS = Object.keys(BOARD_LABELS) as TLeaderboardBoard[];

/** A destination's dashboard has one tab more than the report calls: its economic impact. */
export const IMPACT_TAB = "impact";
export type TReportTab = TReportSection | typeof IMPACT_TAB;

/** A kind with reports (REPORT_SECTIONS has every tracked kind). */
export function isTrackedKind(value: string): value is TTrackedKind {
  return Object.hasOwn(KIND_LABELS, value);
}

export function isLeaderboardBoard(value: string): value is TLeaderboardBoard {
  return (LEADERBOARD_BOARDS as readonly string[]).includes(value);
}

/** `/reports/facility/{id}` (the overview), `/reports/facility/{id}/leads`. */
export function reportPath(kind: TTrackedKind, id: string, tab?: TReportTab): string {
  const base = `${REPORTS_PATH}/${kind}/${encodeURIComponent(id)}`;
  return tab && tab !== "profile" ? `${base}/${tab}` : base;
}

/** `/leaderboards/facility`, `/leaderboards/rfps`. */
export function leaderboardPath(board: TLeaderboardBoard): string {
  return `${LEADERBOARDS_PATH}/${board}`;
}

export type TReportsManageLink = { label: string; to: string };

/**
 * The dashboard a listing's editor may open from its page: every kind that has reports, and
 * nothing for someone who may not update the listing (a visitor).
 */
export function reportsManageLinks(
  kind: string,
  id: string,
  canManage: boolean,
): TReportsManageLink[] {
  if (!canManage || !isTrackedKind(kind)) return [];
  return [{ label: "Reports", to: reportPath(kind, id) }];
}
