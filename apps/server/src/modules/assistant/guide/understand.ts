// What a visitor's question asks the built-in guide (docs/assistant.md, "Understanding"): its topic,
// a listing it names, and the facts it states, read with the language layer (the reference lists'
// vocabulary, numbers, dates, prices, radii) into the retrieval queries. A follow-up without a topic
// of its own ("what about outdoor ones?") is read against the question before it. A question of
// several topics ("indoor basketball venues and hotels") is read once per topic, each from its own
// words.
import { AMENITIES, DESTINATION_SERVICES, findSport } from "@hostfield/domain/reference";
import { addDays, GUIDE_NEAR_MILES } from "@hostfield/domain/rules";
import { distanceMiles } from "../../../platform/geo/distance";
import type { TAreaListing } from "../../../profiles";
import { findDates } from "../language/dates";
import { findTerms, meaningsOf, valuesOf } from "../language/lexicon";
import { findPrices } from "../language/numbers";
import { findRadii } from "../language/places";
import { countAfter, countBefore, findQuantities } from "../language/quantities";
import { matchesOf, plainText, type TSpan } from "../language/spans";
import type { TGuideRequest } from "../providers/provider";
import type { TGuideArea, TGuideListing } from "./area";
import type {
  TEventQuery,
  THotelQuery,
  TPlaceCategory,
  TPlaceQuery,
  TRateLimit,
  TVenueQuery,
} from "./retrieve";

export type TGuideTopic =
  | "listing"
  | "destination"
  | "venues"
  | "hotels"
  | "events"
  | TPlaceCategory;

export type TUnderstood = {
  topic: TGuideTopic | null;
  /**
   * A question asking about several topics: one reading per topic, in the order asked (the first
   * is this reading's topic); empty when it asks about one.
   */
  parts: TUnderstood[];
  /** Listings of the area the question names, best match first. */
  named: TGuideListing[];
  venue: TVenueQuery;
  hotel: THotelQuery;
  place: TPlaceQuery;
  event: TEventQuery;
  teams: number | null;
  amenities: string[];
  /** A topic the destination leaves to its team, named in the question. */
  avoided: string | null;
  /** Something our records never hold ("the weather"). */
  outside: string | null;
  debug: Record<string, unknown>;
};

const re = (source: string) => new RegExp(source, "i");
const has = (text: string, source: string) => re(`(?<![a-z])(?:${source})(?![a-z])`).test(text);

// ---- topic words -------------------------------------------------------------------------------

const TOPIC_WORDS: readonly (readonly [TGuideTopic, string])[] = [
  [
    "hotels",
    "hotels?|motels?|inns?|lodging|lodges?|accommodations?|places? to stay|stay(?:ing)? (?:at|in|near|overnight)|where (?:can|should|do) (?:we|i|they|the team) (?:stay|sleep)|rooms? (?:block|rates?|under|for|available|left)|room blocks?|rooms? (?:at|near|close)|suites|sleep",
  ],
  [
    "food",
    "eat|eating|eats|food|restaurants?|dinner|lunch|breakfast|brunch|meals?|pizza|burgers?|bbq|barbecue|grill|cafes?|coffee|diners?|tacos?|taqueria|snacks?|hungry|dine|dining|brewer(?:y|ies)|pubs?|smokehouse|ice cream|(?:grab|get) a bite|bite to eat|grub|feed (?:the|our|a)? ?(?:team|kids|players|group)",
  ],
  [
    "activities",
    "things to do|fun|entertainment|attractions?|activit(?:y|ies)|arcades?|trampoline|laser tag|mini golf|escape rooms?|movies?|museums?|zoo|amusement|between games|off day|rest day|downtime|free time|sightseeing",
  ],
  ["shopping", "shop|shops|shopping|malls?|stores?|outlets?"],
  [
    "transport",
    "shuttles?|transport(?:ation)?|buses|bus service|vans?|taxis?|airport transfers?|get around",
  ],
  ["banquets", "banquets?|receptions?|awards? (?:dinner|ceremony|night|party)|team part(?:y|ies)"],
  [
    "events",
    "upcoming|comm?ing up|happening|scheduled|what'?s on|going on|calendar|(?:any|what) (?:[a-z]+ )?events|events (?:in|near|this|next|around)|(?:any|upcoming|what) (?:[a-z]+ )?(?:tournaments?|games|meets?|races?|competitions?|showcases?|championships?)",
  ],
];

