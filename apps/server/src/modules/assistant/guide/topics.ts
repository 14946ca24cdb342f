// The topics a visitor's question may ask the built-in guide about and the words that name them:
// which topics a text names, which one it is about, and the parts of a question of several topics
// ("indoor basketball venues and hotels"), each read from its own words.
import { DESTINATION_SERVICES } from "@hostfield/domain/reference";
import { findTerms, meaningsOf } from "../language/lexicon";
import { plainText } from "../language/spans";
import type { TPlaceCategory } from "./retrieve";

export type TGuideTopic =
  | "listing"
  | "destination"
  | "venues"
  | "hotels"
  | "events"
  | TPlaceCategory;

/** What a text's words say of its topic, which `chooseTopic` weighs. */
export type TTopicSigns = {
  topics: TGuideTopic[];
  /** A hotel named as where something is ("near our hotel"), not what is asked for. */
  hotelAsPlace: boolean;
  /** The question asks where to hold an event (venues), not which events there are. */
  hosting: boolean;
  /** Sports, space types or facility types were stated. */
  venueFacts: boolean;
};

const re = (source: string) => new RegExp(source, "i");
/** Whether the text holds words of the pattern, whole (not inside a longer word). */
export const has = (text: string, source: string) =>
  re(`(?<![a-z])(?:${source})(?![a-z])`).test(text);

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
export const VENUE_WORDS = `${VENUE_NOUNS}|${VENUE_VERBS}`;

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

const PLACE_TOPICS: readonly string[] = ["food", "activities", "shopping", "transport", "banquets"];
export const isPlaceTopic = (topic: TGuideTopic): topic is TPlaceCategory =>
  PLACE_TOPICS.includes(topic);

/** The topics a text's words name, and the signs `chooseTopic` weighs them by. */
export function topicWordsOf(text: string, venues: boolean) {
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

/** Which of the topics a question mentions it is about; a venue word gives way to the others. */
export function chooseTopic(r: TTopicSigns): TGuideTopic | null {
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
