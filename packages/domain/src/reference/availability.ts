// A venue calendar's reference lists and limits.

/** Booked and held days are taken; need dates are days the venue wants to fill. */
export const AVAILABILITY_KINDS = ["booked", "held", "need"] as const;
export type TAvailabilityKind = (typeof AVAILABILITY_KINDS)[number];
export const AVAILABILITY_KIND_LABELS: Record<TAvailabilityKind, string> = {
  booked: "Booked",
  held: "Held",
  need: "Need dates",
};

/**
 * Where a range came from: written by hand, made by a weekly rule, an award of ours, or imported
 * from the venue's own booking system (its iCalendar feed or an uploaded .ics file).
 */
export const AVAILABILITY_SOURCES = ["manual", "rule", "award", "feed"] as const;
export type TAvailabilitySource = (typeof AVAILABILITY_SOURCES)[number];

/** Ranges a venue keeps at most (a weekly rule's days count one each). */
export const AVAILABILITY_MAX_RANGES = 2000;
/** How far ahead a range may reach, in days from today (about five years: championships are booked that far out). */
export const AVAILABILITY_MAX_DAYS_AHEAD = 1830;
/** The longest a range may be, in days. */
export const AVAILABILITY_MAX_RANGE_DAYS = 366;
/** The window a calendar read may span, in days. */
export const AVAILABILITY_MAX_WINDOW_DAYS = 400;

/** The largest iCalendar feed or file a calendar imports, in bytes. */
export const CALENDAR_FEED_MAX_BYTES = 1024 * 1024;
/** How often the feeds are read: every hour (the poll's cron, UTC). */
export const CALENDAR_FEED_POLL_MINUTES = 60;
/** The longest feed address. */
export const CALENDAR_FEED_URL_MAX_LENGTH = 2000;
