// What the pages around a place read: a destination's facilities, hotels and upcoming events, and
// a state's landing page (spec §9's landing states) in one reply.
import { z } from "zod";
import { REGIONS } from "../reference";
import { DESTINATION_AROUND } from "../reference/places";
import { detailSchemaOfKind } from "./kind-details";
import { zProfile } from "./profile-kinds";

export { DESTINATION_AROUND, type TDestinationAround } from "../reference/places";
export const ZDestinationAroundParams = z.object({
  id: z.uuid(),
  section: z.enum(DESTINATION_AROUND),
});

/** How many listings of each kind a state's landing page shows. */
export const STATE_LANDING_TAKE = 6;

export const ZLandingState = z.object({
  name: z.string(),
  slug: z.string(),
  region: z.enum(REGIONS),
  featured: z.boolean(),
  headerImage: z.string(),
  /** A link to a video; the page offers it and never loads it on its own. */
  featuredVideo: z.string().nullable(),
});
export type TLandingState = z.infer<typeof ZLandingState>;

/** `capped`: at least `count` (see ZListMeta). */
const zPage = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    count: z.number().int().min(0),
    capped: z.boolean().optional(),
  });

export const ZStateLanding = z.object({
  state: ZLandingState,
  /** The state's destinations, most liked first. */
  destinations: zPage(zProfile(detailSchemaOfKind("destination"))),
  /** The state's facilities, most liked first. */
  facilities: zPage(zProfile(detailSchemaOfKind("facility"))),
  /** The state's events not over yet, soonest first. */
  events: zPage(zProfile(detailSchemaOfKind("event"))),
});
export type TStateLanding = z.infer<typeof ZStateLanding>;
