// The organization's own calls beside the shared ones: its events (list, filtered, calendar), its
// counts, and the admins' report across organizations.
import {
  ZOrganizationCalendarWindow,
  ZOrganizationEventsFilter,
  ZOrganizationReportRow,
  ZOrganizationStats,
  zDataBody,
  zDataEnvelope,
  zListEnvelope,
  zProfile,
} from "@hostfield/domain/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { access } from "../../platform/http/access";
import { envelope, listEnvelope } from "../../platform/http/envelope";
import { toWindow, ZPagedQuery } from "../../platform/http/paging";
import { ZIdParams } from "../../platform/http/schemas";
import {
  grantOf,
  kindOf,
  presentProfile,
  profileRouteKit,
  type TKindRoutesOptions,
} from "../../profiles";
import * as organizations from "./service";

export async function organizationRoutes(
  app: FastifyInstance,
  { descriptor: d, ctx }: TKindRoutesOptions,
) {
  const { add, can, listPair } = profileRouteKit(app, d, ctx);
  const event = kindOf(ctx, "event");
  const ZEvents = zListEnvelope(zProfile(event.detail.schema));
  /** People who belong to the organization (any role) and admins also see its unlisted events. */
  const seesUnlisted = (request: FastifyRequest) =>
    grantOf(request).abilities.includes("profile.readPrivate");
  const present = (page: Awaited<ReturnType<typeof organizations.organizationEvents>>) =>
    listEnvelope(
      page.rows.map((p) => presentProfile(event, p)),
      page.count,
    );

  listPair({
    url: "/organizations/:id/events",
    summary:
      "The organization's listed events, soonest first (its members and admins also see pending and inactive ones)",
    filteredSummary:
      "The organization's events (filtered: text, dates they overlap), soonest first; members and admins also see unlisted ones",
    access: can("profile.read"),
    params: ZIdParams,
    query: ZPagedQuery,
    body: zDataBody(ZOrganizationEventsFilter).optional(),
    response: ZEvents,
    handler: async (request) =>
      present(
        await organizations.organizationEvents(
          ctx,
          grantOf(request).profile.id,
          seesUnlisted(request),
          request.body?.data ?? {},
          toWindow(request.query),
        ),
      ),
  });
  add({
    method: "POST",
    url: "/organizations/:id/events/calendar",
    summary:
      "The organization's events overlapping startDate..endDate (at most 366 days; not paged, up to 500 events), soonest first",
    access: can("profile.read"),
    params: ZIdParams,
    query: ZOrganizationCalendarWindow.safeExtend({ "api-version": z.string().optional() }),
    body: zDataBody(z.object({ text: z.string().trim().max(200).optional() })).optional(),
    response: ZEvents,
    handler: async (request) => {
      const window = request.query;
      const text = request.body?.data?.text;
      return present(
        await organizations.organizationCalendar(
          ctx,
          grantOf(request).profile.id,
          seesUnlisted(request),
          window,
          text,
        ),
      );
    },
  });
  add({
    method: "GET",
    url: "/organizations/:id/stats",
    summary:
      "The organization's counts: listed events, upcoming ones, followers and likes on its events (public facts)",
    access: can("profile.read"),
    params: ZIdParams,
    response: zDataEnvelope(ZOrganizationStats),
    handler: async (request) =>
      envelope(await organizations.organizationStats(ctx, grantOf(request).profile)),
  });
  add({
    method: "GET",
    url: "/organizations/report",
    summary: "Every organization with its members, followers and events by state, by name (admins)",
    access: access.admin,
    query: ZPagedQuery,
    response: zListEnvelope(ZOrganizationReportRow),
    handler: async (request) => {
      const page = await organizations.organizationReport(ctx, toWindow(request.query));
      return listEnvelope(page.rows, page.count);
    },
  });
}
