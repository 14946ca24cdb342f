// Test-only MSW handlers for the organizer's calls (my events, my events with their requests, an
// event's leads, the venue search, the RFP assistant's questions), answering from a requests world
// (testing/data.ts);
// one lead's calls are the lead handlers' (leads/testing) over the world's bids. What a write makes
// (an event, a draft, a publication and the leads it matched, a direct send, an ask to revise, a
// description read) is what the test says the server made (createsEvent, draftsRequirement,
// publishes, sendsToVenues, asksRevision, readsDescriptions in rfp-assistant.ts); nothing here
// matches or judges.
import {
  type TLead,
  type TRequirement,
  ZLead,
  ZLeadBulkResult,
  ZLeadStats,
  ZMyEventRequests,
  ZRequirement,
} from "@hostfield/domain/contracts";
import { kindApiBase } from "@hostfield/domain/kinds";
import { http } from "msw";
import { z } from "zod";
import { dataReply, errorReply, listReply, pageReply, serveBase } from "../../../test/msw";
import { leadStats, leadsHandlers } from "../../leads/testing";
import { type TEventListing, ZEventListing } from "../../profiles";
import { OWNER_ABILITIES, profileSchema } from "../../profiles/testing";
import { requestsWorld, type TRequestsWorld } from "./data";
import { rfpAssistantHandlers } from "./rfp-assistant";

export const EVENTS = "/event-mgmt/api/events";
export const ORGANIZATIONS = kindApiBase("organization");
export const MY_REQUESTS = `${EVENTS}/my/requests`;

const ZMyOrganization = z.object({
  id: z.uuid(),
  name: z.string(),
  status: z.enum(["pending", "approved"]),
});

const eventNotFound = () => errorReply(404, "PROFILE_NOT_FOUND", "The event was not found.");

export function requestsHandlers(world: TRequestsWorld) {
  const bidsOf = (eventId: unknown) => world.bids.leads.filter((l) => l.eventId === eventId);
  return [
    http.get(`${EVENTS}/my`, ({ request }) => pageReply(ZEventListing, world.myEvents, request)),
    http.get(`${ORGANIZATIONS}/my`, ({ request }) =>
      pageReply(ZMyOrganization, world.myOrganizations, request),
    ),
    // My events with their requests, in the order the test listed them: which events the server
    // picks (those I organize) and its order are the server's, tested there.
    http.get(MY_REQUESTS, ({ request }) =>
      pageReply(
        ZMyEventRequests,
        world.myEvents.map((event) => ({
          event,
          requirements: world.requirements.get(event.id) ?? [],
        })),
        request,
      ),
    ),
    http.get(`${EVENTS}/:id`, ({ params }) => {
      const event = world.events.get(String(params.id));
      return event ? dataReply(ZEventListing, event) : eventNotFound();
    }),
    http.get(`${EVENTS}/:id/my/entitlements`, ({ params }) =>
      world.events.has(String(params.id))
        ? dataReply(z.array(z.string()), world.abilities.get(String(params.id)) ?? ["profile.read"])
        : eventNotFound(),
    ),
    http.get(`${EVENTS}/:id/leads`, ({ params, request }) =>
      pageReply(ZLead, bidsOf(params.id), request),
    ),
    http.post(`${EVENTS}/:id/leads/stats`, ({ params }) =>
      dataReply(ZLeadStats, leadStats(bidsOf(params.id))),
    ),
    http.post("/facility-mgmt/api/facilities/search", () =>
      listReply(profileSchema("facility"), world.facilities),
    ),
    http.post("/destination-mgmt/api/destinations/search", () =>
      listReply(profileSchema("destination"), world.destinations),
    ),
    ...leadsHandlers(world.bids),
    ...rfpAssistantHandlers(world.assistant),
  ];
}

/** The create call answers `created` (what the server made of the form) and lists it as mine. */
export function createsEvent(world: TRequestsWorld, created: TEventListing) {
  return http.post(EVENTS, () => {
    world.events.set(created.id, created);
    world.abilities.set(created.id, OWNER_ABILITIES);
    return dataReply(ZEventListing, created, { status: 201 });
  });
}

/** Making an organization answers it as pending, by the name sent, and lists it as mine. */
export function createsOrganization(world: TRequestsWorld, id: string) {
  return http.post(ORGANIZATIONS, async ({ request }) => {
    const { data } = (await request.json()) as { data: { name: string } };
    const made = { id, name: data.name, status: "pending" as const };
    world.myOrganizations.push(made);
    return dataReply(ZMyOrganization, made, { status: 201 });
  });
}

/** The event's requirement call answers `draft` (the draft the server made) and keeps it. */
export function draftsRequirement(world: TRequestsWorld, draft: TRequirement) {
  return http.post(`${EVENTS}/${draft.eventId}/requirements`, () => {
    world.requirements.set(draft.eventId, [
      draft,
      ...(world.requirements.get(draft.eventId) ?? []),
    ]);
    return dataReply(ZRequirement, draft, { status: 201 });
  });
}

/** Publishing answers `published` and keeps it, with the leads the server matched. */
export function publishes(world: TRequestsWorld, published: TRequirement, matched: TLead[] = []) {
  return http.put(`${EVENTS}/${published.eventId}/requirements/${published.id}/publish`, () => {
    world.requirements.set(
      published.eventId,
      (world.requirements.get(published.eventId) ?? []).map((r) =>
        r.id === published.id ? published : r,
      ),
    );
    world.bids.leads = [...matched, ...world.bids.leads];
    return dataReply(ZRequirement, published);
  });
}

/** A direct send answers the leads it created, and keeps them. */
export function sendsToVenues(world: TRequestsWorld, eventId: string, created: TLead[]) {
  return http.post(`${EVENTS}/${eventId}/leads/bulk`, () => {
    world.bids.leads = [...created, ...world.bids.leads];
    return dataReply(ZLeadBulkResult, { created, existing: [] });
  });
}

/** The ask to revise `asked`'s proposal answers `asked` (the lead with the ask) and keeps it. */
export function asksRevision(world: TRequestsWorld, asked: TLead) {
  return http.post(`${EVENTS}/${asked.eventId}/leads/${asked.id}/revision-request`, () => {
    world.bids.leads = world.bids.leads.map((lead) => (lead.id === asked.id ? asked : lead));
    return dataReply(ZLead, asked);
  });
}

/** Serves a requests world (empty until the test fills it) under the test's own handlers. */
export function serveRequests(world: TRequestsWorld = requestsWorld()): TRequestsWorld {
  serveBase(...requestsHandlers(world));
  return world;
}
