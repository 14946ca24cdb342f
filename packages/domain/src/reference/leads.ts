// The lead and opportunity pipeline: lead statuses and how urgently an organizer needs a venue.

export const LEAD_STATUSES = ["Open", "Interested", "Won", "Lost", "Passed"] as const;
export type TLeadStatus = (typeof LEAD_STATUSES)[number];

export const URGENCY_LEVELS = [
  { priority: 0, label: "Urgent Need", tag: "In urgent need of a venue" },
  { priority: 1, label: "Near Future", tag: "Will need a venue scheduled in the near future" },
  { priority: 2, label: "Exploring", tag: "Exploring options for a future event" },
] as const;
export type TUrgencyLevel = (typeof URGENCY_LEVELS)[number];
/** 0 is the most urgent. */
export type TUrgencyPriority = TUrgencyLevel["priority"];
export type TUrgencyLabel = TUrgencyLevel["label"];