/** Words naming venues, and what is done at them. */
const VENUE_NOUNS =
  "venues?|facilit(?:y|ies)|courts?|fields?|gyms?|gymnasi(?:um|ums|a)|arenas?|stadiums?|rinks?|pools?|diamonds?|complex(?:es)?|fieldhouses?|tournament space|space for";
const VENUE_VERBS = "play|plays|playing|host|hosting|hold|practice|compete";
const VENUE_WORDS = `${VENUE_NOUNS}|${VENUE_VERBS}`;

const DESTINATION_WORDS = [
  "services?",
  "grants?",
  "grant programs?",
  "who are you",
  "what (?:do|does|can) (?:you|your (?:team|bureau|commission|office)|[a-z]+ (?:sports )?(?:commission|authority|bureau|cvb)) (?:offer|provide|do for|help with)",
  "help (?:us|me|with|plan)",
  "support (?:for|do you)",
  "about (?:you|your (?:bureau|commission|organization|team))",
  "(?:your|the) (?:bureau|commission|cvb|dmo)",
  "incentives?",
  "sponsorships?",
  ...DESTINATION_SERVICES.map((s) => s.toLowerCase().replace(/[/&]/g, ".")),
].join("|");

/** Things no listing holds: the guide says so instead of guessing. */
const OUTSIDE: readonly (readonly [string, string])[] = [
  ["weather|temperatures?|forecast|rain(?:y|s)?|snow(?:s|y)?|climate|humid(?:ity)?", "the weather"],
  [
    "parking (?:costs?|prices?|fees?|rates?)|(?:cost|price|pay) (?:of|for|to) park|how much (?:is|does|for) parking",
    "parking prices",
  ],
  ["permits?|licen[cs]es?|insurance requirements?", "permits and licenses"],
  ["sales tax|taxes|tax rate", "taxes"],
  ["crime|dangerous|unsafe|safe (?:area|neighbou?rhood)", "safety in the area"],
  ["flights?|airlines?|fly (?:in|into|to)", "flights"],
  ["hospitals?|urgent care|doctors?|pharmac(?:y|ies)|emergency room", "medical care"],
  [
    "(?:rental|rent) (?:rates?|prices?|fees?|costs?)|how much (?:does|do|is|would) (?:it|they|a|the)? ?(?:\\w+ )?(?:cost|charge|rent)|price to rent|cost to rent",
    "what venues charge",
  ],
  ["population|history of|founded", "general facts about the city"],
];

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

// ---- listings named ----------------------------------------------------------------------------

/** Words of listing names that name nothing by themselves ("Hayes Center Arena" is "Hayes"). */
const GENERIC = new Set(
  "the of and at in on a an & co inc llc center centre arena park fields field complex sports sport club hotel hotels inn suites suite resort stadium school high academy college university community recreation rec area gym gymnasium fieldhouse pavilion hall convention event events expo links golf course courts court aquatic natatorium rink ice grill bar cafe pizza company group by express downtown airport north south east west city county plaza place tavern diner".split(
    " ",
  ),
);

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9']+/g, " ")
    .trim()
    .split(/\s+/)
    .filter(Boolean);

/** How strongly a question names a listing: 0 not at all, more for longer matched runs. */
function nameScore(
  question: readonly string[],
  listing: { name: string },
  plain: Set<string>,
): number {
  const name = wordsOf(listing.name);
  if (name.length === 0) return 0;
  let best = 0;
  let bestDistinct = false;
  for (let i = 0; i < question.length; i++) {
    for (let j = 0; j < name.length; j++) {
      let n = 0;
      while (i + n < question.length && j + n < name.length && question[i + n] === name[j + n]) n++;
      if (n === 0) continue;
      const run = name.slice(j, j + n);
      const distinct = run.some((w) => !GENERIC.has(w) && !plain.has(w) && !findSport(w));
      if (n > best || (n === best && distinct && !bestDistinct)) {
        best = n;
        bestDistinct = distinct;
      }
    }
  }
  if (best === name.length) return 100 + best;
  return best >= 2 && bestDistinct ? best : 0;
}

/**
 * The listings a question names: the whole name, or a run of two or more of its words with one
 * that names nothing else (not a city, a sport or another word of the vocabulary). Several
 * listings named only in part ("dragon boat" in three festivals) name none of them.
 */
function namedListings<T extends { name: string }>(
  question: string,
  listings: readonly T[],
  plain: Set<string>,
): T[] {
  const words = wordsOf(question);
  const scored = listings
    .map((listing) => ({ listing, score: nameScore(words, listing, plain) }))
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.listing.name.localeCompare(b.listing.name));
  if (scored.length === 0) return [];
  const top = scored[0]!.score;
  const best = scored.filter((s) => s.score === top).map((s) => s.listing);
  return best.length > 1 && top < 100 ? [] : best;
}

