// The lead and opportunity pipeline: lead statuses and how urgently an organizer needs a venue.

export const LEAD_STATUSES = ["Open", "Interested", "Won", "Lost", "Passed"] as const;
export type TLeadStatus = (typeof LEAD_STATUSES)[number];

/**
 * Why an organizer turns a venue's proposal down (a decline, or the others' loss at an award),
 * coded so the venue and the reports can read it the same way; words may go with it.
 */
export const DECLINE_REASONS = [
  { code: "budget", label: "Over our budget" },
  { code: "dates", label: "The dates do not work" },
  { code: "space", label: "The space is too small" },
  { code: "location", label: "The location does not suit us" },
  { code: "another", label: "We chose another venue" },
  { code: "cancelled", label: "The event is cancelled" },
] as const;
export type TDeclineReasonCode = (typeof DECLINE_REASONS)[number]["code"];
export const DECLINE_REASON_CODES = DECLINE_REASONS.map((r) => r.code) as [
  TDeclineReasonCode,
  ...TDeclineReasonCode[],
];

export const URGENCY_LEVELS = [
  { priority: 0, label: "Urgent Need", tag: "In urgent need of a venue" },
  { priority: 1, label: "Near Future", tag: "Will need a venue scheduled in the near future" },
  { priority: 2, label: "Exploring", tag: "Exploring options for a future event" },
] as const;
export type TUrgencyLevel = (typeof URGENCY_LEVELS)[number];
/** 0 is the most urgent. */
export type TUrgencyPriority = TUrgencyLevel["priority"];
export type TUrgencyLabel = TUrgencyLevel["label"];
