// The built-in guide: what the question asks (understand.ts), the listings of the area that meet
// it (retrieve.ts), and the answer made from their fields (compose.ts), with follow-up questions.
// No model and no network; listing text is never read as anything but data.
import type { TMessageDebug } from "@hostfield/domain/contracts";
import { formatCount } from "@hostfield/domain/rules";
import type { TAssistantContext } from "../context";
import type { TGuideAnswer, TGuideRequest } from "../providers/provider";
import type { TGuideListing } from "./area";
import {
  declinedAnswer,
  factsAnswer,
  listAnswer,
  severalAnswer,
  stressFirst,
  type TComposed,
  type TListed,
  unknownAnswer,
} from "./compose";
import { describeAsked } from "./describe";
import {
  findEvents,
  findHotels,
  findPlaces,
  findVenues,
  spaceWords,
  type TFoundList,
} from "./retrieve";
import { followUps } from "./suggestions";
import { type TUnderstood, understand } from "./understand";

type TOutcome = TComposed & { topic: string | null; first: TGuideListing | null };

const listed = (list: readonly string[]) =>
  list.length <= 1
    ? (list[0] ?? "")
    : `${list.slice(0, -1).join(", ")} and ${list[list.length - 1]}`;

/** The answer to a question about one listing named in it. */
function aboutListing(request: TGuideRequest, u: TUnderstood, listing: TGuideListing): TOutcome {
  const sentences: string[] = [];
  const where = [listing.city, listing.state].filter(Boolean).join(", ");
  const kindWord = listing.facility?.types[0]?.toLowerCase() ?? listing.kind;
  sentences.push(`${listing.name} is a ${kindWord}${where ? ` in ${where}` : ""}.`);
  if (u.amenities.length > 0) {
    for (const amenity of u.amenities) {
      sentences.push(
        listing.amenities.includes(amenity)
          ? `Its listing says it has ${amenity.toLowerCase()}.`
          : `Its listing doesn't mention ${amenity.toLowerCase()}.`,
      );
    }
  }
  if (listing.spaces.length > 0) {
    sentences.push(`Spaces: ${listing.spaces.slice(0, 4).map(spaceWords).join(", ")}.`);
  }
  if (listing.sports.length > 0)
    sentences.push(`Sports: ${listing.sports.slice(0, 6).join(", ")}.`);
  if (listing.facility?.capacity) {
    sentences.push(`It seats ${formatCount(listing.facility.capacity)}.`);
  }
  if (listing.event) {
    sentences.push(`It runs ${listing.event.startDate} to ${listing.event.endDate}.`);
  }
  if (listing.business?.attributes.length) {
    sentences.push(`${listing.business.attributes.join(", ")}.`);
  }
  if (u.amenities.length === 0 && listing.amenities.length > 0) {
    sentences.push(`Amenities: ${listing.amenities.slice(0, 6).join(", ")}.`);
  }
  const composed = factsAnswer({
    guide: request.guide,
    listing,
    sentences,
    detail: [listing.city, listing.facility?.types[0]].filter(Boolean).join(" · ") || null,
  });
  return { ...composed, topic: "listing", first: listing };
}

/** The answer about the destination itself: what it is and the services it offers. */
function aboutDestination(request: TGuideRequest): TOutcome {
  const d = request.area.destination;
  const sentences = [
    `${d.name} is ${d.destinationType ? `a ${d.destinationType.toLowerCase()}` : "the destination"} for ${d.city ?? "the area"}${d.state ? `, ${d.state}` : ""}.`,
    d.services.length > 0
      ? `It offers event organizers ${listed(d.services.map((s) => s.toLowerCase()))}.`
      : "Its listing names no services.",
  ];
  const composed = factsAnswer({
    guide: request.guide,
    listing: d,
    sentences,
    detail: d.services.join(", ") || null,
  });
  return { ...composed, topic: "destination", first: null };
}

/** What one topic's listings found, said: a part of an answer (`TListed`), and what was asked. */
type TSection = TListed & { topic: string; none: string };

function listed_or_none(request: TGuideRequest, section: TSection): TOutcome {
  if (section.total === 0) {
    return {
      ...unknownAnswer({
        guide: request.guide,
        destination: request.area.destination,
        what: section.none,
      }),
      topic: section.topic,
      first: null,
    };
  }
  const found = stressFirst(section.found, request.guide.stressTopics);
  const composed = listAnswer({ ...section, guide: request.guide, found });
  return { ...composed, topic: section.topic, first: found[0]?.listing ?? null };
}