/** The listing an earlier answer put first ("- Name [1]"), for "near there". */
async function firstCitedEarlier(request: TGuideRequest, names: readonly TAreaListing[]) {
  const last = [...request.history].reverse().find((t) => t.role === "assistant");
  const name = last?.content.match(/^- (.+?) \[1\]/m)?.[1];
  const found = name ? names.find((l) => l.name === name) : undefined;
  return found ? ((await request.area.among([found.id]))[0] ?? null) : null;
}

// ---- reading ------------------------------------------------------------------------------------

type TRead = Omit<TUnderstood, "parts" | "named" | "avoided" | "outside" | "debug"> & {
  topics: TGuideTopic[];
  /** A hotel named as where something is ("near our hotel"), not what is asked for. */
  hotelAsPlace: boolean;
  /** The question asks where to hold an event (venues), not which events there are. */
  hosting: boolean;
  /** Sports, space types or facility types were stated. */
  venueFacts: boolean;
  anchorWords: boolean;
  anchorType: string | null;
  downtown: boolean;
  radius: number | null;
  stateFacts: number;
};

const EXCLUSIVE = /^(?:under|below|less than|cheaper than|<)/i;

/** The topics a text's words name, and the signs `chooseTopic` weighs them by. */
function topicWordsOf(text: string, venues: boolean) {
  const topics = TOPIC_WORDS.filter(([, words]) => has(text, words)).map(([topic]) => topic);
  if (has(text, DESTINATION_WORDS)) topics.push("destination");
  // "Events" alone is a weak sign: "grant programs for events" asks about the destination.
  if (!topics.includes("events") && !topics.includes("destination") && has(text, "events")) {
    topics.push("events");
  }
  if (venues) topics.push("venues");
  return {
    topics,
    hotelAsPlace: has(
      text,
      "(?:near|by|from|to|between|around|at|close to|walk(?:ing distance)? (?:to|from)) (?:our|my|the|your) hotels?|(?:our|my) hotels?",
    ),
    hosting: has(
      text,
      "host(?:ing)?|hold(?:ing)?|put on|run(?:ning)? (?:an?|our)|organi[sz](?:e|ing)|plan(?:ning)? (?:an?|our)|for (?:an?|our|my) (?:\\w+ )?(?:event|tournament)|venues? for",
    ),
  };
}

/**
 * The topic a part of a question asks about alone, from its topic words and vocabulary; venues
 * only when it names a venue or a kind of space, or asks where to play ("where can we play
 * pickleball", not "our team plays there" nor a sport alone).
 */
function partTopic(words: string): TGuideTopic | null {
  const terms = findTerms(words);
  const venueFacts = (["sport", "spaceType", "facilityType"] as const).some(
    (kind) => meaningsOf(terms, kind).length > 0,
  );
  const topic = chooseTopic({
    ...topicWordsOf(words, venueFacts || has(words, VENUE_WORDS)),
    venueFacts,
  });
  if (topic !== "venues") return topic;
  // Where someone is ("at the convention center", "near Red Oak Arena") asks for no venue.
  const asking = words.replace(PLACE_PHRASE, " ");
  const named = findTerms(asking).some((t) =>
    t.meanings.some((m) => m.kind === "spaceType" || m.kind === "facilityType"),
  );
  return named || has(asking, VENUE_NOUNS) || (has(asking, ASKS) && has(asking, VENUE_VERBS))
    ? topic
    : null;
}

