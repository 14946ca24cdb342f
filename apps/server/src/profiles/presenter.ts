// API shapes of profiles and their children; a row never leaves the server as is.
import type { TAddress, TFeaturedDeal, TProfileAbility } from "@hostfield/domain/contracts";
import type { TProfileKind } from "@hostfield/domain/reference";
import { personAsSeen, type TViewer } from "@hostfield/domain/rules";
import { mediaGrant } from "../platform/files/media-grant";
import type { TKindDescriptor } from "./descriptor";
import { isPublicProfile } from "./policy";
import type {
  TInvitationRow,
  TLoadedProfile,
  TMemberRow,
  TPendingRow,
  TProfileRow,
} from "./repository";

/**
 * Stored image references are file keys (served by /media) or absolute/rooted URLs. A `restricted`
 * file (a pending listing's) gets a grant: whoever the API shows it to may load it.
 */
export function mediaRef(value: string | null, restricted = false): string | null {
  if (!value) return null;
  const key = storedMediaKey(value);
  if (key === null) return value;
  return restricted ? `/media/${key}?grant=${mediaGrant(key)}` : `/media/${key}`;
}

/** The file key of a stored reference (a key, or a /media address as the web sends it); null else. */
export function storedMediaKey(value: string): string | null {
  if (value.startsWith("/media/")) return value.slice("/media/".length).split("?")[0] ?? null;
  return /^(https?:)?\//.test(value) ? null : value;
}

function addressOf(p: TProfileRow): TAddress | null {
  if (!p.city || !p.state || !p.country) return null;
  return {
    street: p.street,
    city: p.city,
    state: p.state,
    postalCode: p.postalCode,
    country: p.country,
  };
}

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

export function presentProfile(
  d: TKindDescriptor,
  p: TLoadedProfile,
  extra: {
    distanceMiles?: number | null;
    myReaction?: boolean;
    featuredDeal?: TFeaturedDeal | null;
  } = {},
) {
  const detail: Record<string, unknown> = { ...d.detailDefaults };
  for (const key of Object.keys(d.detail.schema.shape)) {
    const value = p.detail?.[key];
    if (value !== undefined) detail[key] = value;
  }
  return {
    id: p.id,
    kind: d.kind,
    name: p.name,
    slug: p.slug,
    description: p.description,
    address: addressOf(p),
    lat: p.lat,
    lng: p.lng,
    placeId: p.placeId,
    logo: mediaRef(p.logo, !isPublicProfile(p)),
    headerImage: mediaRef(p.headerImage, !isPublicProfile(p)),
    featuredVideo: p.featuredVideo,
    website: p.website,
    phone: p.phone,
    email: p.email,
    status: p.status,
    tier: p.tier,
    isActive: p.isActive,
    likeCount: p.likeCount,
    followerCount: p.followerCount,
    createdDate: iso(p.createdDate),
    updatedDate: iso(p.updatedDate),
    // Who wrote a listing is nobody's business: a user id leads to the person (issue 16 §3).
    createdBy: null,
    updatedBy: null,
    ...detail,
    sports: p.sports,
    boosted: p.boosted,
    sponsored: p.sponsored === true,
    ...(extra.distanceMiles !== undefined
      ? { distanceMiles: extra.distanceMiles === null ? null : round1(extra.distanceMiles) }
      : {}),
    ...(extra.myReaction !== undefined ? { myReaction: extra.myReaction } : {}),
    ...(extra.featuredDeal !== undefined ? { featuredDeal: extra.featuredDeal } : {}),
  };
}

/** A pending listing as the approval queue shows it (its files with a grant: it is not public). */
export function presentPending(p: TPendingRow) {
  return {
    id: p.id,
    kind: p.kind as TProfileKind,
    name: p.name,
    description: p.description,
    address: addressOf(p),
    logo: mediaRef(p.logo, !isPublicProfile(p)),
    website: p.website,
    phone: p.phone,
    email: p.email,
    status: p.status,
    tier: p.tier,
    isActive: p.isActive,
    createdDate: iso(p.createdDate),
    sports: p.sports,
  };
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * A member as the caller may see them: e-mail addresses only for those who manage the listing
 * (`members.write`), never for its other members.
 */
export function presentMember(
  m: TMemberRow,
  viewer: { abilities: readonly TProfileAbility[] },
  inherited = false,
) {
  const showEmail = viewer.abilities.includes("members.write");
  return {
    id: m.id,
    profileId: m.profileId,
    userId: m.userId,
    name: m.name,
    email: showEmail ? m.email : null,
    avatarUrl: mediaRef(m.avatarKey),
    role: m.role,
    staffRole: m.staffRole ?? null,
    inherited,
    createdDate: iso(m.createdDate),
  };
}

export { iso };

/** An invitation: its invitee as given (an address, or a user by id with their name). */
/** An invitation as `viewer` sees it: a hidden invitee is "Hidden user" to all but themselves and admins. */
export function presentInvitation(i: TInvitationRow, viewer: TViewer) {
  const invitee =
    i.userId !== null && i.email === null
      ? personAsSeen(viewer, {
          id: i.userId,
          name: i.inviteeName ?? "",
          isVisible: i.inviteeVisible ?? true,
        })
      : null;
  return {
    id: i.id,
    profileId: i.profileId,
    profile: {
      id: i.profileId,
      kind: i.profileKind,
      name: i.profileName,
      logo: mediaRef(i.profileLogo),
    },
    invitee:
      i.email !== null
        ? { userId: null, name: null, email: i.email }
        : { userId: invitee?.id ?? null, name: invitee?.name ?? null, email: null },
    role: i.role,
    staffRole: i.staffRole ?? null,
    createdDate: iso(i.createdDate),
  };
}
