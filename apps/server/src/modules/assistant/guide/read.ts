// The facts a question states, read with the language layer (the reference lists' vocabulary,
// numbers, dates, prices, radii) into the retrieval queries: without the area, whose names and
// anchors understand.ts finds after.
import { AMENITIES } from "@hostfield/domain/reference";
import { addDays } from "@hostfield/domain/rules";
import { findDates } from "../language/dates";
import { findTerms, meaningsOf, valuesOf } from "../language/lexicon";
import { findPrices } from "../language/numbers";
import { findRadii } from "../language/places";
import { countAfter, countBefore, findQuantities } from "../language/quantities";
import { matchesOf, plainText, type TSpan } from "../language/spans";
import type { TEventQuery, THotelQuery, TPlaceQuery, TRateLimit, TVenueQuery } from "./retrieve";
import { has, type TGuideTopic, type TTopicSigns, topicWordsOf, VENUE_WORDS } from "./topics";

/** The facts a question states, as the retrieval queries take them (a reading hands them on). */
export type TStatedFacts = {
  venue: TVenueQuery;
  hotel: THotelQuery;
  place: TPlaceQuery;
  event: TEventQuery;
  teams: number | null;
  amenities: string[];
};

/** What a question's own words say: its facts and the signs of its topic and anchor. */
export type TRead = TTopicSigns &
  TStatedFacts & {
    topic: TGuideTopic | null;
    anchorWords: boolean;
    anchorType: string | null;
    downtown: boolean;
    radius: number | null;
    stateFacts: number;
  };

const EXCLUSIVE = /^(?:under|below|less than|cheaper than|<)/i;

// ---- amenities ---------------------------------------------------------------------------------

const AMENITY_WORDS: readonly (readonly [string, string])[] = [
  ["Parking", "parking|park (?:our|the)? ?(?:cars|buses|bus)"],
  ["Wifi", "wi-?fi|internet"],
  ["Restrooms", "restrooms?|bathrooms?|toilets?"],
  ["Bleachers", "bleachers|stands"],
  ["Scoreboard", "scoreboards?"],
  ["Locker Rooms", "locker ?rooms?|changing rooms?"],
  ["Showers", "showers?"],
  ["Concessions", "concessions?|concession stands?|snack bar"],
  ["Wheelchair Accessible", "wheelchair|accessible|accessibility|ada"],
  ["Air Conditioning", "air[- ]?condition(?:ing|ed)?|a/c"],
  ["Field Lights", "field lights|lights|lighted|lit fields?"],
  ["Live Streaming", "live ?stream(?:ing)?|streaming"],
  ["First Aid", "first aid"],
  ["AED", "aeds?|defibrillators?"],
  ["Athletic Training Room", "training rooms?|athletic trainers?"],
  ["Pro Shop", "pro shops?"],
  ["Playground", "playgrounds?"],
  ["Picnic Area", "picnic"],
  ["Public Transit", "public transit|public transport(?:ation)?|light rail|subway"],
  ["Security", "security"],
  ["Video Board", "video boards?|jumbotrons?"],
  ["Sound System", "sound systems?|pa system"],
  ["Press Box", "press box(?:es)?"],
  ["VIP Suites", "vip suites?|luxury suites?"],
  ["Team Rooms", "team rooms?"],
  ["Loading Dock", "loading docks?"],
];
const AMENITY_NAMES: ReadonlySet<string> = new Set(AMENITIES.map((a) => a.name));