/** The facts a question states, without the area (names and anchors are found after). */
function read(question: string, today: string): TRead {
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

/** Which of the topics a question mentions it is about; a venue word gives way to the others. */
function chooseTopic(
  r: Pick<TRead, "topics" | "hotelAsPlace" | "hosting" | "venueFacts">,
): TGuideTopic | null {
  const order: TGuideTopic[] = [
    "hotels",
    "banquets",
    "food",
    "activities",
    "shopping",
    "transport",
    "events",
    "destination",
    "venues",
  ];
  let topics = r.topics;
  // "Eat near our hotel", "a shuttle between the hotel and the fields": the hotel is a place.
  if (r.hotelAsPlace && topics.some((t) => PLACE_TOPICS.includes(t))) {
    topics = topics.filter((t) => t !== "hotels");
  }
  // "Where can we host our event?" is about venues; "what events are coming up" about events.
  if (r.hosting) topics = topics.filter((t) => t !== "events");
  // A question stating venue facts ("a pool for water polo, what do you have?") is about venues.
  if (r.venueFacts && topics.includes("venues")) topics = topics.filter((t) => t !== "destination");
  return order.find((t) => topics.includes(t)) ?? null;
}

// ---- questions of several topics ----------------------------------------------------------------

/**
 * Where a question's parts meet: the end of a sentence, a comma, and the words that join one ask to
 * the next ("and", "plus", "as well as", "also"). Not "or" ("tournaments or events" asks one
 * thing), nor the comma or point inside a number ("5,000", "4.5 miles").
 */
const PART_BREAK =
  /(?<!\d)[.,](?!\d)|[?!;\n]|(?<![a-z])(?:and|plus|as well as|along with|also)(?![a-z])|&/gi;

/** Words that make a part a question ("where can we play", not "our team plays there"). */
const ASKS = "where|which|what|any|is there|are there|can|could|need|needs|looking for|want";

/** A place named as where someone is or what is near, to the end of its part. */
const PLACE_PHRASE =
  /(?<![a-z])(?:at(?!\s+(?:least|most)(?![a-z]))|near|by|from|close to|closest to|next to|around|between)\s[^,.;?!]*/gi;

/** A part that names a place for what another part asks ("near our hotel and the fields"). */
const CONTINUES_PLACE = /^\s*(?:the|our|my|your|their|its)\s/i;
const PLACE_WORDS =
  "near|nearby|close to|closest to|next to|by|between|around|from|to|at|within|walking distance of";

/**
 * The topics a question asks about, each with the words it is read from: the question without the
 * parts that ask about another topic, each part asking about the topic it would alone
 * (`partTopic`); fewer than two topics: none.
 */
export function topicParts(question: string): { topic: TGuideTopic; text: string }[] {
  const text = plainText(question);
  // Fewer than two topics' words (venues counted as said): nothing to part.
  if (topicWordsOf(text, true).topics.length < 2) return [];
  const spans: { start: number; end: number }[] = [];
  let start = 0;
  for (const m of text.matchAll(PART_BREAK)) {
    spans.push({ start, end: m.index });
    start = m.index + m[0].length;
  }
  spans.push({ start, end: text.length });
  const parts = spans
    .map((span, i) => {
      const words = text.slice(span.start, span.end);
      if (!words.trim()) return null;
      const before = i > 0 ? text.slice(spans[i - 1]!.start, spans[i - 1]!.end) : "";
      if (CONTINUES_PLACE.test(words) && has(before, PLACE_WORDS)) return null;
      const topic = partTopic(words);
      return topic ? { topic, span } : null;
    })
    .filter((p) => p !== null);
  const topics = [...new Set(parts.map((p) => p.topic))];
  if (topics.length < 2) return [];
  return topics.map((topic) => {
    // The other topics' parts blanked out, so each topic's facts are its own.
    let own = text;
    for (const p of parts) {
      if (p.topic === topic) continue;
      own = `${own.slice(0, p.span.start)}${" ".repeat(p.span.end - p.span.start)}${own.slice(p.span.end)}`;
    }
    return { topic, text: own.replace(/\s+/g, " ").trim() };
  });
}

/** The facility of a type an anchor names: the destination's nearest to its centre. */
async function anchorOfType(area: TGuideArea, type: string): Promise<TGuideListing | null> {
  const centre = area.destination.point;
  const candidates = (await area.facilities()).filter(
    (f) => f.facility?.types.includes(type) || f.spaces.some((s) => s.name === type),
  );
  const distance = (f: TGuideListing) =>
    centre && f.point ? distanceMiles(centre, f.point) : Number.POSITIVE_INFINITY;
  return candidates.sort((a, b) => distance(a) - distance(b))[0] ?? null;
}

const mentionsAny = (question: string, topics: readonly string[]) =>
  topics.find((topic) => question.toLowerCase().includes(topic.toLowerCase())) ?? null;

/** What a question asks: one reading, or one per topic when it asks about several. */
export async function understand(request: TGuideRequest): Promise<TUnderstood> {
  const whole = await understandText(request, request.question, null);
  // A listing named, a topic left to the team or outside our records: answered as one.
  if (whole.topic === "listing" || whole.named.length > 0 || whole.avoided || whole.outside) {
    return whole;
  }
  const asked = topicParts(request.question);
  if (asked.length < 2) return whole;
  const parts = await Promise.all(asked.map((p) => understandText(request, p.text, p.topic)));
  return {
    ...parts[0]!,
    parts,
    debug: { topics: asked.map((p) => p.topic), parts: parts.map((p) => p.debug) },
  };
}

/**
 * The question's reading, with `forced` as its topic when it is one part of a question of several
 * (then earlier turns are not read, and a listing named is only where others are near).
 */
async function understandText(
  request: TGuideRequest,
  question: string,
  forced: TGuideTopic | null,
): Promise<TUnderstood> {
  const { area, guide } = request;
  let r = read(question, request.today);
  let topic = forced ?? chooseTopic(r);
  const names = await area.names();
  // Words that name a place or belong to the vocabulary do not single a listing out.
  const plain = new Set([
    ...wordsOf(`${area.destination.city ?? ""} ${area.destination.state ?? ""}`),
    ...findTerms(plainText(question)).flatMap((t) =>
      t.meanings.length > 0 ? wordsOf(t.span.text) : [],
    ),
  ]);
  const namedIds = namedListings(question, names, plain)
    .filter((l) => l.id !== area.destination.id)
    .map((l) => l.id);
  const named = (await area.among(namedIds)).sort(
    (a, b) => namedIds.indexOf(a.id) - namedIds.indexOf(b.id),
  );

  // A follow-up without a topic of its own takes the previous question's, and its facts where it
  // states none ("what about outdoor ones?").
  const previousQuestion = [...request.history].reverse().find((t) => t.role === "user")?.content;
  if (!forced && !topic && named.length === 0 && previousQuestion) {
    const before = read(previousQuestion, request.today);
    const beforeTopic = chooseTopic(before);
    if (beforeTopic) {
      topic = beforeTopic;
      r = {
        ...before,
        venue: {
          ...before.venue,
          ...(r.venue.sports?.length ? { sports: r.venue.sports } : {}),
          ...(r.venue.location ? { location: r.venue.location } : {}),
          ...(r.venue.surfaces?.length ? { surfaces: r.venue.surfaces } : {}),
          ...(r.venue.minCount ? { minCount: r.venue.minCount } : {}),
        },
        hotel: { ...before.hotel, ...definedOf(r.hotel) },
        place: {
          ...before.place,
          ...(r.place.kids ? { kids: true } : {}),
          ...(r.place.groups ? { groups: true } : {}),
        },
        event: { ...before.event, ...definedOf(r.event) },
      };
    }
  }

  // A named listing is the subject, or the place others are near.
  let anchor: TGuideListing | null = null;
  const subject = named[0] ?? null;
  const listingTopicKind: Partial<Record<TGuideTopic, TGuideListing["kind"]>> = {
    hotels: "hotel",
    events: "event",
    food: "business",
    activities: "business",
    shopping: "business",
    transport: "business",
    banquets: "business",
    venues: "facility",
  };
  if (subject && forced) {
    if (listingTopicKind[forced] !== subject.kind) anchor = subject;
  } else if (subject) {
    const topicKind = topic ? listingTopicKind[topic] : undefined;
    if (!topic || topic === "venues" || topic === "destination" || topicKind === subject.kind) {
      if (!(topic === "venues" && r.anchorWords && subject.kind !== "facility")) topic = "listing";
    } else {
      anchor = subject;
    }
  }
  if (!anchor && topic !== "listing" && topic !== "venues") {
    if (r.anchorType) anchor = await anchorOfType(area, r.anchorType);
    else if (r.anchorWords && has(question, "there|it|that venue|that one")) {
      anchor = await firstCitedEarlier(request, names);
    }
  }
  // The anchor's type was only where to measure from, not a venue fact.
  if (anchor && topic !== "venues") r.venue.facilityTypes = [];

  const radius = r.radius ?? (anchor && r.anchorWords ? GUIDE_NEAR_MILES : null);
  return {
    topic,
    parts: [],
    named,
    venue: r.venue,
    // Dates given with the question (the page's date picker) when its words give none.
    hotel: {
      ...r.hotel,
      stay: r.hotel.stay ?? request.stay,
      near: anchor,
      radiusMiles: r.hotel.radiusMiles ?? radius,
    },
    place: {
      ...r.place,
      category: topic && isPlaceTopic(topic) ? topic : null,
      near: anchor,
      radiusMiles: r.place.radiusMiles ?? radius,
    },
    event: r.event,
    teams: r.teams,
    amenities: r.amenities,
    avoided: mentionsAny(question, guide.avoidTopics),
    outside:
      topic === "listing" || (topic === "hotels" && !has(question, "weather|forecast"))
        ? null
        : (OUTSIDE.find(([words]) => has(question, words))?.[1] ?? null),
    debug: {
      topic,
      named: named.map((l) => l.name),
      anchor: anchor?.name ?? null,
      venue: r.venue,
      hotel: { maxRate: r.hotel.maxRate, stay: r.hotel.stay, radiusMiles: radius },
      place: { kids: r.place.kids, groups: r.place.groups, text: r.place.text },
      event: r.event,
      teams: r.teams,
    },
  };
}

const PLACE_TOPICS: readonly string[] = ["food", "activities", "shopping", "transport", "banquets"];
const isPlaceTopic = (topic: TGuideTopic): topic is TPlaceCategory => PLACE_TOPICS.includes(topic);

function definedOf<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, v]) => v !== null && v !== undefined && v !== false),
  ) as Partial<T>;
}

