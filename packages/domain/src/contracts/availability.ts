// A venue's calendar (`/facilities/{id}/availability`, `/destinations/{id}/availability`): the days
// its managers mark booked, held or wanted ("need dates", with an optional discount), for the whole
// venue or, at a facility, for some of one space type's spaces. Matching a request reads it (rules
// /availability.ts); our own awarded events mark their days booked.
import { z } from "zod";
import {
  AVAILABILITY_KINDS,
  AVAILABILITY_SOURCES,
  CALENDAR_FEED_URL_MAX_LENGTH,
} from "../reference/availability";
import { ZId, ZIsoDate, ZIsoDateTime } from "./common";

/** Every second weekday a rule repeats on: 0 Sunday … 6 Saturday. */
export const ZWeekday = z.number().int().min(0).max(6);

/**
 * A range of days as the managers write it. `repeat` makes one range a week on each weekday it
 * names, from `startDate` until `repeat.until` (a range then spans one day).
 */
export const ZAvailabilityInput = z
  .object({
    kind: z.enum(AVAILABILITY_KINDS),
    startDate: ZIsoDate,
    endDate: ZIsoDate,
    /** A facility's space type the range is about; null: the whole venue. */
    spaceTypeId: ZId.nullable().default(null),
    /** How many of that space type's spaces; null: all of them. */
    spaces: z.number().int().min(1).max(1000).nullable().default(null),
    /** Need dates only: the discount offered to fill them. */
    discountPercent: z.number().int().min(1).max(90).nullable().default(null),
    note: z.string().trim().max(200).nullable().default(null),
    repeat: z
      .object({ weekdays: z.array(ZWeekday).min(1).max(7), until: ZIsoDate })
      .nullable()
      .default(null),
  })
  .refine((r) => r.startDate <= r.endDate, {
    message: "A range cannot end before it starts",
    path: ["endDate"],
  })
  .refine((r) => r.discountPercent === null || r.kind === "need", {
    message: "Only need dates carry a discount",
    path: ["discountPercent"],
  })
  .refine((r) => r.spaces === null || r.spaceTypeId !== null, {
    message: "A number of spaces goes with a space type",
    path: ["spaces"],
  })
  .refine((r) => r.repeat === null || r.repeat.until >= r.startDate, {
    message: "A rule cannot stop before it starts",
    path: ["repeat", "until"],
  });
export type TAvailabilityInput = z.infer<typeof ZAvailabilityInput>;

/** A stored range: what was written (a rule's ranges each on their own), where it came from. */
export const ZAvailabilityRange = z.object({
  id: ZId,
  kind: z.enum(AVAILABILITY_KINDS),
  startDate: ZIsoDate,
  endDate: ZIsoDate,
  spaceTypeId: ZId.nullable(),
  spaces: z.number().int().nullable(),
  discountPercent: z.number().int().nullable(),
  /** The managers' words; shown to them only. */
  note: z.string().nullable(),
  source: z.enum(AVAILABILITY_SOURCES),
  /** The awarded event that booked these days (source "award"). */
  eventId: ZId.nullable(),
  createdDate: ZIsoDateTime,
});
export type TAvailabilityRange = z.infer<typeof ZAvailabilityRange>;

/** `GET …/availability?from&to`: the window read (today and the next 12 months by default). */
export const ZAvailabilityQuery = z.object({
  from: ZIsoDate.optional(),
  to: ZIsoDate.optional(),
});
export type TAvailabilityQuery = z.infer<typeof ZAvailabilityQuery>;

/**
 * How the calendar syncs with the venue's own booking system, for its managers: the iCalendar feed
 * read every hour (or a file imported once), how the last import went, and whether an export link
 * exists (its address is shown once, when made).
 */
export const ZCalendarSync = z.object({
  /** The .ics address read every hour; null: none set. */
  feedUrl: z.string().nullable(),
  /** When an import (of the feed or of a file) last succeeded, and the ranges it keeps. */
  lastImportedAt: ZIsoDateTime.nullable(),
  importedRanges: z.number().int().nullable(),
  /** What the last import left out, in words (a repeat it does not read, ranges past the limit). */
  importNotes: z.array(z.string()),
  /** Since when the feed's imports fail, and why the last one did; null while they succeed. */
  failingSince: ZIsoDateTime.nullable(),
  failure: z.string().nullable(),
  /** When the export link in use was made; null: none. */
  exportCreatedAt: ZIsoDateTime.nullable(),
});
export type TCalendarSync = z.infer<typeof ZCalendarSync>;

/**
 * `PUT …/availability/feed`: the feed's address, an .ics calendar over https (`webcal://`, as
 * calendar apps hand them out, is read over https; plain http only where the server allows it).
 */
export const ZCalendarFeedInput = z.object({
  url: z
    .url({
      protocol: /^(https?|webcals?)$/,
      error: "Enter the feed's address, starting with https://",
    })
    .max(CALENDAR_FEED_URL_MAX_LENGTH),
});
export type TCalendarFeedInput = z.infer<typeof ZCalendarFeedInput>;

/**
 * `POST …/availability/export`: the private address of the calendar as an .ics feed, shown this
 * once (only a hash of its secret is kept); a new one replaces the old, which stops working.
 */
export const ZCalendarExportLink = z.object({
  url: z.string(),
  createdAt: ZIsoDateTime,
});
export type TCalendarExportLink = z.infer<typeof ZCalendarExportLink>;

/** A venue's calendar in a window: whether it keeps one at all, and its ranges there. */
export const ZAvailabilityCalendar = z.object({
  from: ZIsoDate,
  to: ZIsoDate,
  /** False until its managers mark a first range (then matching reads it). */
  kept: z.boolean(),
  ranges: z.array(ZAvailabilityRange),
  /** Its sync with the venue's booking system: for its managers only (null for others). */
  sync: ZCalendarSync.nullable(),
});
export type TAvailabilityCalendar = z.infer<typeof ZAvailabilityCalendar>;
