// The shapes every listing shares: its writable fields, its children (members, media, boosts,
// partners, sports, amenities, space types, reviews); each kind's own fields are in kind-details.ts.
import { z } from "zod";
import { STAFF_ROLES } from "../reference/facilities";
import { BOOST_SOURCES, BOOST_STATES } from "../rules/boosts";
import { ZEmail, ZId, ZImageInput, ZIsoDate, ZIsoDateTime } from "./common";
import { ZSportName } from "./event";
import { PROFILE_DETAILS } from "./kind-details";
import { ZProfileBase } from "./profile";
import { ZFeaturedDeal } from "./promotions";

export const ZFacilityDetail = PROFILE_DETAILS.facility;
export const ZDestinationDetail = PROFILE_DETAILS.destination;
export const ZHotelDetail = PROFILE_DETAILS.hotel;
export const ZBusinessDetail = PROFILE_DETAILS.business;
export const ZCompanyDetail = PROFILE_DETAILS.company;
export const ZOrganizationDetail = PROFILE_DETAILS.organization;
export const ZEventDetail = PROFILE_DETAILS.event;
export { PROFILE_DETAILS };

/**
 * The shared fields a member may write (the rest are the server's: status, counts, audit); the
 * images only as ZImageInput allows. Create and edit (PATCH) both read this.
 */
export const ZProfileWritable = ZProfileBase.pick({
  name: true,
  description: true,
  address: true,
  lat: true,
  lng: true,
  placeId: true,
  logo: true,
  headerImage: true,
  featuredVideo: true,
  website: true,
  phone: true,
  email: true,
  isActive: true,
}).extend({ logo: ZImageInput.nullable(), headerImage: ZImageInput.nullable() });

/** A listing's sports, as create and edit take them: names from the reference list. */
export const ZProfileSports = z.array(ZSportName).max(50);

/** Admins also set the membership tier. */
export const ZProfileAdminWritable = ZProfileBase.pick({ tier: true });

/**
 * `make()`, made once per detail schema: every route of a kind then shares its kind's profile
 * schemas, which the API document names once (ZHotelProfile below) instead of at every route.
 */
function oncePerDetail<T>(made: WeakMap<z.ZodObject, unknown>, detail: z.ZodObject, make: () => T) {
  if (!made.has(detail)) made.set(detail, make());
  return made.get(detail) as T;
}
const profileCreates = new WeakMap<z.ZodObject, unknown>();
const profiles = new WeakMap<z.ZodObject, unknown>();

/** Body of `POST /{kind}`: the name and whatever else is known; the rest takes defaults. */
export function zProfileCreate<S extends z.ZodRawShape>(detail: z.ZodObject<S>) {
  return oncePerDetail(profileCreates, detail, () => profileCreateOf(detail));
}
function profileCreateOf<S extends z.ZodRawShape>(detail: z.ZodObject<S>) {
  return ZProfileWritable.partial().extend(detail.partial().shape).extend({
    name: ZProfileWritable.shape.name,
    sports: ZProfileSports.optional(),
  });
}

/** A profile as the API returns it: the shared fields, the kind's details, sports and flags. */
export function zProfile<S extends z.ZodRawShape>(detail: z.ZodObject<S>) {
  return oncePerDetail(profiles, detail, () => profileOf(detail));
}
function profileOf<S extends z.ZodRawShape>(detail: z.ZodObject<S>) {
  return ZProfileBase.extend(detail.shape).extend({
    sports: z.array(z.string()),
    /** Boosted for today (a boost that runs, not one awaiting its payment). */
    boosted: z.boolean(),
    /**
     * Placed at the head of a best-match page by its boost (at most SPONSORED_PER_PAGE a page,
     * with a "Sponsored" badge); false everywhere else.
     */
    sponsored: z.boolean(),
    /** Miles from the searched point, on search results with a point. */
    distanceMiles: z.number().min(0).nullable().optional(),
    /** The caller's reaction (like or follow), when signed in. */
    myReaction: z.boolean().optional(),
    /** On marketplace results of kinds with deals (businesses): the featured one, if on now. */
    featuredDeal: ZFeaturedDeal.nullable().optional(),
  });
}

