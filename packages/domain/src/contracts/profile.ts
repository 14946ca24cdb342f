// The fields every listing kind (hotel, destination, facility, ...) shares, and references to them.
import { z } from "zod";
import { PROFILE_KINDS, PROFILE_STATUSES } from "../reference/profiles";
import { TIERS } from "../reference/tiers";
import { ZAuditFields, ZEmail, ZHttpUrl, ZId, ZImageRef } from "./common";

// The types of these schemas already exist (TProfileKind, TProfileStatus, TTier in reference/,
// TMembershipRecord in rules/membership), so they are not declared a second time here.
export const ZProfileKind = z.enum(PROFILE_KINDS);
export const ZProfileStatus = z.enum(PROFILE_STATUSES);

/** A membership tier; null when the profile has none. */
export const ZTier = z.enum(TIERS).nullable();

export const ZMembershipRecord = z.object({ isActive: z.boolean(), tier: ZTier });

export const ZAddress = z.object({
  street: z.string().max(200).nullable(),
  city: z.string().min(1).max(100),
  /** State or province name, as in STATES, or a region abroad. */
  state: z.string().min(1).max(100),
  postalCode: z.string().max(20).nullable(),
  /** ISO 3166-1 alpha-2. */
  country: z.string().length(2),
});
export type TAddress = z.infer<typeof ZAddress>;

export const ZSlug = z
  .string()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Lower-case words joined by hyphens");

export const ZProfileBase = z
  .object({
    id: ZId,
    kind: ZProfileKind,
    name: z.string().trim().min(1).max(200),
    slug: ZSlug,
    description: z.string().max(10_000).nullable(),
    address: ZAddress.nullable(),
    lat: z.number().min(-90).max(90).nullable(),
    lng: z.number().min(-180).max(180).nullable(),
    placeId: z.string().max(300).nullable(),
    logo: ZImageRef.nullable(),
    headerImage: ZImageRef.nullable(),
    featuredVideo: ZHttpUrl.nullable(),
    website: ZHttpUrl.nullable(),
    phone: z.string().max(40).nullable(),
    email: ZEmail.nullable(),
    status: ZProfileStatus,
    tier: ZTier,
    isActive: z.boolean(),
    likeCount: z.number().int().min(0),
    followerCount: z.number().int().min(0),
  })
  .extend(ZAuditFields.shape);
export type TProfileBase = z.infer<typeof ZProfileBase>;

/** How one profile names another, e.g. an event's organization. */
export const ZProfileRef = z.object({
  id: ZId,
  name: z.string().min(1),
  logo: ZImageRef.nullable().optional(),
});
export type TProfileRef = z.infer<typeof ZProfileRef>;

/** A profile as a map marker shows it. */
export const ZMapProfile = z.object({
  id: ZId,
  name: z.string(),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  address: z.string().nullable(),
  headerImage: ZImageRef.nullable(),
  logo: ZImageRef.nullable(),
  googlePlaceId: z.string().nullable(),
});
export type TMapProfile = z.infer<typeof ZMapProfile>;
