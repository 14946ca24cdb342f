// A venue's calendar (`/facilities/{id}/availability`, `/destinations/{id}/availability`): the days
// its managers mark booked, held or wanted ("need dates", with an optional discount), for the whole
// venue or, at a facility, for some of one space type's spaces. Matching a request reads it (rules
// /availability.ts); our own awarded events mark their days booked.
import { z } from "zod";
import { AVAILABILITY_KINDS, AVAILABILITY_SOURCES } from "../reference/availability";
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

/** A venue's calendar in a window: whether it keeps one at all, and its ranges there. */
export const ZAvailabilityCalendar = z.object({
  from: ZIsoDate,
  to: ZIsoDate,
  /** False until its managers mark a first range (then matching reads it). */
  kept: z.boolean(),
  ranges: z.array(ZAvailabilityRange),
});
export type TAvailabilityCalendar = z.infer<typeof ZAvailabilityCalendar>;
