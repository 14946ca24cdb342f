// "My requests" (GET /events/my/requests): a page of the events the caller organizes, each with
// its requests and their lead counts, in a fixed number of queries whatever the page holds (the
// caller's events with their abilities, their request activity, then the page's events, requests
// and lead counts), instead of the web asking for each event's requests one by one.
import type { TMyEventRequests, TRequirement } from "@hostfield/domain/contracts";
import type { TPrincipal } from "../../platform/http/access";
import { presentProfile, type TLoadedProfile } from "../../profiles";
import type { TRfpsContext, TWindow } from "./context";
import { latestRequestActivity, requirementsOfEvents } from "./my-requests-queries";
import { organizes } from "./policy";
import { withCounts } from "./requirements";

type TRanked = { id: string; createdDate: Date; activity: Date | null };

const newestId = (a: TRanked, b: TRanked) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * The order of "My requests", newest first. Events with a request come first, by their newest
 * request activity (a request drafted, edited, published, awarded or closed), so a request just
 * published is on page 1; then events without a request, the newest created first. Ties go by id,
 * so pages neither overlap nor skip. Within an event, its requests follow the same activity.
 */
function newestRequestsFirst(a: TRanked, b: TRanked): number {
  if (a.activity && b.activity) {
    return b.activity.getTime() - a.activity.getTime() || newestId(a, b);
  }
  if (a.activity || b.activity) return a.activity ? -1 : 1;
  return b.createdDate.getTime() - a.createdDate.getTime() || newestId(a, b);
}

/**
 * A page of my events whose requests I may read, by the organizer routes' own rule (policy's
 * `organizes`, over the abilities the profiles service gives for every event of mine at once),
 * and their count: the events `GET /events/my` lists, less those I only belong to.
 */
export async function listMyRequests(
  ctx: TRfpsContext,
  principal: TPrincipal,
  window: TWindow,
): Promise<{ rows: TMyEventRequests[]; count: number }> {
  const mine = (await ctx.profiles.myListings("event", principal)).filter((event) =>
    organizes(principal, event.abilities),
  );
  const activity = await latestRequestActivity(
    ctx.db,
    mine.map((event) => event.id),
  );
  const page = mine
    .map(({ id, createdDate }) => ({ id, createdDate, activity: activity.get(id) ?? null }))
    .sort(newestRequestsFirst)
    .slice(window.offset, window.offset + window.limit);
  const ids = page.map((event) => event.id);
  const [events, rows] = await Promise.all([
    ctx.profiles.profilesByIds("event", ids),
    requirementsOfEvents(ctx.db, ids),
  ]);
  const byEvent = new Map<string, TRequirement[]>();
  for (const requirement of await withCounts(ctx, rows)) {
    const list = byEvent.get(requirement.eventId) ?? [];
    list.push(requirement);
    byEvent.set(requirement.eventId, list);
  }
  const kind = ctx.profiles.kind("event");
  // presentProfile is typed for any kind; it fills the event kind's own fields (ZEventDetail's).
  const present = (loaded: TLoadedProfile) =>
    presentProfile(kind, loaded) as TMyEventRequests["event"];
  return {
    // An event deleted between the two reads is left out of the page.
    rows: page.flatMap(({ id }) => {
      const loaded = events.get(id);
      return loaded ? [{ event: present(loaded), requirements: byEvent.get(id) ?? [] }] : [];
    }),
    count: mine.length,
  };
}
