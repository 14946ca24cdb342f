// A venue calendar's reference lists and limits.

/** Booked and held days are taken; need dates are days the venue wants to fill. */
export const AVAILABILITY_KINDS = ["booked", "held", "need"] as const;
export type TAvailabilityKind = (typeof AVAILABILITY_KINDS)[number];
export const AVAILABILITY_KIND_LABELS: Record<TAvailabilityKind, string> = {
  booked: "Booked",
  held: "Held",
  need: "Need dates",
};

/** Where a range came from: written by hand, made by a weekly rule, or an award of ours. */
export const AVAILABILITY_SOURCES = ["manual", "rule", "award"] as const;
export type TAvailabilitySource = (typeof AVAILABILITY_SOURCES)[number];

/** Ranges a venue keeps at most (a weekly rule's days count one each). */
export const AVAILABILITY_MAX_RANGES = 2000;
/** How far ahead a range may reach, in days from today (about five years: championships are booked that far out). */
export const AVAILABILITY_MAX_DAYS_AHEAD = 1830;
/** The longest a range may be, in days. */
export const AVAILABILITY_MAX_RANGE_DAYS = 366;
/** The window a calendar read may span, in days. */
export const AVAILABILITY_MAX_WINDOW_DAYS = 400;
