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
  stressFirst,
  type TComposed,
  unknownAnswer,
} from "./compose";
import {
  findEvents,
  findHotels,
  findPlaces,
  findVenues,
  spaceWords,
  type TFound,
  type TFoundList,
} from "./retrieve";
import { followUps } from "./suggestions";
import { describeAsked, type TUnderstood, understand } from "./understand";

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

function listed_or_none(
  request: TGuideRequest,
  found: { found: TFound[]; total: number },
  words: { intro: (n: number) => string; none: string; narrower: string; topic: string },
): TOutcome {
  if (found.total === 0) {
    return {
      ...unknownAnswer({
        guide: request.guide,
        destination: request.area.destination,
        what: words.none,
      }),
      topic: words.topic,
      first: null,
    };
  }
  const ordered = stressFirst(found.found, request.guide.stressTopics);
  const composed = listAnswer({
    guide: request.guide,
    intro: words.intro(found.total),
    found: ordered,
    total: found.total,
    narrower: words.narrower,
  });
  return { ...composed, topic: words.topic, first: ordered[0]?.listing ?? null };
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
  const asked = describeAsked(u);
  let outcome: TOutcome;
  let retrieved: TGuideListing[] = [];
  const keep = (list: TFoundList) => {
    retrieved = list.found.map((f) => f.listing);
    return list;
  };
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
  } else {
    switch (u.topic) {
      case "listing":
        outcome = aboutListing(request, u, u.named[0]!);
        retrieved = [u.named[0]!];
        break;
      case "destination":
        outcome = aboutDestination(request);
        break;
      case "venues":
        outcome = listed_or_none(
          request,
          keep(findVenues(await area.facilities(), u.venue, area.destination.point)),
          {
            topic: "venues",
            intro: (n) =>
              asked.venue
                ? `${n === 1 ? "One venue" : `${n} venues`} of ${area.destination.name} ${n === 1 ? "has" : "have"} ${asked.venue}${u.teams ? ` (for ${formatCount(u.teams)} teams, those with the most ${asked.spaceNoun} come first)` : ""}:`
                : `${area.destination.name} lists ${n === 1 ? "one venue" : `${n} venues`}:`,
            none: `a venue of ${area.destination.name} with ${asked.venue ?? "what you asked for"}`,
            narrower: "name a surface, indoor or outdoor, or how many you need",
          },
        );
        break;
      case "hotels":
        outcome = listed_or_none(request, keep(await findHotels(ctx, area, u.hotel)), {
          topic: "hotels",
          intro: (n) => `${n === 1 ? "One hotel" : `${n} hotels`} ${asked.hotel}:`,
          none: `a hotel ${asked.hotel}`,
          narrower: "give a price, your dates or a distance",
        });
        break;
      case "food":
      case "activities":
      case "shopping":
      case "transport":
      case "banquets":
        outcome = listed_or_none(request, keep(await findPlaces(ctx, area, u.place)), {
          topic: u.topic === "food" ? "food" : "activities",
          intro: (n) => `${n === 1 ? "One place" : `${n} places`} ${asked.place}:`,
          none: `a place ${asked.place}`,
          narrower: "say near which venue, or for kids or groups",
        });
        break;
      case "events":
        outcome = listed_or_none(request, keep(await findEvents(area, u.event, request.today)), {
          topic: "events",
          intro: (n) => `${n === 1 ? "One event" : `${n} events`} ${asked.event}:`,
          none: `an event ${asked.event}`,
          narrower: "name a sport or a month",
        });
        break;
      default:
        outcome = {
          ...unknownAnswer({
            guide,
            destination: area.destination,
            what: `an answer to that in ${place}'s listings`,
          }),
          topic: null,
          first: null,
        };
    }
  }
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
