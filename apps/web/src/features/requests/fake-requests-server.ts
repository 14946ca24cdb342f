// Test-only: an in-memory stand-in for the organizer's side of the event service (my events, an
// event's requests and leads, direct sends, venue search, an organization's calendar), answering
// through stubApi with the shapes of the domain contracts and recording every call. One lead's
// calls (the award and decline, its history) are the lead fake's, played from the organizer's side.
import type { TLead, TRequirement } from "@hostfield/domain/contracts";
import { LEAD_STATUSES, type TLeadStatus } from "@hostfield/domain/reference";
import { stubApi, type TApiCall } from "../../test/api-stub";
import {
  buildLead,
  fail,
  json,
  leadStats,
  leadsState,
  list,
  ME,
  oneLeadCalls,
  paged,
  type TLeadsState,
  testUuid,
} from "../leads/leads-test-data";
import { buildListing, OWNER_ABILITIES, VISITOR_ABILITIES } from "../profiles/fake-profiles-server";
import type { TEventListing } from "./requests-api";

export const uuid = testUuid;
export { ME };
export const T0 = "2026-01-10T09:00:00.000Z";
export const EVENT_ID = uuid(1);
export const OTHER_EVENT_ID = uuid(2);
export const NEW_EVENT_ID = uuid(3);
export const ORGANIZATION_ID = uuid(4);
export const FACILITY_ID = uuid(5);
export const DESTINATION_ID = uuid(6);
export const GROUP_ID = uuid(7);
export { OWNER_ABILITIES, VISITOR_ABILITIES };

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

/** Every status present (the contract's record is exhaustive). */
export function counts(partial: Partial<Record<TLeadStatus, number>> = {}) {
  return Object.fromEntries(LEAD_STATUSES.map((s) => [s, partial[s] ?? 0])) as Record<
    TLeadStatus,
    number
  >;
}

export function buildRequirement(overrides: Partial<TRequirement> = {}): TRequirement {
  return {
    id: uuid(100),
    eventId: EVENT_ID,
    status: "published",
    publishedDate: T0,
    lat: 39.77,
    lng: -86.16,
    placeLabel: "Indianapolis, IN",
    placeState: "Indiana",
    leadCounts: counts(),
    sportsList: ["Basketball"],
    needsSpecificFacilityType: false,
    needsSpecificSpaceType: true,
    spaceType: "Court",
    spaceSurface: "Hardwood",
    spaceTypeCount: 4,
    spaceLocation: "Indoor",
    spaceDescription: null,
    facilityTypes: [],
    address: "Indianapolis, IN",
    dist: 50,
    urgency: 0,
    attendance: 600,
    roomNights: 120,
    createdDate: T0,
    updatedDate: T0,
    createdBy: ME.id,
    updatedBy: ME.id,
    ...overrides,
  };
}