/** The listings of the area that answer a reading of a list topic, and the words to say them. */
async function sectionOf(
  ctx: TAssistantContext,
  request: TGuideRequest,
  u: TUnderstood,
): Promise<TSection | null> {
  const { area } = request;
  const asked = describeAsked(u);
  const section = (
    topic: string,
    list: TFoundList,
    words: { intro: (n: number) => string; none: string; narrower: string },
  ): TSection => ({
    topic,
    found: list.found,
    total: list.total,
    intro: words.intro(list.total),
    none: words.none,
    narrower: words.narrower,
  });
  switch (u.topic) {
    case "venues":
      return section(
        "venues",
        findVenues(await area.facilities(), u.venue, area.destination.point),
        {
          intro: (n) =>
            asked.venue
              ? `${n === 1 ? "One venue" : `${n} venues`} of ${area.destination.name} ${n === 1 ? "has" : "have"} ${asked.venue}${u.teams ? ` (for ${formatCount(u.teams)} teams, those with the most ${asked.spaceNoun} come first)` : ""}:`
              : `${area.destination.name} lists ${n === 1 ? "one venue" : `${n} venues`}:`,
          none: `a venue of ${area.destination.name} with ${asked.venue ?? "what you asked for"}`,
          narrower: "name a surface, indoor or outdoor, or how many you need",
        },
      );
    case "hotels":
      return section("hotels", await findHotels(ctx, area, u.hotel), {
        intro: (n) => `${n === 1 ? "One hotel" : `${n} hotels`} ${asked.hotel}:`,
        none: `a hotel ${asked.hotel}`,
        narrower: "give a price, your dates or a distance",
      });
    case "food":
    case "activities":
    case "shopping":
    case "transport":
    case "banquets":
      return section(
        u.topic === "food" ? "food" : "activities",
        await findPlaces(ctx, area, u.place),
        {
          intro: (n) => `${n === 1 ? "One place" : `${n} places`} ${asked.place}:`,
          none: `a place ${asked.place}`,
          narrower: "say near which venue, or for kids or groups",
        },
      );
    case "events":
      return section("events", await findEvents(area, u.event, request.today), {
        intro: (n) => `${n === 1 ? "One event" : `${n} events`} ${asked.event}:`,
        none: `an event ${asked.event}`,
        narrower: "name a sport or a month",
      });
    case "destination": {
      // One part of a question of several; alone, it is answered by `aboutDestination`.
      const d = area.destination;
      const listing = {
        listing: d,
        detail: d.services.join(", "),
        miles: 0,
        spaces: 0,
        rate: null,
      };
      return section(
        "destination",
        { found: [listing], total: 1 },
        {
          intro: () => `${d.name} offers event organizers:`,
          none: `what ${d.name} offers`,
          narrower: "",
        },
      );
    }
    default:
      return null;
  }
}

/** Answers one question from the area's records. */
export async function answerFromRecords(
  ctx: TAssistantContext,
  request: TGuideRequest,
): Promise<TGuideAnswer> {
  const started = performance.now();
  const { area, guide } = request;
  const u = await understand(request);
  const place = area.destination.city ?? area.destination.name;
  let outcome: TOutcome | null = null;
  let retrieved: TGuideListing[] = [];
  if (u.avoided) {
    outcome = {
      ...declinedAnswer({ guide, destination: area.destination, topic: u.avoided }),
      topic: null,
      first: null,
    };
  } else if (u.outside) {
    outcome = {
      ...unknownAnswer({ guide, destination: area.destination, what: u.outside, outside: true }),
      topic: null,
      first: null,
    };
  } else if (u.parts.length > 1) {
    // A question of several topics: a part for each, the citations shared.
    const sections = (await Promise.all(u.parts.map((p) => sectionOf(ctx, request, p)))).filter(
      (s) => s !== null,
    );
    const ordered = sections.map((s) => ({
      ...s,
      found: stressFirst(s.found, guide.stressTopics),
    }));
    retrieved = ordered.flatMap((s) => s.found.map((f) => f.listing));
    const first = ordered.find((s) => s.found.length > 0);
    outcome = {
      ...severalAnswer({ guide, destination: area.destination, parts: ordered }),
      topic: first?.topic ?? null,
      first: first?.found[0]?.listing ?? null,
    };
  } else if (u.topic === "listing") {
    outcome = aboutListing(request, u, u.named[0]!);
    retrieved = [u.named[0]!];
  } else if (u.topic === "destination") {
    outcome = aboutDestination(request);
  } else {
    const section = await sectionOf(ctx, request, u);
    if (section) {
      retrieved = section.found.map((f) => f.listing);
      outcome = listed_or_none(request, section);
    }
  }
  outcome ??= {
    ...unknownAnswer({
      guide,
      destination: area.destination,
      what: `an answer to that in ${place}'s listings`,
    }),
    topic: null,
    first: null,
  };
  const suggestions = outcome.answered
    ? followUps(outcome.topic, outcome.first, area)
    : followUps(null, null, area);
  const debug: TMessageDebug = {
    understood: u.debug,
    retrieved: retrieved.slice(0, 50).map((l) => ({ kind: l.kind, id: l.id, name: l.name })),
    ms: Math.round(performance.now() - started),
    fallback: null,
  };
  return {
    content: outcome.content,
    citations: outcome.citations,
    suggestions,
    answered: outcome.answered,
    handoff: outcome.handoff,
    provider: "embedded",
    debug,
  };
}
