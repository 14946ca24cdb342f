// Test-only MSW handlers for the listing calls of every kind, answering from a profiles world
// (testing/data.ts). Reads answer what the world holds; writes answer the record they write (a
// patch applied, a child as sent with an id) and change nothing, unless the test asks the server
// to keep them (`keepProfileChanges`). They apply none of the server's rules (what a new listing
// holds, who can be invited, what a sport adds to the listing, likes counted): a test that needs
// such an answer says so with server.use.
import {
  type TLead,
  ZEventPartners,
  ZFacilityDestination,
  ZInvitationAnswer,
  ZLead,
  ZNamedChild,
  ZProfileBoost,
  ZProfileInvitation,
  ZProfileMedia,
  ZProfileMember,
  ZProfilePartner,
  ZProfileSpaceType,
} from "@hostfield/domain/contracts";
import type { TProfileKind } from "@hostfield/domain/reference";
import { http } from "msw";
import { z } from "zod";
import {
  dataOf,
  dataReply,
  deletedReply,
  errorReply,
  listReply,
  patched,
  server,
} from "../../../test/msw";
import { defaultGuides } from "../../assistant/testing";
import { noCalendars } from "../../availability/testing";
import { paymentsOff } from "../../payments/testing";
import { aroundHandlers } from "../../places/testing";
import { noPromotions } from "../../promotions/testing";
import { reviewsHandlers } from "../../reviews/testing";
import { noEventStays } from "../../stays/testing";
import { ZEventListing } from "../events-api";
import { KIND_CONFIGS } from "../profile-kinds";
import type { TPartner, TProfile } from "../profiles-api";
import {
  OWNER_ABILITIES,
  profileSchema,
  profilesWorld,
  T0,
  type TChildSegment,
  type TMediaSegment,
  type TProfilesWorld,
  uuid,
} from "./data";

const CHILD_SCHEMAS: Record<TChildSegment, z.ZodType> = {
  sports: ZNamedChild,
  amenities: ZNamedChild,
  spaceTypes: ZProfileSpaceType,
  boosts: ZProfileBoost,
  partners: ZProfilePartner,
};
const isChild = (segment: string): segment is TChildSegment => segment in CHILD_SCHEMAS;
const isMedia = (segment: string): segment is TMediaSegment =>
  segment === "images" || segment === "documents";

/** The base path of a kind's calls, e.g. /facility-mgmt/api/facilities. */
export const apiBase = (kind: TProfileKind) => KIND_CONFIGS[kind].apiBase;

/** The path of one listing's calls. */
export const listingPath = (profile: Pick<TProfile, "kind" | "id">) =>
  `${apiBase(profile.kind)}/${profile.id}`;

export const listingNotFound = (kind: TProfileKind) =>
  errorReply(
    404,
    "PROFILE_NOT_FOUND",
    `The ${KIND_CONFIGS[kind].label.toLowerCase()} was not found.`,
  );

let serial = 1000;

/** A child of `profile` as a POST of `body` makes it: the body, with an id and the date. */
function newChild(
  world: TProfilesWorld,
  profile: TProfile,
  segment: TChildSegment,
  body: Record<string, unknown>,
) {
  serial += 1;
  const base = { id: uuid(serial), profileId: profile.id, createdDate: T0 };
  if (segment === "boosts") {
    return { ...base, ...body, profileName: profile.name, source: "included", state: "active" };
  }
  if (segment === "partners") {
    const partner = world.profiles.get(String(body.partnerId));
    return partner
      ? { ...base, partner: { id: partner.id, kind: partner.kind, name: partner.name, logo: null } }
      : null;
  }
  return { ...base, ...body };
}

/** What the world holds under one listing's media, members or children segment. */
function segmentItems(world: TProfilesWorld, profile: TProfile, segment: string) {
  if (isMedia(segment)) return world.media.get(`${profile.id}/${segment}`) ?? [];
  if (segment === KIND_CONFIGS[profile.kind].memberWord) return world.members.get(profile.id) ?? [];
  if (isChild(segment)) return (world.children.get(`${profile.id}/${segment}`) ?? []) as never[];
  return null;
}

/** Replaces what the world holds under one listing's media, children or members segment. */
function putItems(world: TProfilesWorld, profile: TProfile, segment: string, items: unknown[]) {
  if (isMedia(segment)) world.media.set(`${profile.id}/${segment}`, items as never);
  else if (isChild(segment)) world.children.set(`${profile.id}/${segment}`, items);
  else world.members.set(profile.id, items as never);
}

