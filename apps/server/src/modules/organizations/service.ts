// An organization's events (listed ones for everyone, all of them for its people), its counts,
// and the admins' report; the events and their counts come from modules/events. Open requests for
// proposals are not counted yet: modules/rfps exports no count to read them through.
import {
  ORGANIZATION_CALENDAR_MAX_EVENTS,
  type TOrganizationCalendarWindow,
  type TOrganizationEventsFilter,
  type TOrganizationReportRow,
  type TOrganizationStats,
} from "@hostfield/domain/contracts";
import { iso, type TProfileRow, type TProfilesContext } from "../../profiles";
import * as events from "../events";
import * as repo from "./repository";

type TWindow = { limit: number; offset: number };

/**
 * One page of the organization's events, soonest first: the listed ones, and for `includeUnlisted`
 * (people who belong to the organization, and admins) the pending and inactive ones too.
 */
export function organizationEvents(
  ctx: TProfilesContext,
  organizationId: string,
  includeUnlisted: boolean,
  filter: TOrganizationEventsFilter,
  window: TWindow,
) {
  return events.organizationEvents(
    ctx,
    {
      organizationId,
      includeUnlisted,
      text: filter.text,
      from: filter.startDate,
      to: filter.endDate,
    },
    window,
  );
}

/** The events overlapping the window (validated by the contract: at most a year), not paged. */
export function organizationCalendar(
  ctx: TProfilesContext,
  organizationId: string,
  includeUnlisted: boolean,
  window: TOrganizationCalendarWindow,
  text?: string,
) {
  return organizationEvents(
    ctx,
    organizationId,
    includeUnlisted,
    { text, startDate: window.startDate, endDate: window.endDate },
    { limit: ORGANIZATION_CALENDAR_MAX_EVENTS, offset: 0 },
  );
}

const NO_EVENTS = {
  events: 0,
  listedEvents: 0,
  pendingEvents: 0,
  upcomingEvents: 0,
  eventLikes: 0,
};

/** The public counts of an organization the caller may read (`GET /organizations/{id}/stats`). */
export async function organizationStats(
  ctx: TProfilesContext,
  organization: TProfileRow,
): Promise<TOrganizationStats> {
  const counts =
    (await events.organizationEventCounts(ctx, [organization.id])).get(organization.id) ??
    NO_EVENTS;
  return {
    id: organization.id,
    events: counts.listedEvents,
    upcomingEvents: counts.upcomingEvents,
    followers: organization.followerCount,
    eventLikes: counts.eventLikes,
  };
}

export async function organizationReport(
  ctx: TProfilesContext,
  window: TWindow,
): Promise<{ rows: TOrganizationReportRow[]; count: number }> {
  const page = await repo.organizationReport(ctx.db, window);
  const counts = await events.organizationEventCounts(
    ctx,
    page.rows.map((r) => r.id),
  );
  return {
    rows: page.rows.map((r) => {
      const c = counts.get(r.id) ?? NO_EVENTS;
      return {
        ...r,
        events: c.events,
        pendingEvents: c.pendingEvents,
        upcomingEvents: c.upcomingEvents,
        eventLikes: c.eventLikes,
        createdDate: iso(r.createdDate),
      };
    }),
    count: page.count,
  };
}