/** The facts a question states, without the area (names and anchors are found after). */
export function read(question: string, today: string): TRead {
  const text = plainText(question);
  const taken: TSpan[] = [];
  const dates = findDates(text, today);
  taken.push(...dates.map((d) => d.span));
  const prices = findPrices(text, taken);
  taken.push(...prices.map((p) => p.span));
  const radii = findRadii(text, taken);
  taken.push(...radii.map((r) => r.span));
  const terms = findTerms(text, taken);
  const sports = valuesOf(terms, "sport");
  const facilityTypes = new Set<string>(valuesOf(terms, "facilityType"));
  const spaceTerms = meaningsOf(terms, "spaceType").filter((m) => {
    // A word that names a facility type too ("stadium") is read as one: it matches either.
    if (facilityTypes.has(m.value)) return false;
    return true;
  });
  const spaceTypes = [...new Set(spaceTerms.map((m) => m.value))];
  const surfaces = valuesOf(terms, "surface");
  const locations = valuesOf(terms, "location");
  const location =
    locations.length === 1 && locations[0] !== "Both"
      ? (locations[0] as "Indoor" | "Outdoor")
      : null;
  const modifiers = terms.map((t) => t.span);
  const counts = spaceTerms
    .map((m) => countBefore(text, m.span, { taken, modifiers }) ?? countAfter(text, m.span, taken))
    .filter((n) => n !== null && n.value > 1);
  const quantities = findQuantities(text, { taken, modifiers });
  const teams = quantities.find((q) => q.kind === "teams" && !q.perTeam)?.value ?? null;
  const seats =
    quantities.find((q) => q.kind === "seats" || (q.kind === "people" && q.role === "spectators"))
      ?.value ?? null;
  const people = quantities.find((q) => q.kind === "people" && !q.perTeam)?.value ?? null;
  const ages = meaningsOf(terms, "ageGroup").map((m) => m.value);

  const venueWords = has(text, VENUE_WORDS);
  const facts = sports.length + spaceTypes.length + facilityTypes.size;
  const { topics, hotelAsPlace, hosting } = topicWordsOf(text, venueWords || facts > 0);

  const price = prices.find((p) => p.bound === "atMost" || p.bound === "exact");
  const bare = matchesOf(
    text,
    /(?<![a-z$])(under|below|less than|cheaper than|at most|up to|no more than)\s+(\d{2,4})(?!\s*(?:miles?|mi|km|minutes?|teams?|people|rooms?))/gi,
  )[0];
  const maxRate: TRateLimit | null = price
    ? { value: price.value, inclusive: !EXCLUSIVE.test(price.span.text) }
    : bare && topics.includes("hotels")
      ? { value: Number(bare.match[2]), inclusive: !EXCLUSIVE.test(bare.match[1]!) }
      : null;

  const date = dates[0] ?? null;
  const stay = date
    ? { checkIn: date.start, checkOut: date.end > date.start ? date.end : addDays(date.start, 1) }
    : null;
  const kids =
    ages.includes("Youth") ||
    has(
      text,
      "kids?|children|child|famil(?:y|ies)|youth|young (?:players|athletes|kids)|little ones|toddlers?|\\d{1,2}[- ]?(?:year|yr)[- ]?olds?|\\d{1,2}u|u\\d{1,2}|middle school(?:ers)?",
    );
  const groups =
    has(text, "team|teams|group|groups|squad|part(?:y|ies)|club") || (people ?? 0) >= 8;
  const amenities = AMENITY_WORDS.filter(
    ([name, words]) => AMENITY_NAMES.has(name) && has(text, words),
  ).map(([name]) => name);
  const specific = matchesOf(
    text,
    /(?<![a-z])(pizza|burgers?|bbq|barbecue|tacos?|coffee|ice cream|sushi|steak(?:house)?|brewer(?:y|ies)|bowling|arcades?|trampoline|laser tag|mini golf|escape rooms?|movies?|museums?|zoo|seafood|chinese|mexican|italian|thai|indian|vegan|vegetarian|bakery|donuts?|wings)(?![a-z])/gi,
  ).map((m) => m.match[1]!.toLowerCase());
  const anchorWords = has(
    text,
    "near|nearby|close to|closest to|next to|around|by|walking distance|within|from|minutes from|there",
  );
  const anchorType =
    [...facilityTypes].find((t) => has(text, `the ${t.toLowerCase()}`)) ??
    (has(text, "the convention center|the convention centre") ? "Convention Center" : null);
  const walking = has(text, "walking distance|walk(?:able)? (?:to|from)");
  return {
    topic: null,
    topics,
    hotelAsPlace,
    hosting,
    venueFacts: facts > 0,
    venue: {
      sports,
      spaceTypes,
      surfaces,
      location,
      minCount: counts[0]?.value ?? null,
      facilityTypes: [...facilityTypes],
      minCapacity: seats ?? (venueWords && people && people >= 100 ? people : null),
      amenities,
    },
    hotel: { maxRate, stay, radiusMiles: radii[0]?.miles ?? (walking ? 1 : null) },
    place: {
      kids,
      groups,
      text: specific.length > 0 ? specific.join(" ") : null,
      radiusMiles: radii[0]?.miles ?? (walking ? 1 : null),
    },
    event: { sports, from: date?.start ?? null, to: date?.end ?? null },
    teams,
    amenities,
    anchorWords,
    anchorType,
    downtown: has(text, "downtown|city cent(?:er|re)|the city"),
    radius: radii[0]?.miles ?? null,
    stateFacts: facts + (location ? 1 : 0) + surfaces.length + (maxRate ? 1 : 0) + (date ? 1 : 0),
  };
}
