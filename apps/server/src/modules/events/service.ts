// The event's own rules beside the profile machinery: cloning, partner links, the invitation text,
// the calendar entry, hotels across events, and the events of an organization (which
// modules/organizations asks for here instead of reading the event tables).
import type { TEventPartnerLink } from "@hostfield/domain/contracts";
import { buildCalendar } from "../../platform/calendar/ical";
import { inTransaction } from "../../platform/db/database";
import type { TPrincipal } from "../../platform/http/access";
import { AppError } from "../../platform/http/errors";
import * as profiles from "../../profiles";
import {
  isPublicProfile,
  mediaRef,
  presentProfile,
  type TLoadedProfile,
  type TProfilesContext,
} from "../../profiles";
import { addressLine, buildInvitation, calendarDescription, type TEventFacts } from "./invitation";
import * as repo from "./repository";

export type TEventsContext = TProfilesContext & {
  /** Where the web app is served: links in invitations and calendar entries point there. */
  publicUrl: string;
};

const eventKind = (ctx: TProfilesContext) => profiles.kindOf(ctx, "event");

export const eventPageUrl = (ctx: TEventsContext, id: string) => `${ctx.publicUrl}/events/${id}`;

/** The event's API shape (what PATCH edits and the client sees). */
const shapeOf = (ctx: TProfilesContext, loaded: TLoadedProfile) =>
  presentProfile(eventKind(ctx), loaded) as ReturnType<typeof presentProfile> & {
    type: string;
    startDate: string;
    endDate: string;
    hasFlexibleDates: boolean;
    ageGroup: string | null;
    eventLevel: string | null;
    individualCost: number | null;
    teamCost: number | null;
    hotelLink: string | null;
    isClosed: boolean;
    organizationId: string | null;
  };

async function factsOf(ctx: TEventsContext, loaded: TLoadedProfile) {
  const e = shapeOf(ctx, loaded);
  const organization = e.organizationId
    ? (await profiles.profileNames(ctx, [e.organizationId])).get(e.organizationId)
    : undefined;
  const facts: TEventFacts = {
    name: e.name,
    type: e.type,
    startDate: e.startDate,
    endDate: e.endDate,
    hasFlexibleDates: e.hasFlexibleDates,
    sports: e.sports,
    ageGroup: e.ageGroup,
    eventLevel: e.eventLevel,
    individualCost: e.individualCost,
    teamCost: e.teamCost,
    description: e.description,
    address: e.address,
    hotelLink: e.hotelLink,
    isClosed: e.isClosed,
    organizationName: organization?.name ?? null,
    url: eventPageUrl(ctx, e.id),
  };
  return { event: e, facts };
}

/** The invitation of `PUT /events/email/generate` (the route checked that the caller may read it). */
export async function invitationFor(ctx: TEventsContext, eventId: string, audience?: string) {
  const { facts } = await factsOf(ctx, await profiles.loadProfile(ctx, eventKind(ctx), eventId));
  return buildInvitation(facts, audience);
}

/** The event as an iCalendar object; its UID is the event id at the site's host, for good. */
export async function calendarFor(ctx: TEventsContext, eventId: string, now = new Date()) {
  const loaded = await profiles.loadProfile(ctx, eventKind(ctx), eventId);
  const { event, facts } = await factsOf(ctx, loaded);
  return buildCalendar({
    uid: `${event.id}@${new URL(ctx.publicUrl).hostname}`,
    stamp: now,
    created: loaded.createdDate,
    lastModified: loaded.updatedDate,
    startDate: event.startDate,
    endDate: event.endDate,
    summary: event.name,
    description: calendarDescription(facts),
    location: addressLine(event.address),
    geo: event.lat !== null && event.lng !== null ? { lat: event.lat, lng: event.lng } : null,
    url: facts.url,
  });
}

/** The shared fields a clone takes over; media (logo, header image, video) stay behind. */
const CLONED_FIELDS = [
  "description",
  "address",
  "lat",
  "lng",
  "placeId",
  "website",
  "phone",
  "email",
] as const;

/**
 * A new pending event named "Copy of {name}", owned by the caller, with the original's fields,
 * sports, amenities, space needs and settings; not its media, members, likes, boosts, partners,
 * hotels or leads. Keeping the organization needs the caller to belong to it (createProfile checks).
 */
