// The assistant's rules both sides and the evaluation read: how far a destination's guide looks,
// how many listings an answer cites, the radius a described request gets, and the default guide.
import type { TRfpDraft, TTourGuideInput } from "../contracts/assistant";

/** Hotels, businesses and events within this many miles of a destination are its guide's. */
export const GUIDE_AREA_MILES = 25;

/** An answer cites at most this many listings (and says how many more matched). */
export const GUIDE_MAX_CITATIONS = 6;

/** A described request that names a place but no radius looks this far around it. */
export const RFP_DEFAULT_RADIUS_MILES = 50;

/** The guide of a destination that never configured one: named after its city, on. */
export function defaultTourGuide(destination: {
  name: string;
  city: string | null;
}): TTourGuideInput {
  const place = destination.city?.trim() || destination.name;
  return {
    name: `the ${place} guide`,
    greeting: `Hi! I answer questions about ${place} from ${destination.name}'s listings on Hostfield: venues and their courts and fields, hotels and their rates, places to eat and things to do, and upcoming events. When our records don't know, I'll say so.`,
    tone: "friendly",
    suggestedQuestions: [],
    stressTopics: [],
    avoidTopics: [],
    handoffUserIds: [],
    isEnabled: true,
  };
}

/** Without a number, "near X" means within this many miles of X. */
export const GUIDE_NEAR_MILES = 5;

/**
 * Spaces that serve the same play: a gymnasium or an arena floor holds courts, a stadium is a
 * field, a natatorium holds pools. A question naming one space type (or a sport, whose default
 * space type it then is) is answered by any space of its family.
 */
export const SPACE_FAMILIES: readonly (readonly string[])[] = [
  ["Court", "Gymnasium", "Arena Floor"],
  ["Field", "Stadium"],
  ["Rink", "Sheet", "Arena Floor"],
  ["Pool", "Natatorium", "Diving Well"],
];

/** The space types that answer for `spaceType`: its family, or itself alone. */
export function spaceFamilyOf(spaceType: string): readonly string[] {
  const families = SPACE_FAMILIES.filter((family) => family.includes(spaceType));
  if (families.length === 0) return [spaceType];
  // Its own family first (an arena floor belongs to two), without repeats.
  return [...new Set([spaceType, ...families.flat()])];
}

/** A draft request that understood nothing: every field null. */
export function emptyRfpDraft(): TRfpDraft {
  return {
    sportsList: null,
    startDate: null,
    endDate: null,
    spaceType: null,
    spaceSurface: null,
    spaceTypeCount: null,
    spaceLocation: null,
    address: null,
    dist: null,
    urgency: null,
    attendance: null,
    roomNights: null,
    hasFlexibleDates: null,
    dateOptions: null,
    type: null,
    ageGroup: null,
    teamCount: null,
    name: null,
  };
}