/** Each kind's profile as the API returns it and as its create takes it, by name. */
export const ZFacilityProfile = zProfile(ZFacilityDetail);
export const ZDestinationProfile = zProfile(ZDestinationDetail);
export const ZHotelProfile = zProfile(ZHotelDetail);
export const ZBusinessProfile = zProfile(ZBusinessDetail);
export const ZCompanyProfile = zProfile(ZCompanyDetail);
export const ZOrganizationProfile = zProfile(ZOrganizationDetail);
export const ZEventProfile = zProfile(ZEventDetail);
export const ZFacilityProfileCreate = zProfileCreate(ZFacilityDetail);
export const ZDestinationProfileCreate = zProfileCreate(ZDestinationDetail);
export const ZHotelProfileCreate = zProfileCreate(ZHotelDetail);
export const ZBusinessProfileCreate = zProfileCreate(ZBusinessDetail);
export const ZCompanyProfileCreate = zProfileCreate(ZCompanyDetail);
export const ZOrganizationProfileCreate = zProfileCreate(ZOrganizationDetail);
export const ZEventProfileCreate = zProfileCreate(ZEventDetail);

export const PROFILE_ABILITIES = [
  "profile.read",
  "profile.readPrivate",
  "profile.update",
  "profile.delete",
  "profile.approve",
  "profile.setTier",
  "media.write",
  "members.write",
  "members.writeOwners",
  "boosts.write",
  "partners.write",
  "reactions.write",
  "reviews.write",
] as const;
export type TProfileAbility = (typeof PROFILE_ABILITIES)[number];

export const MEMBER_ROLES = ["owner", "manager", "member"] as const;
export type TMemberRole = (typeof MEMBER_ROLES)[number];

export const ZProfileMember = z.object({
  id: ZId,
  profileId: ZId,
  userId: ZId,
  name: z.string(),
  email: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  role: z.enum(MEMBER_ROLES),
  staffRole: z.enum(STAFF_ROLES).nullable(),
  /** True for a facility manager who manages through a destination. */
  inherited: z.boolean(),
  createdDate: ZIsoDateTime,
});
export type TProfileMember = z.infer<typeof ZProfileMember>;

export const ZProfileMemberCreate = z
  .object({
    userId: ZId.optional(),
    email: ZEmail.optional(),
    role: z.enum(MEMBER_ROLES).default("member"),
    staffRole: z.enum(STAFF_ROLES).nullable().optional(),
  })
  .refine((m) => m.userId !== undefined || m.email !== undefined, {
    message: "Give the member's userId or e-mail",
  });

/**
 * An invitation to a listing's members or managers (nobody is added without accepting). Its
 * invitee reads as it was given: an e-mail address (whether or not an account has it, so the reply
 * tells nothing about accounts), or a user id with that user's name.
 */
export const ZProfileInvitation = z.object({
  id: ZId,
  profileId: ZId,
  /** The listing, for the invitee's list: its kind, name and logo. */
  profile: z.object({
    id: ZId,
    kind: z.string(),
    name: z.string(),
    logo: z.string().nullable(),
  }),
  invitee: z.object({
    userId: ZId.nullable(),
    name: z.string().nullable(),
    email: z.string().nullable(),
  }),
  role: z.enum(MEMBER_ROLES),
  staffRole: z.enum(STAFF_ROLES).nullable(),
  createdDate: ZIsoDateTime,
});
export type TProfileInvitation = z.infer<typeof ZProfileInvitation>;

/** What the invitee's answer did: `accepted` (their membership), or `declined`. */
export const ZInvitationAnswer = z.object({
  id: ZId,
  answer: z.enum(["accepted", "declined"]),
  profileId: ZId,
  memberId: ZId.nullable(),
});
export type TInvitationAnswer = z.infer<typeof ZInvitationAnswer>;

