// Events, the spaces they need, requests for proposals and owner references (spec §3).
import { z } from "zod";
import { AGE_GROUPS, COMPETITION_LEVELS, EVENT_TYPES } from "../reference/events";
import { FACILITY_TYPES } from "../reference/facilities";
import { OWNER_TYPES } from "../reference/profiles";
import { LOCATION_FILTERS, LOCATIONS, SPACE_TYPE_NAMES, SURFACES } from "../reference/space-types";
import { SPORT_NAMES } from "../reference/sports";
import { diffDays, isIsoDate } from "../rules/dates";
import { RFP_COPY_DROPPED_FIELDS, type TRfpCopyDroppedField } from "../rules/rfp";
import { isSpaceTypeCombinationAllowed } from "../rules/space-types";
import { ZAuditFields, ZEmail, ZHttpUrl, ZId, ZImageRef, ZIsoDate, ZIsoDateTime } from "./common";
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

// ---- event extras: settings, hotels, partners, invitations; an organization's events --------

/**
 * The settings an event may carry (`/events/{id}/setting`), one row per key: whether the event
 * page shows hotels, whether destinations and facilities may contact the organizer directly, and
 * where lead notices go when not to the organizers themselves.
 */
export const EVENT_SETTING_KEYS = [
  "showHotels",
  "allowDirectRequests",
  "leadContactEmail",
] as const;
export type TEventSettingKey = (typeof EVENT_SETTING_KEYS)[number];

/** Body of `POST /events/{id}/setting` (and what a PATCH must leave): a key with its value's type. */
export const ZEventSettingInput = z.discriminatedUnion("key", [
  z.object({ key: z.literal("showHotels"), value: z.boolean() }),
  z.object({ key: z.literal("allowDirectRequests"), value: z.boolean() }),
  z.object({ key: z.literal("leadContactEmail"), value: ZEmail }),
]);
export type TEventSettingInput = z.infer<typeof ZEventSettingInput>;

export const ZEventSetting = z.object({
  id: ZId,
  profileId: ZId,
  key: z.enum(EVENT_SETTING_KEYS),
  value: z.union([z.boolean(), z.string()]),
  createdDate: ZIsoDateTime,
  updatedDate: ZIsoDateTime,
});
export type TEventSetting = z.infer<typeof ZEventSetting>;

/**
 * Body of `POST /events/{id}/hotels`: a listed hotel and, optionally, a note and the room block
 * held for the event (rooms, nightly rate in dollars, cut-off date for booking at that rate).
 */
export const ZEventHotelInput = z.object({
  hotelId: ZId,
  note: z.string().trim().max(1000).nullable().optional(),
  roomsHeld: z.number().int().min(0).max(100_000).nullable().optional(),
  rate: z.number().min(0).max(100_000).nullable().optional(),
  cutoffDate: ZIsoDate.nullable().optional(),
});
export type TEventHotelInput = z.infer<typeof ZEventHotelInput>;

export const ZEventHotel = z.object({
  id: ZId,
  /** The event. */
  profileId: ZId,
  profileName: z.string(),
  hotel: z.object({ id: ZId, name: z.string(), logo: ZImageRef.nullable() }),
  note: z.string().nullable(),
  roomsHeld: z.number().int().nullable(),
  rate: z.number().nullable(),
  cutoffDate: ZIsoDate.nullable(),
  createdDate: ZIsoDateTime,
});
export type TEventHotel = z.infer<typeof ZEventHotel>;

/** Body of `PUT /events/{id}/partner`: link (`linked` true, the default) or unlink a listing. */
export const ZEventPartnerLink = z.object({
  partnerId: ZId,
  linked: z.boolean().default(true),
});
export type TEventPartnerLink = z.infer<typeof ZEventPartnerLink>;

