// The lead pipeline's public face: its pages, and what the organizer's pages (requests) show of
// leads: their status and urgency chips, history, the rules of a decision, how requests, leads and
// proposals read, and a proposal's lines and terms (proposal-view) to set side by side.
export { LeadHistory } from "./lead-history";
export { LeadPage } from "./lead-page";
export {
  AWARD_LOSER_STATUSES,
  canDecide,
  checkReason,
  heldBackLeadNote,
  leadReasonCheck,
  movePatch,
  REASON_TOO_LONG,
  showsStatusReason,
} from "./lead-rules";
export { LEAD_STATUS_COLORS, LeadStatusChip } from "./lead-status-chip";
export { patchLead } from "./leads-api";
export { PipelinePage } from "./pipeline-page";
export {
  depositText,
  expiryText,
  formatMoney,
  LINE_KIND_LABELS,
  lineDatesText,
  lineRateText,
  pricedDays,
  proposalPriceText,
} from "./proposal-form-rules";
export { ProposalLines, ProposalPerDay, ProposalTerms } from "./proposal-view";
export {
  forComparison,
  formatMiles,
  formatPrice,
  groupByVenue,
  leadCountList,
  leadTotal,
  plural,
  reachesVenueOn,
  respondedIn,
  spaceSummary,
  sportsLine,
  type TVenueGroup,
  type TVenueLead,
  urgencyLevel,
  whereSummary,
} from "./request-format";
export { RfpMarketplacePage } from "./rfp-marketplace-page";
export { UrgencyChip } from "./urgency-chip";