export async function cloneEvent(ctx: TEventsContext, principal: TPrincipal, sourceId: string) {
  const d = eventKind(ctx);
  const source = shapeOf(ctx, await profiles.loadProfile(ctx, d, sourceId));
  const input: Record<string, unknown> & { name: string; sports: string[] } = {
    name: `Copy of ${source.name}`.slice(0, 200).trim(),
    sports: source.sports,
  };
  for (const key of CLONED_FIELDS) input[key] = source[key];
  for (const key of Object.keys(d.detail.schema.shape)) {
    input[key] = (source as Record<string, unknown>)[key];
  }
  const created = await profiles.createProfile(ctx, d, principal, input);
  try {
    // The amenities, the spaces it needs and its settings, in one transaction. Sports travel with
    // the profile itself; media, likes, members, boosts, partners, hotels and leads stay behind.
    await inTransaction(ctx.db, async (db) => {
      await profiles.copyAmenitiesAndSpaceTypes(db, source.id, created.id);
      await repo.copySettings(db, source.id, created.id, principal.userId);
    });
  } catch (error) {
    // No half-made copy: the new event goes again when its children could not follow.
    await profiles.deleteProfile(ctx, created.id);
    throw error;
  }
  return created;
}

/**
 * The event's partners; with `listedOnly`, the approved, active ones alone (what anyone who reads
 * the event may see: a partner since made pending or inactive is nobody's business but its own).
 */
export async function partnersOf(
  ctx: TProfilesContext,
  eventId: string,
  { listedOnly = false }: { listedOnly?: boolean } = {},
) {
  const rows = (await profiles.partnerProfiles(ctx, eventId)).filter(
    (p) => !listedOnly || isPublicProfile(p),
  );
  return {
    id: eventId,
    partners: rows.map((p) => ({ id: p.id, kind: p.kind, name: p.name, logo: mediaRef(p.logo) })),
  };
}

/**
 * Links a listed profile (not the event itself) as the event's partner, or unlinks it; both are
 * idempotent. Unlinking does not ask whether the partner is still listed.
 */
export async function setPartner(
  ctx: TProfilesContext,
  eventId: string,
  input: TEventPartnerLink,
  principal: TPrincipal,
) {
  if (input.linked) {
    if (input.partnerId === eventId) {
      throw new AppError("VALIDATION_FAILED", 400, "An event cannot partner with itself.");
    }
    await profiles.requireListedProfile(ctx, input.partnerId, null, "The partner");
  }
  await profiles.setPartnerLink(ctx, eventId, input.partnerId, input.linked, principal.userId);
  return partnersOf(ctx, eventId);
}

export async function listKindHotels(
  ctx: TProfilesContext,
  filter: { hotelId?: string; listedOnly: boolean },
  window: { limit: number; offset: number },
) {
  return repo.listKindHotels(ctx.db, filter, window);
}

// ---- the events of organizations (modules/organizations) -----------------------------------

/** The events of a page of ids, with their details and sports, in the ids' order. */
async function loadInOrder(ctx: TProfilesContext, ids: string[]) {
  if (ids.length === 0) return [];
  const page = await profiles.listKindProfiles(
    ctx,
    eventKind(ctx),
    { publicOnly: false, ids },
    { limit: ids.length, offset: 0 },
  );
  const byId = new Map(page.rows.map((p) => [p.id, p]));
  return ids.map((id) => byId.get(id)).filter((p) => p !== undefined);
}

/**
 * One page of an organization's events, soonest first: the listed ones, and with
 * `includeUnlisted` (the organization's people, and admins) the pending and inactive ones too.
 */
export async function organizationEvents(
  ctx: TProfilesContext,
  query: repo.TOrganizationEventsQuery,
  window: { limit: number; offset: number },
) {
  const page = await repo.organizationEventIds(ctx.db, query, window);
  return { rows: await loadInOrder(ctx, page.ids), count: page.count };
}

/** Counts of the events of these organizations, by organization id (none: no events). */
export async function organizationEventCounts(
  ctx: TProfilesContext,
  organizationIds: readonly string[],
): Promise<Map<string, repo.TOrganizationEventCounts>> {
  const rows = await repo.organizationEventCounts(ctx.db, organizationIds, profiles.today());
  return new Map(rows.map((r) => [r.organizationId, r]));
}