/** The event's partners after the change. */
export const ZEventPartners = z.object({
  id: ZId,
  partners: z.array(
    z.object({ id: ZId, kind: z.string(), name: z.string(), logo: ZImageRef.nullable() }),
  ),
});
export type TEventPartners = z.infer<typeof ZEventPartners>;

/** Body of `PUT /events/email/generate`: the event, and whom the greeting addresses. */
export const ZEventInvitationRequest = z.object({
  eventId: ZId,
  /** "Coaches", "Club Admins", a team's name ...; the greeting is plain "Hello," without it. */
  audience: z.string().trim().min(1).max(100).optional(),
});
export type TEventInvitationRequest = z.infer<typeof ZEventInvitationRequest>;

/** A ready-to-send invitation, plain text. */
export const ZEventInvitation = z.object({ subject: z.string(), text: z.string() });
export type TEventInvitation = z.infer<typeof ZEventInvitation>;

const endNotBeforeStartIfBoth = (e: { startDate?: string; endDate?: string }) =>
  !e.startDate || !e.endDate || e.endDate >= e.startDate;

/** Filter of `POST /organizations/{id}/events/filtered`: text and an overlapping date window. */
export const ZOrganizationEventsFilter = z
  .object({
    text: z.string().trim().max(200).optional(),
    /** Events whose days overlap [startDate, endDate]; either end may be left open. */
    startDate: ZIsoDate.optional(),
    endDate: ZIsoDate.optional(),
  })
  .refine(endNotBeforeStartIfBoth, endMessage);
export type TOrganizationEventsFilter = z.infer<typeof ZOrganizationEventsFilter>;

/** The longest window `events/calendar` answers, in days (a leap year). */
export const ORGANIZATION_CALENDAR_MAX_DAYS = 366;
/** The most events one calendar reply carries (it is not paged). */
export const ORGANIZATION_CALENDAR_MAX_EVENTS = 500;

/** Query of `POST /organizations/{id}/events/calendar`: both dates, at most a year apart. */
export const ZOrganizationCalendarWindow = z
  .object({ startDate: ZIsoDate, endDate: ZIsoDate })
  .refine((w) => w.endDate >= w.startDate, endMessage)
  // Zod runs this even when a date failed its own check; only real dates are measured.
  .refine(
    (w) =>
      !isIsoDate(w.startDate) ||
      !isIsoDate(w.endDate) ||
      diffDays(w.startDate, w.endDate) < ORGANIZATION_CALENDAR_MAX_DAYS,
    {
      message: `The window spans at most ${ORGANIZATION_CALENDAR_MAX_DAYS} days`,
      path: ["endDate"],
    },
  );
export type TOrganizationCalendarWindow = z.infer<typeof ZOrganizationCalendarWindow>;

/** `GET /organizations/{id}/stats`: counts over its listed events and its followers. */
export const ZOrganizationStats = z.object({
  id: ZId,
  /** Listed (approved, active) events of the organization. */
  events: z.number().int().min(0),
  /** Those not over yet (ending today or later, UTC). */
  upcomingEvents: z.number().int().min(0),
  followers: z.number().int().min(0),
  /** Likes on its listed events. */
  eventLikes: z.number().int().min(0),
});
export type TOrganizationStats = z.infer<typeof ZOrganizationStats>;

/** One row of `GET /organizations/report` (admins): every organization, listed or not. */
export const ZOrganizationReportRow = z.object({
  id: ZId,
  name: z.string(),
  status: z.enum(["pending", "approved"]),
  isActive: z.boolean(),
  organizationType: z.string().nullable(),
  members: z.number().int().min(0),
  followers: z.number().int().min(0),
  /** All its events, whatever their status. */
  events: z.number().int().min(0),
  pendingEvents: z.number().int().min(0),
  upcomingEvents: z.number().int().min(0),
  eventLikes: z.number().int().min(0),
  createdDate: ZIsoDateTime,
});
export type TOrganizationReportRow = z.infer<typeof ZOrganizationReportRow>;