/** A POST of a child answers the child as sent, with an id; with `keep`, the world keeps it. */
async function addChild(
  world: TProfilesWorld,
  profile: TProfile,
  segment: TChildSegment,
  request: Request,
  keep: boolean,
) {
  const body = ((await request.json()) as { data: Record<string, unknown> }).data;
  const child = newChild(world, profile, segment, body);
  if (!child) return listingNotFound("company");
  if (keep)
    putItems(world, profile, segment, [...(segmentItems(world, profile, segment) ?? []), child]);
  return dataReply(CHILD_SCHEMAS[segment], child, { status: 201 });
}

function segmentSchema(profile: TProfile, segment: string): z.ZodType | null {
  if (isMedia(segment)) return ZProfileMedia;
  if (segment === KIND_CONFIGS[profile.kind].memberWord) return ZProfileMember;
  if (isChild(segment)) return CHILD_SCHEMAS[segment];
  return null;
}

/** The POST of a child of one of `kind`'s listings (see addChild). */
function childPost(world: TProfilesWorld, kind: TProfileKind, keep: boolean) {
  return http.post(`${apiBase(kind)}/:id/:segment`, async ({ params, request }) => {
    const profile = world.profiles.get(String(params.id));
    const segment = String(params.segment);
    if (profile?.kind !== kind || !isChild(segment)) return undefined;
    return addChild(world, profile, segment, request, keep);
  });
}

/** The conversation `POST {kind}/{id}/message` answers (a listing's team, for any listing). */
export const LISTING_CONVERSATION_ID = uuid(7000);

/** One kind's handlers over the world. */
function kindHandlers(kind: TProfileKind, world: TProfilesWorld) {
  const base = apiBase(kind);
  const schema = profileSchema(kind);
  const find = (id: unknown) => {
    const profile = world.profiles.get(String(id));
    return profile?.kind === kind ? profile : undefined;
  };
  return [
    http.post(`${base}/filtered`, () =>
      listReply(
        schema,
        [...world.profiles.values()].filter((p) => p.kind === kind),
      ),
    ),
    http.get(`${base}/:id`, ({ params }) => {
      const profile = find(params.id);
      return profile ? dataReply(schema, profile) : listingNotFound(kind);
    }),
    http.patch(`${base}/:id`, async ({ params, request }) => {
      const profile = find(params.id);
      if (!profile) return listingNotFound(kind);
      return dataReply(schema, patched(profile, (await request.json()) as never));
    }),
    http.delete(`${base}/:id`, ({ params }) =>
      find(params.id) ? deletedReply(String(params.id)) : listingNotFound(kind),
    ),
    http.get(`${base}/:id/my/entitlements`, ({ params }) =>
      find(params.id)
        ? dataReply(z.array(z.string()), world.abilities.get(String(params.id)) ?? ["profile.read"])
        : listingNotFound(kind),
    ),
    http.post(`${base}/:id/message`, ({ params }) =>
      find(params.id) ? dataReply(z.uuid(), LISTING_CONVERSATION_ID) : listingNotFound(kind),
    ),
    http.put(`${base}/:id/approve`, ({ params }) => {
      const profile = find(params.id);
      return profile
        ? dataReply(schema, { ...profile, status: "approved" })
        : listingNotFound(kind);
    }),
    http.get(`${base}/:id/:segment/invitations`, ({ params }) =>
      find(params.id)
        ? listReply(ZProfileInvitation, world.invitations.get(String(params.id)) ?? [])
        : listingNotFound(kind),
    ),
    http.delete(`${base}/:id/:segment/invitations/:childId`, ({ params }) => {
      const id = String(params.id);
      world.invitations.set(
        id,
        (world.invitations.get(id) ?? []).filter((i) => i.id !== params.childId),
      );
      return deletedReply(String(params.childId));
    }),
    http.get(`${base}/:id/:segment`, ({ params }) => {
      const profile = find(params.id);
      if (!profile) return listingNotFound(kind);
      const segment = String(params.segment);
      if (segment === "destinations") {
        return listReply(ZFacilityDestination, world.destinations.get(profile.id) ?? []);
      }
      const items = segmentItems(world, profile, segment);
      const itemSchema = segmentSchema(profile, segment);
      return items && itemSchema ? listReply(itemSchema, items) : undefined;
    }),
    childPost(world, kind, false),
    http.put(`${base}/:id/:segment/sort`, async ({ params, request }) => {
      const profile = find(params.id);
      const segment = String(params.segment);
      if (!profile || !isMedia(segment)) return undefined;
      const { id } = ((await request.json()) as { data: { id: string } }).data;
      const moved = (world.media.get(`${profile.id}/${segment}`) ?? []).find((m) => m.id === id);
      return moved ? dataReply(ZProfileMedia, moved) : undefined;
    }),
    http.patch(`${base}/:id/:segment/:childId`, async ({ params, request }) => {
      const profile = find(params.id);
      if (!profile) return listingNotFound(kind);
      const segment = String(params.segment);
      const items = (segmentItems(world, profile, segment) ?? []) as { id: string }[];
      const item = items.find((m) => m.id === params.childId);
      const itemSchema = segmentSchema(profile, segment);
      if (!item || !itemSchema) return errorReply(404, "NOT_FOUND", "Not found.");
      return dataReply(itemSchema, patched(item, (await request.json()) as never));
    }),
    http.delete(`${base}/:id/:segment/:childId`, ({ params }) =>
      deletedReply(String(params.childId)),
    ),
  ];
}

