// When a request's event may happen, when the organizer is flexible (`dateOptions` of a request):
// several alternative date sets ("March 14-15 or March 21-22"), or a window ("2 days in a row,
// Friday to Sunday, any time between March 1 and April 30"). Absent (null), the event's own dates
// are the one date set. Matching reads every set (rules/request-dates.ts) against venue calendars.
import { z } from "zod";
import { ZWeekday } from "./availability";
import { ZIsoDate } from "./common";

/** Most alternative date sets a request may give. */
export const REQUEST_MAX_DATE_SETS = 8;
/** The longest a date set may be, in days (also a window's `days`). */
export const REQUEST_MAX_SET_DAYS = 21;
/** The longest a window may span, first to last day. */
export const REQUEST_MAX_WINDOW_DAYS = 366;

/** One date set: the event's first and last day. */
export const ZDateSet = z
  .object({ startDate: ZIsoDate, endDate: ZIsoDate })
  .refine((s) => s.startDate <= s.endDate, {
    message: "A date set cannot end before it starts",
    path: ["endDate"],
  });
export type TDateSetInput = z.infer<typeof ZDateSet>;

export const ZRequestDateSets = z.object({
  kind: z.literal("sets"),
  sets: z.array(ZDateSet).min(1).max(REQUEST_MAX_DATE_SETS),
});

/**
 * `days` consecutive days, every one on a weekday of `weekdays` (0 Sunday … 6 Saturday; empty:
 * any day), starting and ending between `from` and `to`.
 */
export const ZRequestDateWindow = z
  .object({
    kind: z.literal("window"),
    from: ZIsoDate,
    to: ZIsoDate,
    days: z.number().int().min(1).max(REQUEST_MAX_SET_DAYS),
    weekdays: z.array(ZWeekday).max(7).default([]),
  })
  .refine((w) => w.from <= w.to, { message: "A window cannot end before it starts", path: ["to"] });

export const ZRequestDates = z.discriminatedUnion("kind", [ZRequestDateSets, ZRequestDateWindow]);
export type TRequestDates = z.infer<typeof ZRequestDates>;
