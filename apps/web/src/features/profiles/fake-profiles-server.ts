// Test-only: an in-memory stand-in for the listing API of every kind, answering through stubApi and
// recording every call (uploads: test/upload-stub.ts).
import type { TProfileKind } from "@hostfield/domain/reference";
import { stubApi, type TApiCall } from "../../test/api-stub";
import { buildUser } from "../../test/factories";
import { KIND_CONFIGS } from "./profile-kinds";
import type {
  TBoost,
  TFacilityDestination,
  TNamedChild,
  TPartner,
  TProfile,
  TProfileMedia,
  TProfileMember,
  TSpaceTypeItem,
} from "./profiles-api";

export const ME_ID = buildUser().id;
export const T0 = "2025-03-01T09:00:00.000Z";
export const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, "0")}`;

export const FACILITY_ID = "1f0c6b7e-2a3d-4c5e-8f9a-0b1c2d3e4f50";
export const EVENT_ID = "2e1d7c8f-3b4e-4d6f-9a0b-1c2d3e4f5061";
export const HOTEL_ID = "3d2e8d9a-4c5f-4e7a-8b1c-2d3e4f506172";
export const ORGANIZATION_ID = "4c3f9eab-5d6a-4f8b-9c2d-3e4f50617283";
export const DESTINATION_ID = "5b4a0fbc-6e7b-4a9c-8d3e-4f5061728394";
export const COMPANY_ID = "6a5b1acd-7f8c-4bad-9e4f-5061728394a5";
export const MISSING_ID = "9f8e7d6c-5b4a-4c3d-8e2f-1a0b9c8d7e6f";
export const NEW_ID = "7b6c2bde-8a9d-4cbe-8f50-61728394a5b6";

export const OWNER_ABILITIES = [
  "profile.read",
  "profile.readPrivate",
  "profile.update",
  "media.write",
  "members.write",
  "boosts.write",
  "partners.write",
  "profile.delete",
  "members.writeOwners",
  "reactions.write",
];
export const VISITOR_ABILITIES = ["profile.read", "reactions.write"];

const DETAIL_DEFAULTS: Record<TProfileKind, Record<string, unknown>> = {
  facility: { facilityTypes: [], capacity: null, staff: null, availability: null },
  destination: {
    destinationType: null,
    services: [],
    hotelLiveRatesEnabled: false,
    hotelLiveRatesVisibleAfter: null,
    hotelSpecialsHiddenAfter: null,
  },
  hotel: { starRating: null, rooms: null, partnerId: null },
  business: { businessCategory: null, placeAttributes: [], placeCategories: [] },
  company: { vendorCategories: [], serviceTags: [], audienceTags: [] },
  organization: { organizationType: null, eventInterestTypes: [] },
  event: {
    type: "Tournament",
    startDate: "2025-03-07",
    endDate: "2025-03-09",
    hasFlexibleDates: false,
    hotelLink: null,
    category: null,
    ageGroup: null,
    eventLevel: null,
    individualCost: null,
    teamCost: null,
    facilityTypes: [],
    spaceName: null,
    location: null,
    surface: null,
    organizationId: null,
    isClosed: false,
  },
};

export function buildListing(kind: TProfileKind, overrides: Partial<TProfile> = {}): TProfile {
  return {
    id: FACILITY_ID,
    kind,
    name: "Riverside Sports Complex",
    slug: "riverside-sports-complex",
    description: null,
    address: null,
    lat: null,
    lng: null,
    placeId: null,
    logo: null,
    headerImage: null,
    featuredVideo: null,
    website: null,
    phone: null,
    email: null,
    status: "approved",
    tier: null,
    isActive: true,
    likeCount: 0,
    followerCount: 0,
    createdDate: T0,
    updatedDate: T0,
    createdBy: ME_ID,
    updatedBy: ME_ID,
    ...DETAIL_DEFAULTS[kind],
    sports: [],
    boosted: false,
    ...overrides,
  };
}

export function buildMedia(n: number, overrides: Partial<TProfileMedia> = {}): TProfileMedia {
  return {
    id: uuid(700 + n),
    profileId: FACILITY_ID,
    title: `photo-${n}.png`,
    url: `/media/profiles/facilities/photo-${n}.png`,
    contentType: "image/png",
    size: 2048,
    width: 800,
    height: 600,
    sortKey: `a${n}`,
    createdDate: T0,
    ...overrides,
  };
}

export function buildMember(n: number, overrides: Partial<TProfileMember> = {}): TProfileMember {
  return {
    id: uuid(800 + n),
    profileId: FACILITY_ID,
    userId: uuid(900 + n),
    name: `Member ${n}`,
    email: `member${n}@example.com`,
    avatarUrl: null,
    role: "member",
    staffRole: null,
    inherited: false,
    createdDate: T0,
    ...overrides,
  };
}

export const named = (profileId: string, n: number, name: string): TNamedChild => ({
  id: uuid(600 + n),
  profileId,
  name,
  createdDate: T0,
});

const json = (data: unknown, status = 200) => Response.json({ data }, { status });
const list = (items: unknown[]) =>
  Response.json({ data: items, _meta: { stats: { count: items.length } } });
const error = (status: number, code: string, message: string) =>
  Response.json({ error: { code, message } }, { status });

/** Applies add, replace and remove operations (what computePatch produces) to a copy. */
function applyOps(
  document: Record<string, unknown>,
  ops: { op: string; path: string; value?: unknown }[],
) {
  const copy = structuredClone(document);
  for (const op of ops) {
    const keys = op.path.split("/").slice(1);
    const last = keys.pop()!;
    let target = copy as Record<string, unknown>;
    for (const key of keys) target = target[key] as Record<string, unknown>;
    if (op.op === "remove") delete target[last];
    else target[last] = op.value;
  }
  return copy;
}

type TChildItems = {
  sports: TNamedChild[];
  amenities: TNamedChild[];
  spaceTypes: TSpaceTypeItem[];
  boosts: TBoost[];
  partners: TPartner[];
};

export type TFakeProfilesServer = ReturnType<typeof createFakeProfilesServer>;

export function createFakeProfilesServer() {
  const state = {
    profiles: new Map<string, TProfile>(),
    abilities: new Map<string, string[]>(),
    media: new Map<string, TProfileMedia[]>(),
    members: new Map<string, TProfileMember[]>(),
    children: new Map<string, unknown[]>(),
    destinations: new Map<string, TFacilityDestination[]>(),
    /** Answers the next GET of a listing with this status (once). */
    failNextGet: null as number | null,
    /** While set, GETs of a listing wait for it. */
    holdGet: null as Promise<void> | null,
    next: 1000,
  };
  const key = (id: string, segment: string) => `${id}/${segment}`;
  const childList = <S extends keyof TChildItems>(id: string, segment: S) => {
    const k = key(id, segment);
    if (!state.children.has(k)) state.children.set(k, []);
    return state.children.get(k) as TChildItems[S];
  };
  const mediaList = (id: string, segment: string) => {
    const k = key(id, segment);
    if (!state.media.has(k)) state.media.set(k, []);
    return state.media.get(k)!;
  };

  const handle = async (call: TApiCall): Promise<Response | undefined> => {
    const { method, path } = call;
    const body = call.body as { data?: Record<string, unknown> } | unknown[] | undefined;
    const data = !Array.isArray(body) ? (body?.data ?? {}) : {};
    if (path === "/status.json") return Response.json({});
    const direct = /^\/user-mgmt\/api\/users\/([^/]+)\/message$/.exec(path);
    if (direct && method === "POST") return json(uuid(5000));
    const config = Object.values(KIND_CONFIGS).find(
      (c) => path === c.apiBase || path.startsWith(`${c.apiBase}/`),
    );
    if (!config) return undefined;
    const rest = path.slice(config.apiBase.length).split("/").filter(Boolean);
    if (rest.length === 0 && method === "POST") {
      const created = buildListing(config.kind, {
        ...(data as Partial<TProfile>),
        id: NEW_ID,
        status: "pending",
        sports: (data.sports as string[] | undefined) ?? [],
      });
      state.profiles.set(created.id, created);
      state.abilities.set(created.id, OWNER_ABILITIES);
      return json(created, 201);
    }
    if (rest[0] === "filtered" && method === "POST") {
      const text = typeof data.text === "string" ? data.text.toLowerCase() : "";
      return list(
        [...state.profiles.values()].filter(
          (p) =>
            p.kind === config.kind &&
            p.status === "approved" &&
            p.name.toLowerCase().includes(text),
        ),
      );
    }
    const [id = "", segment, childId, extra] = rest;
    const profile = state.profiles.get(id);
    if (!profile || profile.kind !== config.kind) {
      return error(404, "PROFILE_NOT_FOUND", `The ${config.label.toLowerCase()} was not found.`);
    }
    if (segment === undefined) {
      if (method === "GET") {
        if (state.holdGet) await state.holdGet;
        if (state.failNextGet) {
          const status = state.failNextGet;
          state.failNextGet = null;
          return error(status, "INTERNAL", "The server had a problem.");
        }
        return json(profile);
      }
      if (method === "PATCH") {
        const updated = applyOps(profile, call.body as never) as TProfile;
        state.profiles.set(id, updated);
        return json(updated);
      }
      if (method === "DELETE") {
        state.profiles.delete(id);
        return json({ id, deleted: true });
      }
    }
    if (segment === "my" && childId === "entitlements")
      return json(state.abilities.get(id) ?? ["profile.read"]);
    if (segment === "approve" && method === "PUT") {
      const approved = { ...profile, status: "approved" as const };
      state.profiles.set(id, approved);
      return json(approved);
    }
    if (segment === config.reaction) {
      const on = method === "POST";
      const field = config.reaction === "likes" ? "likeCount" : "followerCount";
      const was = profile.myReaction === true;
      const count = profile[field] + (on && !was ? 1 : !on && was ? -1 : 0);
      state.profiles.set(id, { ...profile, myReaction: on, [field]: count });
      return json({ id, count, mine: on });
    }
    if (segment === "images" || segment === "documents") {
      const items = mediaList(id, segment);
      if (childId === undefined && method === "GET") return list(items);
      if (childId === "sort" && method === "PUT") {
        const { id: movedId, afterId } = data as { id: string; afterId: string | null };
        const moved = items.find((m) => m.id === movedId)!;
        const others = items.filter((m) => m.id !== movedId);
        const at = afterId === null ? 0 : others.findIndex((m) => m.id === afterId) + 1;
        others.splice(at, 0, moved);
        state.media.set(key(id, segment), others);
        return json(moved);
      }
      const item = items.find((m) => m.id === childId);
      if (!item) return error(404, "NOT_FOUND", "The file was not found.");
      if (method === "PATCH" && extra === undefined) {
        const updated = applyOps(item, call.body as never) as TProfileMedia;
        state.media.set(
          key(id, segment),
          items.map((m) => (m.id === item.id ? updated : m)),
        );
        return json(updated);
      }
      if (method === "DELETE") {
        state.media.set(
          key(id, segment),
          items.filter((m) => m.id !== item.id),
        );
        return json({ id: item.id, deleted: true });
      }
    }
    if (segment === config.memberWord) {
      const members = state.members.get(id) ?? [];
      if (childId === undefined && method === "GET") return list(members);
      if (childId === undefined && method === "POST") {
        const email = String(data.email);
        if (!email.endsWith("@example.com")) {
          return error(404, "USER_NOT_FOUND", "No account has that e-mail address or id.");
        }
        state.next += 1;
        const added = buildMember(state.next, {
          profileId: id,
          email,
          name: email.split("@")[0]!,
          role: data.role as TProfileMember["role"],
        });
        state.members.set(id, [...members, added]);
        return json(added, 201);
      }
      const member = members.find((m) => m.id === childId);
      if (!member) return error(404, "NOT_FOUND", "The member was not found.");
      if (method === "PATCH") {
        const updated = applyOps(member, call.body as never) as TProfileMember;
        state.members.set(
          id,
          members.map((m) => (m.id === member.id ? updated : m)),
        );
        return json(updated);
      }
      if (method === "DELETE") {
        state.members.set(
          id,
          members.filter((m) => m.id !== member.id),
        );
        return json({ id: member.id, deleted: true });
      }
    }
    if (segment === "destinations" && method === "GET")
      return list(state.destinations.get(id) ?? []);
    if (
      segment === "sports" ||
      segment === "amenities" ||
      segment === "spaceTypes" ||
      segment === "boosts" ||
      segment === "partners"
    ) {
      const items = childList(id, segment) as unknown as Record<string, unknown>[];
      if (childId === undefined && method === "GET") return list(items);
      if (childId === undefined && method === "POST") {
        state.next += 1;
        const base = { id: uuid(state.next), profileId: id, createdDate: T0 };
        const added =
          segment === "boosts"
            ? { ...base, ...data, profileName: profile.name }
            : segment === "partners"
              ? {
                  ...base,
                  partner: {
                    id: data.partnerId,
                    kind: state.profiles.get(String(data.partnerId))?.kind ?? "company",
                    name: state.profiles.get(String(data.partnerId))?.name ?? "Partner",
                    logo: null,
                  },
                }
              : { ...base, ...data };
        items.push(added);
        if (segment === "sports") {
          state.profiles.set(id, { ...profile, sports: [...profile.sports, String(data.name)] });
        }
        return json(added, 201);
      }
      if (method === "DELETE") {
        const at = items.findIndex((item) => item.id === childId);
        if (at < 0) return error(404, "NOT_FOUND", "Not found.");
        items.splice(at, 1);
        return json({ id: childId, deleted: true });
      }
    }
    return undefined;
  };

  const api = stubApi(handle);
  return {
    ...api,
    state,
    add(profile: TProfile, abilities: string[] = ["profile.read"]) {
      state.profiles.set(profile.id, profile);
      state.abilities.set(profile.id, abilities);
      return profile;
    },
    setMedia(id: string, segment: "images" | "documents", items: TProfileMedia[]) {
      state.media.set(key(id, segment), items);
    },
    setChildren<S extends keyof TChildItems>(id: string, segment: S, items: TChildItems[S]) {
      state.children.set(key(id, segment), items);
    },
    /** Media order as stored. */
    mediaTitles: (id: string, segment: "images" | "documents") =>
      mediaList(id, segment).map((m) => m.title),
    bodiesOf: (path: string, method: string) => api.to(path, method).map((c) => c.body),
  };
}