/** An organization's calendar: its events that overlap the window the call asks for. */
function calendarHandler(world: TProfilesWorld) {
  return http.post("/event-mgmt/api/organizations/:id/events/calendar", ({ params, request }) => {
    const query = new URL(request.url).searchParams;
    const start = query.get("startDate") ?? "";
    const end = query.get("endDate") ?? "";
    const events = world.calendar.get(String(params.id)) ?? [];
    return listReply(
      ZEventListing,
      events.filter((event) => event.endDate >= start && event.startDate <= end),
    );
  });
}

/**
 * An event's partners (`GET /events/{id}/partners`, its venue among them once a proposal is
 * awarded): the partner children the world holds for the event (setChildren(…, "partners", …)).
 */
function eventPartnersHandler(world: TProfilesWorld) {
  return http.get(`${apiBase("event")}/:id/partners`, ({ params }) => {
    const id = String(params.id);
    if (world.profiles.get(id)?.kind !== "event") return listingNotFound("event");
    const links = (world.children.get(`${id}/partners`) ?? []) as TPartner[];
    return dataReply(ZEventPartners, { id, partners: links.map((link) => link.partner) });
  });
}

/**
 * An event's leads as its page's deal section asks for them: the organizers' list by the statuses
 * the filter names (`leads/filtered`; "refused": 403, as the server answers anyone who is not an
 * organizer), and the leads sent to the viewer's listings (`leads/my`; "refused": 404, as for an
 * event hidden from the viewer). No leads unless given.
 */
export function eventLeadsHandlers({
  leads = [],
  mine = [],
}: {
  leads?: readonly TLead[] | "refused";
  mine?: readonly TLead[] | "refused";
} = {}) {
  const ofEvent = (list: readonly TLead[], id: unknown) => list.filter((l) => l.eventId === id);
  return [
    http.post(`${apiBase("event")}/:id/leads/filtered`, async ({ params, request }) => {
      if (leads === "refused") {
        return errorReply(403, "FORBIDDEN", "Only the event's organizers list its leads.");
      }
      const filter = (await dataOf<{ status?: string[] } | undefined>(request)) ?? {};
      const chosen = ofEvent(leads, params.id).filter(
        (lead) => !filter.status || filter.status.includes(lead.status),
      );
      return listReply(ZLead, chosen);
    }),
    http.get(`${apiBase("event")}/:id/leads/my`, ({ params }) =>
      mine === "refused" ? listingNotFound("event") : listReply(ZLead, ofEvent(mine, params.id)),
    ),
  ];
}

/** The invitee's calls: my invitations, and the answer to one (which takes it off the list). */
export function myInvitationHandlers(world: Pick<TProfilesWorld, "myInvitations">) {
  const INVITATIONS = "/user-mgmt/api/invitations";
  return [
    http.get(`${INVITATIONS}/my`, () => listReply(ZProfileInvitation, world.myInvitations)),
    http.post(`${INVITATIONS}/:id/:answer`, ({ params }) => {
      const invitation = world.myInvitations.find((i) => i.id === params.id);
      if (!invitation) return errorReply(404, "NOT_FOUND", "The invitation was not found.");
      world.myInvitations = world.myInvitations.filter((i) => i.id !== invitation.id);
      const accepted = params.answer === "accept";
      return dataReply(ZInvitationAnswer, {
        id: invitation.id,
        answer: accepted ? "accepted" : "declined",
        profileId: invitation.profileId,
        memberId: accepted ? uuid(880) : null,
      });
    }),
  ];
}

/**
 * Every kind's listing calls over `world`, the organizations' calendars and my invitations; an
 * event page's hotel stays, with no hotels (the stays tests serve their own ahead of these), its
 * partners and no leads (its deal section's); and a destination page's tour guide, the default
 * one (the assistant tests serve their own).
 */
