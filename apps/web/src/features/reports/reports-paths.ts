// The addresses of the reports pages (a listing's dashboard, the member's reports, the leaderboards,
// the admin RFP overview) and the link a listing's manage menu offers to its dashboard. Imports
// only the domain's lists, so the manage menu and the shell can name these without the pages.
import {
  LEADERBOARD_KINDS,
  REPORT_SECTIONS,
  TRACKED_KINDS,
  type TReportSection,
  type TTrackedKind,
} from "@hostfield/domain/contracts";

import { REPORTS_PATH } from "../../lib/paths";

export { REPORTS_PATH };
export const RFP_OVERVIEW_PATH = "/reports/rfps";
export const LEADERBOARDS_PATH = "/leaderboards";

/** The boards a member may open: one per ranked kind, and the RFP responders'. */
export const LEADERBOARD_BOARDS = [...LEADERBOARD_KINDS, "rfps"] as const;
export type TLeaderboardBoard = (typeof LEADERBOARD_BOARDS)[number];

/** What the pages call each kind and board. */
export const KIND_LABELS: Record<TTrackedKind, string> = {
  event: "Event",
  destination: "Destination",
  facility: "Facility",
  organization: "Organization",
  story: "Story",
  business: "Business",
  company: "Company",
  hotel: "Hotel",
};

export const BOARD_LABELS: Record<TLeaderboardBoard, string> = {
  event: "Events",
  destination: "Destinations",
  facility: "Facilities",
  organization: "Organizations",
  rfps: "RFP responders",
};

/** A destination's dashboard has one tab more than the report calls: its economic impact. */
export const IMPACT_TAB = "impact";
export type TReportTab = TReportSection | typeof IMPACT_TAB;

export function isTrackedKind(value: string): value is TTrackedKind {
  return (TRACKED_KINDS as readonly string[]).includes(value);
}

export function isLeaderboardBoard(value: string): value is TLeaderboardBoard {
  return (LEADERBOARD_BOARDS as readonly string[]).includes(value);
}

/** The tabs of a kind's dashboard: its report sections, then the impact for destinations. */
export function reportTabs(kind: TTrackedKind): readonly TReportTab[] {
  const sections = REPORT_SECTIONS[kind];
  return kind === "destination" ? [...sections, IMPACT_TAB] : sections;
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
