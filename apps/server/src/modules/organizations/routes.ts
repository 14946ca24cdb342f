// The organization's own calls beside the shared ones: its events (list, filtered, calendar), its
// counts, and the admins' report across organizations.
import {
  type TOrganizationCalendarWindow,
  type TOrganizationEventsFilter,
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
import { presentProfile } from "../../profiles/presenter";
import { grantOf, profileRouteKit } from "../../profiles/routes";
import type * as profiles from "../../profiles/service";
import { eventDescriptor } from "../events/descriptor";
import { organizationDescriptor as d } from "./descriptor";
import * as organizations from "./service";

const ZId = z.object({ id: z.uuid() });

export async function organizationRoutes(
  app: FastifyInstance,
  options: { ctx: profiles.TProfilesContext },
) {
  const { ctx } = options;
  const { add, can } = profileRouteKit(app, d, ctx);
  const ZEvents = zListEnvelope(zProfile(eventDescriptor.detail.schema));
  /** People who belong to the organization (any role) and admins also see its unlisted events. */
  const seesUnlisted = (request: FastifyRequest) =>
    grantOf(request).abilities.includes("profile.readPrivate");
  const present = (page: Awaited<ReturnType<typeof organizations.organizationEvents>>) =>
    listEnvelope(
      page.rows.map((p) => presentProfile(eventDescriptor, p)),
      page.count,
    );

  const list = async (request: FastifyRequest) => {
    const filter = (request.body as { data?: TOrganizationEventsFilter } | undefined)?.data ?? {};
    return present(
      await organizations.organizationEvents(
        ctx,
        grantOf(request).profile.id,
        seesUnlisted(request),
        filter,
        toWindow(request.query as z.infer<typeof ZPagedQuery>),
      ),
    );
  };
  add({
    method: "GET",
    url: "/organizations/:id/events",
    summary:
      "The organization's listed events, soonest first (its members and admins also see pending and inactive ones)",
    access: can("profile.read"),
    params: ZId,
    query: ZPagedQuery,
    response: ZEvents,
    handler: list,
  });
  add({
    method: "POST",
    url: "/organizations/:id/events/filtered",
    summary:
      "The organization's events (filtered: text, dates they overlap), soonest first; members and admins also see unlisted ones",
    access: can("profile.read"),
    params: ZId,
    query: ZPagedQuery,
    body: zDataBody(ZOrganizationEventsFilter).optional(),
    response: ZEvents,
    handler: list,
  });
  add({
    method: "POST",
    url: "/organizations/:id/events/calendar",
    summary:
      "The organization's events overlapping startDate..endDate (at most 366 days; not paged, up to 500 events), soonest first",
    access: can("profile.read"),
    params: ZId,
    query: ZOrganizationCalendarWindow.safeExtend({ "api-version": z.string().optional() }),
    body: zDataBody(z.object({ text: z.string().trim().max(200).optional() })).optional(),
    response: ZEvents,
    handler: async (request) => {
      const window = request.query as TOrganizationCalendarWindow;
      const text = (request.body as { data?: { text?: string } } | undefined)?.data?.text;
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
    params: ZId,
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
      const page = await organizations.organizationReport(
        ctx,
        toWindow(request.query as z.infer<typeof ZPagedQuery>),
      );
      return listEnvelope(page.rows, page.count);
    },
  });
}