// ---- words for answers -------------------------------------------------------------------------

const lower = (list: readonly string[] | undefined) => (list ?? []).map((s) => s.toLowerCase());
const joined = (list: readonly string[], word = "and") =>
  list.length <= 1 ? (list[0] ?? "") : `${list.slice(0, -1).join(", ")} ${word} ${list.at(-1)}`;
const pluralOf = (word: string) => (word.endsWith("s") ? word : `${word}s`);
const money = (n: number) => `$${n}`;

/** How an answer restates what was asked ("indoor hardwood courts for volleyball"). */
export function describeAsked(u: TUnderstood) {
  const v = u.venue;
  const sportSpace = (v.sports ?? []).map((s) => findSport(s)?.spaceType.name).find(Boolean);
  const spaceNoun = pluralOf((v.spaceTypes?.[0] ?? sportSpace ?? "space").toLowerCase());
  const spaceFacts = v.location || v.surfaces?.length || v.minCount || v.spaceTypes?.length;
  const spaces = spaceFacts
    ? [
        v.minCount ? `at least ${v.minCount}` : null,
        v.location?.toLowerCase() ?? null,
        joined(lower(v.surfaces), "or") || null,
        spaceNoun,
      ]
        .filter(Boolean)
        .join(" ")
    : null;
  const parts = [
    spaces && v.sports?.length ? `${spaces} for ${joined(lower(v.sports))}` : spaces,
    !spaces && v.sports?.length ? `${joined(lower(v.sports))} listed` : null,
    v.facilityTypes?.length ? `the facility type ${joined(lower(v.facilityTypes), "or")}` : null,
    v.minCapacity ? `room for at least ${v.minCapacity} people` : null,
    v.amenities?.length ? joined(lower(v.amenities)) : null,
  ].filter(Boolean);
  const h = u.hotel;
  const near = h.near ? h.near.name : "the destination";
  const hotel = [
    h.radiusMiles
      ? `within ${h.radiusMiles} mi of ${near}`
      : h.near
        ? `near ${near}`
        : "in the area",
    h.maxRate
      ? `with rooms ${h.maxRate.inclusive ? "at most" : "under"} ${money(h.maxRate.value)} a night`
      : null,
    h.stay ? `for ${h.stay.checkIn} to ${h.stay.checkOut}` : null,
  ]
    .filter(Boolean)
    .join(" ");
  const p = u.place;
  const what: Record<TPlaceCategory, string> = {
    food: "to eat",
    activities: "for things to do",
    shopping: "to shop",
    transport: "for getting around",
    banquets: "for banquets and team receptions",
  };
  const place = [
    p.category ? what[p.category] : "to go",
    p.text ? `(${p.text})` : null,
    p.kids && p.groups
      ? "good for kids and groups"
      : p.kids
        ? "good for kids"
        : p.groups
          ? "good for groups"
          : null,
    p.near ? `within ${p.radiusMiles ?? GUIDE_NEAR_MILES} mi of ${p.near.name}` : "in the area",
  ]
    .filter(Boolean)
    .join(" ");
  const e = u.event;
  const event = [
    "coming up",
    e.sports?.length ? `for ${joined(lower(e.sports), "or")}` : null,
    e.from && e.to ? (e.from === e.to ? `on ${e.from}` : `between ${e.from} and ${e.to}`) : null,
    "in the area",
  ]
    .filter(Boolean)
    .join(" ");
  return {
    venue: parts.length > 0 ? joined(parts as string[]) : null,
    spaceNoun,
    hotel,
    place,
    event,
  };
}
