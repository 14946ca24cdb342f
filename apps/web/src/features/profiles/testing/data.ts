// Test-only listings of every kind and their children in the contract shapes (each checked against
// its schema as it is built), and the world the listing handlers answer from.
import {
  detailSchemaOfKind,
  type TProfileInvitation,
  type TProfileMedia,
  type TProfileMember,
  ZFacilityDestination,
  ZNamedChild,
  ZProfileInvitation,
  ZProfileMedia,
  ZProfileMember,
  zProfile,
} from "@hostfield/domain/contracts";
import { defaultsOf, KINDS, PROFILE_KINDS, type TProfileKind } from "@hostfield/domain/kinds";
import type { z } from "zod";
import { buildUser } from "../../../test/factories";
import type { TEventListing } from "../events-api";
import type {
  TBoost,
  TFacilityDestination,
  TNamedChild,
  TPartner,
  TProfile,
  TSpaceTypeItem,
} from "../profiles-api";

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

/** A listing of `kind` as the API returns it: `zProfile` of the kind's details. */
export function profileSchema(kind: TProfileKind): z.ZodType {
  return zProfile(detailSchemaOfKind(kind));
}

/** The fields a test event gives (they have no default). */
const REQUIRED: Partial<Record<TProfileKind, Record<string, unknown>>> = {
  event: { type: "Tournament", startDate: "2025-03-07", endDate: "2025-03-09" },
};

/** Each kind's own fields in a test listing that says nothing more about them: its defaults. */
export const KIND_DETAILS = Object.fromEntries(
  PROFILE_KINDS.map((kind) => [kind, { ...defaultsOf(KINDS[kind].fields), ...REQUIRED[kind] }]),
) as Record<TProfileKind, Record<string, unknown>>;

/** A listing of `kind`, approved, with the kind's fields from KIND_DETAILS unless given. */
export function buildListing(kind: TProfileKind, overrides: Partial<TProfile> = {}): TProfile {
  const listing: TProfile = {
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
    ...KIND_DETAILS[kind],
    sports: [],
    boosted: false,
    sponsored: false,
    ...overrides,
  };
  profileSchema(listing.kind).parse(listing);
  return listing;
}

export function buildMedia(n: number, overrides: Partial<TProfileMedia> = {}): TProfileMedia {
  return ZProfileMedia.parse({
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
  } satisfies TProfileMedia);
}

export function buildMember(n: number, overrides: Partial<TProfileMember> = {}): TProfileMember {
  return ZProfileMember.parse({
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
  } satisfies TProfileMember);
}

export const named = (profileId: string, n: number, name: string): TNamedChild =>
  ZNamedChild.parse({ id: uuid(600 + n), profileId, name, createdDate: T0 } satisfies TNamedChild);

export function buildFacilityDestination(
  n: number,
  destination: TFacilityDestination["destination"],
  facilityId = FACILITY_ID,
): TFacilityDestination {
  return ZFacilityDestination.parse({
    id: uuid(n),
    facilityId,
    destination,
    createdDate: T0,
  } satisfies TFacilityDestination);
}

/** What each simple child collection holds. */
export type TChildItems = {
  sports: TNamedChild[];
  amenities: TNamedChild[];
  spaceTypes: TSpaceTypeItem[];
  boosts: TBoost[];
  partners: TPartner[];
};
export type TChildSegment = keyof TChildItems;
export type TMediaSegment = "images" | "documents";

/** What the listing handlers answer from; build it with the helpers below. */
export type TProfilesWorld = {
  profiles: Map<string, TProfile>;
  /** My abilities on each listing; a listing without an entry reads as ["profile.read"]. */
  abilities: Map<string, string[]>;
  media: Map<`${string}/${TMediaSegment}`, TProfileMedia[]>;
  members: Map<string, TProfileMember[]>;
  children: Map<`${string}/${TChildSegment}`, unknown[]>;
  destinations: Map<string, TFacilityDestination[]>;
  /** The events on each organization's calendar. */
  calendar: Map<string, TEventListing[]>;
  /** Each listing's pending invitations (its managers' view). */
  invitations: Map<string, TProfileInvitation[]>;
  /** The invitations waiting for the signed-in user. */
  myInvitations: TProfileInvitation[];
};

export function profilesWorld(): TProfilesWorld {
  return {
    profiles: new Map(),
    abilities: new Map(),
    media: new Map(),
    members: new Map(),
    children: new Map(),
    destinations: new Map(),
    calendar: new Map(),
    invitations: new Map(),
    myInvitations: [],
  };
}

/** An invitation to the facility, by e-mail unless `overrides` say otherwise. */
export function buildInvitation(
  n: number,
  overrides: Partial<TProfileInvitation> = {},
): TProfileInvitation {
  return ZProfileInvitation.parse({
    id: uuid(700 + n),
    profileId: FACILITY_ID,
    profile: { id: FACILITY_ID, kind: "facility", name: "Riverside Sports Complex", logo: null },
    invitee: { userId: null, name: null, email: `invitee${n}@example.com` },
    role: "member",
    staffRole: null,
    createdDate: T0,
    ...overrides,
  } satisfies TProfileInvitation);
}

/** Puts a listing in the world, with what I may do on it. */
export function addListing(
  world: TProfilesWorld,
  profile: TProfile,
  abilities: string[] = ["profile.read"],
): TProfile {
  world.profiles.set(profile.id, profile);
  world.abilities.set(profile.id, abilities);
  return profile;
}

export function setMedia(
  world: TProfilesWorld,
  id: string,
  segment: TMediaSegment,
  items: TProfileMedia[],
): void {
  world.media.set(`${id}/${segment}`, items);
}

export function setChildren<S extends TChildSegment>(
  world: TProfilesWorld,
  id: string,
  segment: S,
  items: TChildItems[S],
): void {
  world.children.set(`${id}/${segment}`, items);
}

/** Media titles in the order the world holds them. */
export const mediaTitles = (world: TProfilesWorld, id: string, segment: TMediaSegment) =>
  (world.media.get(`${id}/${segment}`) ?? []).map((m) => m.title);
