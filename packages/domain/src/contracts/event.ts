// Events, the spaces they need, requests for proposals and owner references (spec §3).
import { z } from "zod";
import { AGE_GROUPS, COMPETITION_LEVELS, EVENT_TYPES } from "../reference/events";
import { FACILITY_TYPES } from "../reference/facilities";
import { OWNER_TYPES } from "../reference/profiles";
import { LOCATION_FILTERS, LOCATIONS, SPACE_TYPE_NAMES, SURFACES } from "../reference/space-types";
import { SPORT_NAMES } from "../reference/sports";
import { RFP_COPY_DROPPED_FIELDS, type TRfpCopyDroppedField } from "../rules/rfp";
import { isSpaceTypeCombinationAllowed } from "../rules/space-types";
import { ZAuditFields, ZHttpUrl, ZId, ZImageRef, ZIsoDate } from "./common";
import { ZProfileRef } from "./profile";

export const ZSportName = z.enum(SPORT_NAMES);
export const ZSurface = z.enum(SURFACES);
export const ZLocation = z.enum(LOCATIONS);
export const ZLocationFilter = z.enum(LOCATION_FILTERS);
export const ZSpaceTypeName = z.enum(SPACE_TYPE_NAMES);

export const ZSportRef = z.object({ name: ZSportName });
export type TSportRef = z.infer<typeof ZSportRef>;

/** A space of an event or facility: e.g. 4 indoor hardwood courts. */
export const ZSpaceType = z
  .object({
    name: ZSpaceTypeName,
    surface: ZSurface,
    count: z.number().int().min(1).max(1000),
    location: ZLocation,
    additionalFeatures: z.array(z.string().min(1).max(200)).max(50),
  })
  .refine(isSpaceTypeCombinationAllowed, {
    message: "Location or surface not allowed for this space type",
    path: ["surface"],
  });
export type TSpaceType = z.infer<typeof ZSpaceType>;

const endNotBeforeStart = (e: { startDate: string; endDate: string }) => e.endDate >= e.startDate;
const endMessage = { message: "endDate is before startDate", path: ["endDate"] };

/** Event fields without cross-field checks, so other schemas can pick from or extend them. */
export const ZEventFields = z
  .object({
    id: ZId,
    name: z.string().trim().min(1).max(200),
    type: z.enum(EVENT_TYPES),
    startDate: ZIsoDate,
    endDate: ZIsoDate,
    hasFlexibleDates: z.boolean(),
    hotelLink: ZHttpUrl.nullable(),
    /** Free text; the value EVENT_CATEGORY_MARKETED turns on hotel live rates. */
    category: z.string().max(100).nullable(),
    sports: z.array(ZSportRef).max(50),
    ageGroup: z.enum(AGE_GROUPS).nullable(),
    eventLevel: z.enum(COMPETITION_LEVELS).nullable(),
    individualCost: z.number().min(0).nullable(),
    teamCost: z.number().min(0).nullable(),
    facilityTypes: z.array(z.enum(FACILITY_TYPES)).max(50),
    spaceName: ZSpaceTypeName.nullable(),
    location: ZLocation.nullable(),
    surface: ZSurface.nullable(),
    organization: ZProfileRef.nullable(),
    isClosed: z.boolean(),
    logo: ZImageRef.nullable(),
    headerImage: ZImageRef.nullable(),
    featuredVideo: ZHttpUrl.nullable(),
  })
  .extend(ZAuditFields.shape);

export const ZEvent = ZEventFields.refine(endNotBeforeStart, endMessage);
export type TEvent = z.infer<typeof ZEvent>;

/** What the request-specific part of an RFP says about the venue it needs. */
export const ZRequestForProposalsFields = z.object({
  sportsList: z.array(ZSportName).min(1).max(50),
  needsSpecificFacilityType: z.boolean(),
  needsSpecificSpaceType: z.boolean(),
  spaceType: ZSpaceTypeName.nullable(),
  spaceSurface: ZSurface.nullable(),
  spaceTypeCount: z.number().int().min(1).max(1000).nullable(),
  spaceLocation: ZLocationFilter.nullable(),
  spaceDescription: z.string().max(2000).nullable(),
});

/**
 * A request for proposals: the event's own fields except those a copy drops (id,
 * organization, logo, header image, featured video, audit; see rules/rfp.ts), plus the
 * request fields.
 */
export const ZRequestForProposals = ZEventFields.omit(
  Object.fromEntries(RFP_COPY_DROPPED_FIELDS.map((field) => [field, true])) as Record<
    TRfpCopyDroppedField,
    true
  >,
)
  .extend(ZRequestForProposalsFields.shape)
  .refine(endNotBeforeStart, endMessage)
  .refine((r) => !r.needsSpecificSpaceType || r.spaceType !== null, {
    message: "A specific space type is needed but none is given",
    path: ["spaceType"],
  })
  .refine((r) => !r.needsSpecificFacilityType || r.facilityTypes.length > 0, {
    message: "A specific facility type is needed but none is given",
    path: ["facilityTypes"],
  });
export type TRequestForProposals = z.infer<typeof ZRequestForProposals>;

/** Where a search or request looks: no address means nationwide. */
export const ZRequestLocation = z.object({
  address: z.string().max(300).nullable().optional(),
  /** Miles. */
  dist: z.number().positive().max(5000).nullable().optional(),
  category: z.string().max(100).nullable().optional(),
});
export type TRequestLocation = z.infer<typeof ZRequestLocation>;

export const ZOwnerReference = z.object({
  ownerType: z.enum(OWNER_TYPES),
  ownerId: ZId,
});
export type TOwnerReference = z.infer<typeof ZOwnerReference>;