/** The web page where an invitation is answered; notifications of invitations link to it. */
export const invitationUrl = (invitationId: string) => `/account?invitation=${invitationId}`;
/** The invitation a notification's link is about, or null. */
export const invitationIdOfUrl = (url: string | null): string | null =>
  url?.match(/^\/account\?invitation=([0-9a-f-]{36})$/)?.[1] ?? null;

export const ZProfileMedia = z.object({
  id: ZId,
  profileId: ZId,
  title: z.string(),
  url: z.string(),
  contentType: z.string(),
  size: z.number().int().min(0),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  sortKey: z.string(),
  createdDate: ZIsoDateTime,
});
export type TProfileMedia = z.infer<typeof ZProfileMedia>;

export const ZProfileReaction = z.object({
  id: ZId,
  profileId: ZId,
  userId: ZId,
  name: z.string(),
  avatarUrl: z.string().nullable(),
  kind: z.enum(["like", "follow"]),
  createdDate: ZIsoDateTime,
});

export const ZBoostDates = z
  .object({ startDate: ZIsoDate, endDate: ZIsoDate })
  .refine((b) => b.endDate >= b.startDate, {
    message: "endDate is before startDate",
    path: ["endDate"],
  });
export const ZProfileBoost = z.object({
  id: ZId,
  profileId: ZId,
  startDate: ZIsoDate,
  endDate: ZIsoDate,
  profileName: z.string(),
  /** Out of the days the tier includes, bought beyond them, or booked by an admin (no quota). */
  source: z.enum(BOOST_SOURCES),
  /** A bought boost waits for its payment (it lifts nothing meanwhile). */
  state: z.enum(BOOST_STATES),
  createdDate: ZIsoDateTime,
});

export const ZProfilePartner = z.object({
  id: ZId,
  profileId: ZId,
  partner: z.object({
    id: ZId,
    kind: z.string(),
    name: z.string(),
    logo: z.string().nullable(),
  }),
  /** The business's own picture of the partnership, when it uploaded one (else show the logo). */
  image: z.string().nullable(),
  createdDate: ZIsoDateTime,
});

export const ZNamedChild = z.object({
  id: ZId,
  profileId: ZId,
  name: z.string(),
  createdDate: ZIsoDateTime,
});

// A facility's space types (ZProfileSpaceType, ZSpaceTypeInput) are in space-types.ts: their day
// price is counted in the proposals' currencies (rfp.ts), which read this file.

export const ZFacilityReview = z.object({
  id: ZId,
  profileId: ZId,
  /** Null when the author hides themselves (then `author` reads "Hidden user"). */
  userId: ZId.nullable(),
  author: z.string(),
  rating: z.number().int().min(1).max(5),
  title: z.string().nullable(),
  body: z.string().nullable(),
  createdDate: ZIsoDateTime,
  updatedDate: ZIsoDateTime,
});
export const ZFacilityReviewInput = z.object({
  rating: z.number().int().min(1).max(5),
  title: z.string().trim().max(200).nullable().optional(),
  body: z.string().trim().max(5000).nullable().optional(),
});
export const ZFacilityRatings = z.object({
  count: z.number().int().min(0),
  average: z.number().min(0).max(5).nullable(),
  /** How many reviews gave 1, 2, 3, 4 and 5 stars. */
  distribution: z.array(z.number().int().min(0)).length(5),
});

export const ZFacilityDestination = z.object({
  id: ZId,
  facilityId: ZId,
  destination: z.object({ id: ZId, name: z.string(), logo: z.string().nullable() }),
  createdDate: ZIsoDateTime,
});

/** Filter of `POST /{kind}/filtered` and the `my` lists: plain listing, not the marketplace search. */
export const ZProfileListFilter = z.object({
  text: z.string().trim().max(200).optional(),
  /** Admins only; others always see approved, active profiles here. */
  status: z.enum(["pending", "approved"]).optional(),
  states: z.array(z.string().max(100)).max(60).optional(),
  tiers: z.array(z.string().max(20)).max(10).optional(),
});
export type TProfileListFilter = z.infer<typeof ZProfileListFilter>;
