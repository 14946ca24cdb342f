// The lead pipeline's public face: its pages, and what the organizer's pages (requests) show of
// leads: their status and urgency chips, history, the rules of a decision, how requests, leads and
// proposals read, a proposal's lines and terms (proposal-view) to set side by side, and its
// versions.
export { LeadHistory } from "./lead-history";
export { LeadPage } from "./lead-page";
export {
  AWARD_LOSER_STATUSES,
  canAskRevision,
  canDecide,
  checkReason,
  hasEarlierVersions,
  heldBackLeadNote,
  leadReasonCheck,
  movePatch,
  openRevisionRequest,
  REASON_TOO_LONG,
  showsStatusReason,
} from "./lead-rules";
export { LEAD_STATUS_COLORS, LeadStatusChip } from "./lead-status-chip";
export { patchLead } from "./leads-api";
export { PipelinePage } from "./pipeline-page";
export { ProposalVersionsDialog } from "./proposal-versions-dialog";
export {
  askedDatesText,
  forComparison,
  formatMiles,
  formatPrice,
  groupByVenue,
  leadCountList,
  leadTotal,
  plural,
  reachesVenueOn,
  respondedIn,
  revisionChangesText,
  spaceSummary,
  sportsLine,
  type TVenueGroup,
  type TVenueLead,
  urgencyLevel,
  whereSummary,
} from "./request-format";
export { RfpMarketplacePage } from "./rfp-marketplace-page";
export { UrgencyChip } from "./urgency-chip";
