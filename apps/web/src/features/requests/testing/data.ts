// Test-only organizer records in the contract shapes: my events (event listings), their requests
// for proposals, and the venues' leads on them (the lead builder of leads/testing), and the world
// the organizer's handlers answer from.
import type { TLead, TRequirement } from "@hostfield/domain/contracts";
import {
  buildLead,
  buildRequirement,
  counts,
  type TLeadsWorld,
  testUuid,
} from "../../leads/testing";
import type { TEventListing, TProfile } from "../../profiles";
import { buildListing, OWNER_ABILITIES, VISITOR_ABILITIES } from "../../profiles/testing";
import { rfpAssistantWorld, type TRfpAssistantWorld } from "./rfp-assistant";

export const uuid = testUuid;
export { buildRequirement, counts, OWNER_ABILITIES, VISITOR_ABILITIES };
export const T0 = "2026-01-10T09:00:00.000Z";
export const EVENT_ID = uuid(1);
export const OTHER_EVENT_ID = uuid(2);
export const NEW_EVENT_ID = uuid(3);
export const ORGANIZATION_ID = uuid(4);
export const FACILITY_ID = uuid(5);
export const DESTINATION_ID = uuid(6);
export const GROUP_ID = uuid(7);

/** The Spring Classic (Mar 7–9, 2026) unless told otherwise: an event listing of the contract. */
export function buildEvent(overrides: Partial<TEventListing> = {}): TEventListing {
  return buildListing("event", {
    id: EVENT_ID,
    name: "Spring Classic",
    slug: "spring-classic",
    startDate: "2026-03-07",
    endDate: "2026-03-09",
    ...overrides,
  }) as TEventListing;
}

/**
 * A venue's lead on the Spring Classic, numbered: id uuid(200 + n), owner "Venue n" (uuid(300 + n)).
 */
export function buildBid(n: number, overrides: Partial<TLead> = {}): TLead {
  return buildLead({
    id: uuid(200 + n),
    eventId: EVENT_ID,
    requirementId: uuid(100),
    event: {
      id: EVENT_ID,
      name: "Spring Classic",
      startDate: "2026-03-07",
      endDate: "2026-03-09",
      hasFlexibleDates: false,
      sports: ["Basketball"],
      urgency: 0,
      placeLabel: "Indianapolis, IN",
    },
    owner: {
      ownerType: "Facility",
      ownerId: uuid(300 + n),
      name: `Venue ${n}`,
      city: "Carmel",
      state: "IN",
      responseTime: null,
    },
    score: 80,
    reasons: ["1 of 1 sports"],
    distanceMiles: 12,
    visibleFrom: T0,
    createdDate: T0,
    updatedDate: T0,
    ...overrides,
  });
}

/** A venue the venue search finds: a listing of its kind, in `city`, `state` if given. */
export function buildFoundVenue(
  kind: "facility" | "destination",
  id: string,
  name: string,
  place?: { city: string; state: string },
): TProfile {
  return buildListing(kind, {
    id,
    name,
    slug: "a-venue",
    address: place ? { street: null, postalCode: null, country: "US", ...place } : null,
  });
}

/** What the organizer's handlers answer from. */
export type TRequestsWorld = {
  /**
   * The events listed under /events/my and, each with its requests, under /events/my/requests,
   * both in this order (the test stands in for the server's choice and order).
   */
  myEvents: TEventListing[];
  /** The organizations I belong to, as /organizations/my lists them. */
  myOrganizations: { id: string; name: string; status: "pending" | "approved" }[];
  events: Map<string, TEventListing>;
  abilities: Map<string, string[]>;
  /** Each event's requests, newest first as the server lists them. */
  requirements: Map<string, TRequirement[]>;
  /** What the venue searches find. */
  facilities: TProfile[];
  destinations: TProfile[];
  /** The leads of my events, and their histories: a leads world, seen from the organizer's side. */
  bids: TLeadsWorld;
  /** What the RFP assistant's questions call answers. */
  assistant: TRfpAssistantWorld;
};

export function requestsWorld(): TRequestsWorld {
  return {
    myEvents: [],
    myOrganizations: [],
    events: new Map(),
    abilities: new Map(),
    requirements: new Map(),
    facilities: [],
    destinations: [],
    bids: {
      destinations: [],
      facilities: [],
      leads: [],
      history: {},
      versions: {},
      abilities: {},
      staff: [],
      rfps: [],
      heldBack: null,
    },
    assistant: rfpAssistantWorld(),
  };
}

/** An event I may see, with what I may do on it; `mine` lists it under /events/my. */
export function addEvent(
  world: TRequestsWorld,
  event: TEventListing,
  abilities: string[] = OWNER_ABILITIES,
  mine = true,
): TEventListing {
  world.events.set(event.id, event);
  world.abilities.set(event.id, abilities);
  if (mine) world.myEvents.push(event);
  return event;
}
