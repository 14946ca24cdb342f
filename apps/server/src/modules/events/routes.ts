// The event's own calls beside the shared ones: clone, calendar file, partners and their link,
// invitation text, settings and hotels, hotels across events, and the Marketed events' marketplace.
import {
  ZEventHotel,
  ZEventInvitation,
  ZEventInvitationRequest,
  ZEventPartnerLink,
  ZEventPartners,
  zDataBody,
  zDataEnvelope,
  zListEnvelope,
  zProfile,
} from "@hostfield/domain/contracts";
import { EVENT_CATEGORY_MARKETED } from "@hostfield/domain/reference";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { access, principalOf } from "../../platform/http/access";
import { envelope, listEnvelope } from "../../platform/http/envelope";
import { unauthorized } from "../../platform/http/errors";
import { toWindow, ZPagedQuery } from "../../platform/http/paging";
import type { TRequestOf } from "../../platform/http/route-def";
import { ZIdParams } from "../../platform/http/schemas";
import {
  accessProfile,
  grantOf,
  presentProfile,
  profileRouteKit,
  registerSearch,
  registerSearchPresets,
  registerSimpleChild,
  type TKindDescriptor,
} from "../../profiles";
import { hotelsChild, presentHotel, settingsChild } from "./children";
import * as events from "./service";

const ZInvitationBody = zDataBody(ZEventInvitationRequest);
/** Saved presets of the Marketed search live apart from those of the plain event search. */
const MARKETED_PRESETS = "event:marketed";

export async function eventRoutes(
  app: FastifyInstance,
  options: { descriptor: TKindDescriptor; ctx: events.TEventsContext },
) {
  const { descriptor: d, ctx } = options;
  const { add, can } = profileRouteKit(app, d, ctx);
  const ZEvent = zProfile(d.detail.schema);

  add({
    method: "PUT",
    url: "/events/:id/clone",
    summary:
      "Copy an event (organizers): a new pending event 'Copy of {name}' that I own, with its fields, sports, amenities, space needs and settings; not its media, members, likes, boosts, partners, hotels or leads",
    access: can("profile.update"),
    params: ZIdParams,
    status: 201,
    response: zDataEnvelope(ZEvent),
    handler: async (request) => {
      const copy = await events.cloneEvent(ctx, principalOf(request), grantOf(request).profile.id);
      return envelope(presentProfile(d, copy));
    },
  });

  add({
    method: "GET",
    url: "/events/:id/ical",
    summary:
      "The event as an iCalendar file (RFC 5545, text/calendar): one all-day entry with its dates, place, facts and page link",
    access: can("profile.read"),
    params: ZIdParams,
    response: z.string().describe("text/calendar; charset=utf-8"),
    handler: async (request, reply) => {
      const { profile } = grantOf(request);
      const body = await events.calendarFor(ctx, profile.id);
      reply
        .type("text/calendar; charset=utf-8")
        .header("content-disposition", `attachment; filename="${profile.slug}.ics"`);
      return body;
    },
  });

  add({
    method: "GET",
    url: "/events/:id/partners",
    summary:
      "The event's partners, by name: among them its venue once a proposal is awarded (the winning facility or destination)",
    access: can("profile.read"),
    params: ZIdParams,
    response: zDataEnvelope(ZEventPartners),
    handler: async (request) =>
      envelope(await events.partnersOf(ctx, grantOf(request).profile.id, { listedOnly: true })),
  });

  add({
    method: "PUT",
    url: "/events/:id/partner",
    summary:
      "Link a listed profile to the event as a partner (linked: true, the default) or unlink it (linked: false); returns the event's partners",
    access: can("partners.write"),
    params: ZIdParams,
    body: zDataBody(ZEventPartnerLink),
    response: zDataEnvelope(ZEventPartners),
    handler: async (request) => {
      return envelope(
        await events.setPartner(
          ctx,
          grantOf(request).profile.id,
          request.body.data,
          principalOf(request),
        ),
      );
    },
  });

  add({
    method: "PUT",
    url: "/events/email/generate",
    summary:
      "A ready-to-send invitation (subject and plain text) from the event's fields, in the product's display formats",
    access: access.policy<TRequestOf<undefined, undefined, typeof ZInvitationBody>>(
      "signed in, and 'profile.read' on the event in data.eventId",
      async (r) => {
        if (!r.principal) throw unauthorized();
        await accessProfile(ctx, d, r.body.data.eventId, r.principal);
      },
    ),
    body: ZInvitationBody,
    response: zDataEnvelope(ZEventInvitation),
    handler: async (request) => {
      const { eventId, audience } = request.body.data;
      return envelope(await events.invitationFor(ctx, eventId, audience));
    },
  });

  registerSimpleChild(app, d, ctx, settingsChild);
  registerSimpleChild(app, d, ctx, hotelsChild);
  add({
    method: "GET",
    url: "/events/hotels",
    summary:
      "Hotels linked to listed events (admins: to every event), soonest cut-off first; hotelId narrows to one hotel",
    access: access.public,
    query: ZPagedQuery.extend({ hotelId: z.uuid().optional() }),
    response: zListEnvelope(ZEventHotel),
    handler: async (request) => {
      const q = request.query;
      const page = await events.listKindHotels(
        ctx,
        { hotelId: q.hotelId, listedOnly: !request.principal?.isAdmin },
        toWindow(q),
      );
      return listEnvelope(
        page.rows.map((r) => presentHotel(r.link, r.eventName, r.hotel)),
        page.count,
      );
    },
  });

  // ---- the marketplace of Marketed events: the events search, narrowed to that category ----
  registerSearch(app, d, ctx, "/events/search/marketed", d, {
    narrow: { category: EVENT_CATEGORY_MARKETED },
    summary: `Search listed events of category '${EVENT_CATEGORY_MARKETED}': the filters, paging and order of POST /events/search`,
    stats: false,
  });
  registerSearchPresets(
    app,
    d,
    ctx,
    "/events/search/marketed/filters",
    MARKETED_PRESETS,
    "My saved searches of Marketed events (kept apart from the plain event search's): send presets to replace them, or no data to read them",
  );
}
