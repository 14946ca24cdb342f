// A facility's space types (`/facilities/{id}/spaceTypes`): which spaces, how many, where, on what
// surface, and an optional indicative price per space per day ("from $450 per court per day") that
// lets a planner judge before asking. The price is counted in the proposals' currencies.
import { z } from "zod";
import { ZId, ZIsoDateTime } from "./common";
import { ZSpaceType } from "./event";
import { PROPOSAL_CURRENCIES } from "./rfp";

/** The highest indicative day price of one space (any currency): above it, it is a typo. */
export const SPACE_DAY_PRICE_MAX = 100_000;

/** What one space of the type costs a day, as an indication: not a quote. */
export const ZSpaceDayPrice = z.object({
  amount: z
    .number()
    .min(0, "A day price cannot be negative")
    .max(
      SPACE_DAY_PRICE_MAX,
      `A day price is at most ${SPACE_DAY_PRICE_MAX.toLocaleString("en-US")}`,
    )
    .multipleOf(0.01, "A day price has at most two decimals"),
  currency: z.enum(PROPOSAL_CURRENCIES),
});
export type TSpaceDayPrice = z.infer<typeof ZSpaceDayPrice>;

/** A space type as its managers write it (add, or change with JSON Patch). */
export const ZSpaceTypeInput = ZSpaceType.safeExtend({
  /** Null: no price given (the page shows none). */
  dayPrice: ZSpaceDayPrice.nullable().default(null),
});
export type TSpaceTypeInput = z.infer<typeof ZSpaceTypeInput>;

export const ZProfileSpaceType = z.object({
  id: ZId,
  profileId: ZId,
  name: z.string(),
  surface: z.string(),
  count: z.number().int(),
  location: z.string(),
  additionalFeatures: z.array(z.string()),
  dayPrice: ZSpaceDayPrice.nullable(),
  createdDate: ZIsoDateTime,
});
export type TProfileSpaceType = z.infer<typeof ZProfileSpaceType>;
