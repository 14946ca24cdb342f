// What a visitor's question asks the built-in guide (docs/assistant.md, "Understanding"): its topic,
// a listing it names, and the facts it states, read with the language layer (the reference lists'
// vocabulary, numbers, dates, prices, radii) into the retrieval queries. A follow-up without a topic
// of its own ("what about outdoor ones?") is read against the question before it. A question of
// several topics ("indoor basketball venues and hotels") is read once per topic, each from its own
// words. The topics and their words are topics.ts, the facts stated read.ts, the listings named
// named.ts; describe.ts restates a reading in an answer.
import { GUIDE_NEAR_MILES } from "@hostfield/domain/rules";
import { distanceMiles } from "../../../platform/geo/distance";
import { findTerms } from "../language/lexicon";
import { plainText } from "../language/spans";
import type { TGuideRequest } from "../providers/provider";
import type { TGuideArea, TGuideListing } from "./area";
import { firstCitedEarlier, namedListings, wordsOf } from "./named";
import { read, type TStatedFacts } from "./read";
import { chooseTopic, has, isPlaceTopic, type TGuideTopic, topicParts } from "./topics";

export type TUnderstood = TStatedFacts & {
  topic: TGuideTopic | null;
  /**
   * A question asking about several topics: one reading per topic, in the order asked (the first
   * is this reading's topic); empty when it asks about one.
   */
  parts: TUnderstood[];
  /** Listings of the area the question names, best match first. */
  named: TGuideListing[];
  /** A topic the destination leaves to its team, named in the question. */
  avoided: string | null;
  /** Something our records never hold ("the weather"). */
  outside: string | null;
  debug: Record<string, unknown>;
};

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

function definedOf<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, v]) => v !== null && v !== undefined && v !== false),
  ) as Partial<T>;
}