export function profilesHandlers(world: TProfilesWorld) {
  const destination = (id: string) => {
    const profile = world.profiles.get(id);
    if (profile?.kind !== "destination") return undefined;
    return { name: profile.name, city: profile.address?.city ?? null };
  };
  return [
    // No business has deals, and no event deals nearby (before the kinds' catch-all child routes).
    ...noPromotions(),
    ...noCalendars(),
    ...noEventStays((id) => world.profiles.get(id)?.kind === "event"),
    ...defaultGuides(destination),
    // Payments off: a tiered listing's managers see its tier as admins set it.
    ...paymentsOff((_kind, id) => world.profiles.get(id)?.tier),
    // Before the kinds' catch-all child routes, which would answer a list.
    eventPartnersHandler(world),
    ...eventLeadsHandlers(),
    ...(Object.keys(KIND_CONFIGS) as TProfileKind[]).flatMap((kind) => kindHandlers(kind, world)),
    calendarHandler(world),
    ...myInvitationHandlers(world),
    // Nothing around a destination, no facility reviews, unless a test says otherwise.
    ...aroundHandlers(),
    ...reviewsHandlers(),
  ];
}

/**
 * The server keeps what the test's user writes (a listing's patch, a child added or removed, a
 * file renamed, moved or removed, a member changed or removed), so the lists that follow answer
 * it. The answers are those of profilesHandlers, which must come after these (a later
 * `server.use`, or later in the same list).
 */
export function keepProfileChanges(world: TProfilesWorld) {
  const profileOf = (url: string) =>
    [...world.profiles.values()].find((p) => url.includes(listingPath(p)));
  const put = (profile: TProfile, segment: string, items: unknown[]) =>
    putItems(world, profile, segment, items);
  return (Object.keys(KIND_CONFIGS) as TProfileKind[]).flatMap((kind) => {
    const base = apiBase(kind);
    return [
      http.patch(`${base}/:id`, async ({ request }) => {
        const profile = profileOf(request.url);
        if (profile) {
          world.profiles.set(profile.id, patched(profile, (await request.clone().json()) as never));
        }
        return undefined;
      }),
      childPost(world, kind, true),
      http.put(`${base}/:id/:segment/sort`, async ({ params, request }) => {
        const profile = profileOf(request.url);
        const segment = String(params.segment);
        if (!profile) return undefined;
        const { id, afterId } = (
          (await request.clone().json()) as { data: { id: string; afterId: string | null } }
        ).data;
        const items = (segmentItems(world, profile, segment) ?? []) as { id: string }[];
        const moved = items.find((m) => m.id === id);
        const others = items.filter((m) => m.id !== id);
        others.splice(
          afterId === null ? 0 : others.findIndex((m) => m.id === afterId) + 1,
          0,
          moved!,
        );
        put(profile, segment, others);
        return undefined;
      }),
      http.patch(`${base}/:id/:segment/:childId`, async ({ params, request }) => {
        const profile = profileOf(request.url);
        const segment = String(params.segment);
        if (!profile) return undefined;
        const ops = (await request.clone().json()) as never;
        const items = (segmentItems(world, profile, segment) ?? []) as { id: string }[];
        put(
          profile,
          segment,
          items.map((m) => (m.id === params.childId ? patched(m, ops) : m)),
        );
        return undefined;
      }),
      http.delete(`${base}/:id/:segment/:childId`, ({ params, request }) => {
        const profile = profileOf(request.url);
        const segment = String(params.segment);
        if (!profile) return undefined;
        const items = (segmentItems(world, profile, segment) ?? []) as { id: string }[];
        put(
          profile,
          segment,
          items.filter((m) => m.id !== params.childId),
        );
        return undefined;
      }),
    ];
  });
}

/** Serves `world` (empty unless given) with profilesHandlers, and hands it back to fill. */
export function serveProfiles(world: TProfilesWorld = profilesWorld()): TProfilesWorld {
  server.use(...profilesHandlers(world));
  return world;
}

/**
 * The create call of `created.kind`, answering `created` (what the test says the server made of
 * the form) and putting it in the world as mine, so the page it leads to finds it.
 */
export function createsListing(world: TProfilesWorld, created: TProfile) {
  return http.post(apiBase(created.kind), () => {
    world.profiles.set(created.id, created);
    world.abilities.set(created.id, OWNER_ABILITIES);
    return dataReply(profileSchema(created.kind), created, { status: 201 });
  });
}
