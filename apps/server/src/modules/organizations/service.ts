// An organization's events (listed ones for everyone, all of them for its people), its counts,
// and the admins' report. Open requests for proposals are not counted yet: modules/rfps exports
// no count to read them through.
import {
  ORGANIZATION_CALENDAR_MAX_EVENTS,
  type TOrganizationCalendarWindow,
  type TOrganizationEventsFilter,
  type TOrganizationReportRow,
  type TOrganizationStats,
} from "@hostfield/domain/contracts";
import { notFound } from "../../platform/http/errors";
import { iso } from "../../profiles/presenter";
import * as profilesRepo from "../../profiles/repository";
import * as profiles from "../../profiles/service";
import { eventDescriptor } from "../events/descriptor";
import * as repo from "./repository";

type TWindow = { limit: number; offset: number };

/** The events of a page of ids, loaded with their details and sports, in the ids' order. */
async function loadInOrder(ctx: profiles.TProfilesContext, ids: string[]) {
  if (ids.length === 0) return [];
  const page = await profilesRepo.listProfiles(
    ctx.db,
    { kind: "event", publicOnly: false, ids },
    eventDescriptor.detail.table,
    { limit: ids.length, offset: 0 },
    profiles.today(),
  );
  const byId = new Map(page.rows.map((p) => [p.id, p]));
  return ids.map((id) => byId.get(id)).filter((p) => p !== undefined);
}

/**
 * One page of the organization's events, soonest first: the listed ones, and for `includeUnlisted`
 * (people who belong to the organization, and admins) the pending and inactive ones too.
 */
export async function organizationEvents(
  ctx: profiles.TProfilesContext,
  organizationId: string,
  includeUnlisted: boolean,
  filter: TOrganizationEventsFilter,
  window: TWindow,
) {
  const page = await repo.organizationEventIds(
    ctx.db,
    {
      organizationId,
      includeUnlisted,
      text: filter.text,
      from: filter.startDate,
      to: filter.endDate,
    },
    window,
  );
  return { rows: await loadInOrder(ctx, page.ids), count: page.count };
}

/** The events overlapping the window (validated by the contract: at most a year), not paged. */
export function organizationCalendar(
  ctx: profiles.TProfilesContext,
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

export async function organizationStats(
  ctx: profiles.TProfilesContext,
  organizationId: string,
): Promise<TOrganizationStats> {
  const counts = await repo.organizationCounts(ctx.db, organizationId, profiles.today());
  if (!counts) throw notFound("The organization");
  return {
    id: organizationId,
    events: counts.listedEvents,
    upcomingEvents: counts.upcomingEvents,
    followers: counts.followers,
    eventLikes: counts.eventLikes,
  };
}

export async function organizationReport(
  ctx: profiles.TProfilesContext,
  window: TWindow,
): Promise<{ rows: TOrganizationReportRow[]; count: number }> {
  const page = await repo.organizationReport(ctx.db, profiles.today(), window);
  return {
    rows: page.rows.map((r) => ({ ...r, createdDate: iso(r.createdDate) })),
    count: page.count,
  };
}