/**
 * A venue's lead on the Spring Classic, numbered: id uuid(200 + n), owner "Venue n" (uuid(300 + n));
 * made by the one lead builder the lead fakes share.
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

export type TFailure = { status: number; code: string; message: string; details?: unknown };

const data = (value: unknown, status = 200) => json({ data: value }, status);
const error = ({ status, code, message, details }: TFailure) =>
  fail(status, code, message, details);

const EVENTS = "/event-mgmt/api/events";

export function createFakeRequestsServer(
  options: {
    /** Calls this server does not know go here (say, a fake profiles server's fetch). */
    fallback?: (call: TApiCall) => Response | undefined | Promise<Response | undefined>;
  } = {},
) {
  /** The leads and their histories, judged by the lead fake; I am the events' organizer. */
  const leadStore: TLeadsState = leadsState({ side: "organizer", destinations: [], staff: [] });
  const leadCalls = oneLeadCalls(leadStore);
  const state = {
    myEvents: [] as TEventListing[],
    events: new Map<string, TEventListing>(),
    abilities: new Map<string, string[]>(),
    requirements: new Map<string, TRequirement[]>(),
    facilities: [] as { id: string; name: string; address: unknown }[],
    destinations: [] as { id: string; name: string; address: unknown }[],
    /** Events of an organization's calendar. */
    calendar: new Map<string, TEventListing[]>(),
    /** How many leads a publish creates. */
    matches: 3,
    /** The next call of "METHOD /path" fails like this (once). */
    failures: new Map<string, TFailure>(),
    next: 1000,
  };
  const leadsOf = (eventId: string) => leadStore.leads.filter((l) => l.eventId === eventId);

  const handle = async (call: TApiCall): Promise<Response | undefined> => {
    const { method, path, url } = call;
    const body = (call.body as { data?: Record<string, unknown> } | undefined)?.data ?? {};
    const failure = state.failures.get(`${method} ${path}`);
    if (failure) {
      state.failures.delete(`${method} ${path}`);
      return error(failure);
    }
    if (path === "/status.json") return Response.json({});

    if (path === `${EVENTS}/my` && method === "GET") return paged(call, state.myEvents);
    if (path === EVENTS && method === "POST") {
      const created = buildEvent({
        ...(body as Partial<TEventListing>),
        id: NEW_EVENT_ID,
        status: "pending",
      });
      state.events.set(created.id, created);
      state.abilities.set(created.id, OWNER_ABILITIES);
      return data(created, 201);
    }
    const search = /^\/(facility|destination)-mgmt\/api\/(facilities|destinations)\/search$/.exec(
      path,
    );
    if (search && method === "POST") {
      const pool = search[1] === "facility" ? state.facilities : state.destinations;
      const text = String(body.text ?? "").toLowerCase();
      return list(pool.filter((venue) => venue.name.toLowerCase().includes(text)));
    }
    const calendar = /^\/event-mgmt\/api\/organizations\/([^/]+)\/events\/calendar$/.exec(path);
    if (calendar && method === "POST") {
      const start = url.searchParams.get("startDate") ?? "";
      const end = url.searchParams.get("endDate") ?? "";
      const events = state.calendar.get(calendar[1]!) ?? [];
      return list(events.filter((e) => e.endDate >= start && e.startDate <= end));
    }

    const match = /^\/event-mgmt\/api\/events\/([^/]+)(?:\/(.*))?$/.exec(path);
    if (!match) return options.fallback?.(call);
    const [, eventId = "", rest = ""] = match;
    const event = state.events.get(eventId);
    if (!event) {
      return (
        (await options.fallback?.(call)) ??
        error({ status: 404, code: "PROFILE_NOT_FOUND", message: "The event was not found." })
      );
    }
    const abilities = state.abilities.get(eventId) ?? ["profile.read"];
    if (rest === "" && method === "GET") return data(event);
    if (rest === "my/entitlements") return data(abilities);
    const organizer = abilities.includes("profile.update");
    const [segment, childId, action] = rest.split("/");
    if (segment !== "requirements" && segment !== "leads") return options.fallback?.(call);
    if (!organizer) {
      return error({
        status: 403,
        code: "FORBIDDEN",
        message: "Only the event's organizers can do this.",
      });
    }
    const requirements = state.requirements.get(eventId) ?? [];

    if (segment === "requirements") {
      if (!childId && method === "GET") return paged(call, requirements);
      if (!childId && method === "POST") {
        if (body.address === "Atlantis") {
          return error({
            status: 400,
            code: "UNKNOWN_PLACE",
            message: 'We could not find "Atlantis". Give a city and state or a ZIP code.',
          });
        }
        state.next += 1;
        const created = buildRequirement({
          ...(body as Partial<TRequirement>),
          id: uuid(state.next),
          eventId,
          status: "draft",
          publishedDate: null,
          placeLabel: body.address ? String(body.address) : null,
          leadCounts: counts(),
        });
        state.requirements.set(eventId, [created, ...requirements]);
        return data(created, 201);
      }
      const requirement = requirements.find((r) => r.id === childId);
      if (!requirement) {
        return error({ status: 404, code: "NOT_FOUND", message: "No such request." });
      }
      if (action === "publish" && method === "PUT") {
        const made = Array.from({ length: state.matches }, (_, i) =>
          buildBid(state.next + i, { eventId, requirementId: requirement.id }),
        );
        state.next += state.matches;
        leadStore.leads = [...made, ...leadStore.leads];
        const published = {
          ...requirement,
          status: "published" as const,
          publishedDate: T0,
          leadCounts: counts({ Open: state.matches }),
        };
        state.requirements.set(
          eventId,
          requirements.map((r) => (r.id === requirement.id ? published : r)),
        );
        return data(published);
      }
      return undefined;
    }

    if (!childId && method === "GET") return paged(call, leadsOf(eventId));
    if (childId === "stats" && method === "POST") return data(leadStats(leadsOf(eventId)));
    if (childId === "bulk" && method === "POST") {
      const targets = body.targets as { ownerType: "Facility"; ownerId: string }[];
      const created = targets.map((target, i) =>
        buildBid(state.next + i, {
          eventId,
          requirementId: String(body.requirementId),
          source: "direct",
          score: null,
          reasons: ["Sent directly by the organizer"],
          owner: { ...buildBid(0).owner, ...target },
        }),
      );
      state.next += targets.length;
      leadStore.leads = [...created, ...leadStore.leads];
      return data({ created, existing: [] });
    }
    return leadCalls(call);
  };

  const api = stubApi(handle);
  return {
    ...api,
    state,
    leadStore,
    /** An event I may see, with what I may do on it; `mine` lists it under /events/my. */
    addEvent(event: TEventListing, abilities: string[] = OWNER_ABILITIES, mine = true) {
      state.events.set(event.id, event);
      state.abilities.set(event.id, abilities);
      if (mine) state.myEvents.push(event);
      return event;
    },
    /** Leads of my events, as venues answered them. */
    addLeads(...leads: TLead[]) {
      leadStore.leads.push(...leads);
    },
    failNext(method: string, path: string, failure: TFailure) {
      state.failures.set(`${method} ${path}`, failure);
    },
    bodiesOf: (path: string, method: string) => api.to(path, method).map((c) => c.body),
  };
}
