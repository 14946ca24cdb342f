// Requests for proposals and the leads they create (event service: /events/{id}/requirements,
// /events/my/requests, /events/{id}/leads, /destinations|facilities/{id}/leads,
// /destinations/{id}/pipeline, /leads/my/pipeline, /events/search/rfps). A request belongs to an event (the event's dates, sports and facts are
// the request's), and adds what the venue must offer, where, and how urgently.
import { z } from "zod";
import { AGE_GROUPS, COMPETITION_LEVELS, EVENT_TYPES } from "../reference/events";
import { FACILITY_TYPES } from "../reference/facilities";
import { DECLINE_REASON_CODES, LEAD_STATUSES, URGENCY_LEVELS } from "../reference/leads";
import { OWNER_TYPES } from "../reference/profiles";
import { STATE_NAMES } from "../reference/states";
import { LEAD_REASON_MAX_LENGTH } from "../rules/leads";
import {
  ATTACHMENT_CONTENT_TYPES,
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_NAME_MAX_LENGTH,
  PROPOSAL_MAX_ATTACHMENTS,
  PROPOSAL_MAX_CONCESSIONS,
  PROPOSAL_MAX_LINES,
  PROPOSAL_MAX_TOTAL,
} from "../rules/proposals";
import { ZAuditFields, ZId, ZIsoDate, ZIsoDateTime } from "./common";
import { ZListMeta, zListEnvelope } from "./envelope";
import { ZRequestForProposalsFields, ZSportName } from "./event";
import { ZPerson } from "./messaging";
import { ZEventDetail, zProfile } from "./profile-kinds";
import { ZRequestDates } from "./request-dates";

export const ZLeadStatus = z.enum(LEAD_STATUSES);
export const ZUrgency = z.union(URGENCY_LEVELS.map((level) => z.literal(level.priority)));
export const ZOwnerType = z.enum(OWNER_TYPES);

export const REQUIREMENT_STATUSES = ["draft", "published", "awarded", "closed"] as const;
export type TRequirementStatus = (typeof REQUIREMENT_STATUSES)[number];

/** The longest radius a request may ask for; no address means the whole country. */
export const MAX_REQUEST_RADIUS_MILES = 500;

export const PROPOSAL_CURRENCIES = ["USD", "CAD", "MXN", "EUR", "GBP"] as const;

/** What a request's budget counts: the whole event, or per day, participant, team or room night. */
export const BUDGET_BASES = ["event", "day", "participant", "team", "night"] as const;
export type TBudgetBasis = (typeof BUDGET_BASES)[number];
export const BUDGET_BASIS_LABELS: Record<TBudgetBasis, string> = {
  event: "for the event",
  day: "per day",
  participant: "per participant",
  team: "per team",
  night: "per room night",
};

/** The organizer's budget: a range (either end may be open) counted per something. */
export const ZBudget = z
  .object({
    min: z.number().min(0).max(PROPOSAL_MAX_TOTAL).nullable(),
    max: z.number().min(0).max(PROPOSAL_MAX_TOTAL).nullable(),
    per: z.enum(BUDGET_BASES),
    currency: z.enum(PROPOSAL_CURRENCIES).default("USD"),
  })
  .refine((b) => b.min !== null || b.max !== null, {
    message: "Give the lowest or the highest figure of the budget, or no budget",
    path: ["min"],
  })
  .refine((b) => b.min === null || b.max === null || b.min <= b.max, {
    message: "The budget's lowest figure is above its highest",
    path: ["max"],
  });
export type TBudget = z.infer<typeof ZBudget>;

export const PRICE_EXTRAS_MAX = 20;

/**
 * What the organizer wants priced: the spaces for each day of the event, hotel rooms (the room
 * nights the request gives), and extras in words ("scoreboard operator", "parking").
 */
export const ZPricingAsk = z.object({
  spaces: z.boolean().default(false),
  rooms: z.boolean().default(false),
  extras: z.array(z.string().trim().min(1).max(100)).max(PRICE_EXTRAS_MAX).default([]),
});
export type TPricingAsk = z.infer<typeof ZPricingAsk>;
export const NO_PRICING_ASK: TPricingAsk = { spaces: false, rooms: false, extras: [] };

/** What the organizer writes: venue needs, place, urgency and expected size. */
export const ZRequirementInput = ZRequestForProposalsFields.extend({
  /** The facility types asked for, when needsSpecificFacilityType. */
  facilityTypes: z.array(z.enum(FACILITY_TYPES)).max(50).default([]),
  /** Where the event should happen: an address (city, "Indianapolis, IN", ZIP), or null for nationally. */
  address: z.string().trim().min(2).max(300).nullable(),
  /** Miles around the address; ignored (null) when looking nationally. */
  dist: z.number().int().min(1).max(MAX_REQUEST_RADIUS_MILES).nullable(),
  urgency: ZUrgency,
  /** Expected participants and hotel room nights (organizers estimate; both optional). */
  attendance: z.number().int().min(1).max(1_000_000).nullable().default(null),
  roomNights: z.number().int().min(0).max(1_000_000).nullable().default(null),
  /** What the organizer means to spend, if it says. */
  budget: ZBudget.nullable().default(null),
  /** When the organizer means to choose (today or later when written). */
  decisionDate: ZIsoDate.nullable().default(null),
  /** What each proposal should price. */
  pricing: ZPricingAsk.default(NO_PRICING_ASK),
  /**
   * When the event may happen, when the organizer is flexible: alternative date sets or a window
   * (contracts/request-dates.ts); null: the event's own dates.
   */
  dateOptions: ZRequestDates.nullable().default(null),
})
  .refine((r) => !r.needsSpecificSpaceType || r.spaceType !== null, {
    message: "A specific space type is needed but none is given",
    path: ["spaceType"],
  })
  .refine((r) => !r.needsSpecificFacilityType || r.facilityTypes.length > 0, {
    message: "A specific facility type is needed but none is given",
    path: ["facilityTypes"],
  })
  .refine((r) => r.address === null || r.dist !== null, {
    message: "Give a radius in miles with the address, or no address to look nationally",
    path: ["dist"],
  });
export type TRequirementInput = z.infer<typeof ZRequirementInput>;

export const ZRequirement = z
  .object({
    id: ZId,
    eventId: ZId,
    status: z.enum(REQUIREMENT_STATUSES),
    publishedDate: ZIsoDateTime.nullable(),
    /** Where the address was found; null when nationally or not found. */
    lat: z.number().nullable(),
    lng: z.number().nullable(),
    /** The place the address resolved to, e.g. "Indianapolis, IN". */
    placeLabel: z.string().nullable(),
    /** The state or province of that place (full name), e.g. "Indiana". */
    placeState: z.string().nullable(),
    /** Leads per status (organizers' view). */
    leadCounts: z.record(ZLeadStatus, z.number().int().min(0)),
  })
  .extend(ZRequirementInput.shape)
  .extend(ZAuditFields.shape);
export type TRequirement = z.infer<typeof ZRequirement>;

/**
 * One of my events with its requests (`GET /events/my/requests`, the organizer's "My requests"):
 * the event as `GET /events/my` lists it, and every request of it with its lead counts, the one
 * with the newest activity first. A page holds only events whose requests the caller may read.
 */
export const ZMyEventRequests = z.object({
  event: zProfile(ZEventDetail),
  requirements: z.array(ZRequirement),
});
export type TMyEventRequests = z.infer<typeof ZMyEventRequests>;

/** `POST /events/{id}/requirements/filtered`. */
export const ZRequirementFilter = z.object({
  status: z.array(z.enum(REQUIREMENT_STATUSES)).max(REQUIREMENT_STATUSES.length).optional(),
});
export type TRequirementFilter = z.infer<typeof ZRequirementFilter>;

/** What a request asks for, as a lead shows it to its recipient (no lead counts, no audit). */
export const ZRequestSummary = z
  .object({ id: ZId, status: z.enum(REQUIREMENT_STATUSES) })
  .extend(ZRequirementInput.shape);

export const PRICE_UNITS = ["Total", "Per Participant", "Per Team", "Per Night"] as const;

/** What a line of a proposal prices: a space, a service, hotel rooms or an extra. */
export const PROPOSAL_LINE_KINDS = ["space", "service", "rooms", "extra"] as const;
/** How a line's unit price counts: by day or night (times its dates), or once per quantity. */
export const PROPOSAL_LINE_UNITS = [
  "Per Day",
  "Per Night",
  "Per Hour",
  "Per Person",
  "Per Team",
  "Each",
] as const;

/**
 * A priced line: what (kind and words), on which of the event's dates (none: every day of the
 * event), how many of what unit, at what unit price (its amount: proposalTotals).
 */
export const ZProposalLine = z.object({
  kind: z.enum(PROPOSAL_LINE_KINDS),
  description: z.string().trim().min(1).max(200),
  dates: z.array(ZIsoDate).max(60).default([]),
  quantity: z.number().positive().max(100_000),
  unit: z.enum(PROPOSAL_LINE_UNITS),
  unitPrice: z.number().min(0).max(10_000_000),
});
export type TProposalLine = z.infer<typeof ZProposalLine>;

/**
 * A file a proposal carries (a floor plan, a rate sheet, photos): uploaded to the lead first
 * (`POST /events/{id}/leads/{leadId}/attachments` answers this), then named by its id in the
 * proposal; its name, size and type are the upload's, whatever a client sends.
 */
export const ZProposalAttachment = z.object({
  id: ZId,
  name: z.string().trim().min(1).max(ATTACHMENT_NAME_MAX_LENGTH),
  size: z.number().int().min(1).max(ATTACHMENT_MAX_BYTES),
  contentType: z.enum(ATTACHMENT_CONTENT_TYPES),
});
export type TProposalAttachment = z.infer<typeof ZProposalAttachment>;

/**
 * A recipient's answer: a message, which of the requested dates they can do, and a price (one
 * figure, as the first proposals had) or priced lines, with concessions, a deposit, the date
 * after which it can no longer be accepted, and attached files. Every field but the message has a
 * default, so a proposal stored before lines or attachments existed reads as one with none.
 */
export const ZProposal = z.object({
  message: z.string().trim().min(1).max(5000),
  dates: z.array(ZIsoDate).max(60).default([]),
  price: z.number().min(0).max(100_000_000).nullable().default(null),
  priceUnit: z.enum(PRICE_UNITS).nullable().default(null),
  currency: z.enum(PROPOSAL_CURRENCIES).default("USD"),
  lines: z.array(ZProposalLine).max(PROPOSAL_MAX_LINES).default([]),
  concessions: z.array(z.string().trim().min(1).max(300)).max(PROPOSAL_MAX_CONCESSIONS).default([]),
  /**
   * The deposit asked on award: a percent of the proposal's total (rules/deposits.ts), due by a
   * date, and refundable in full until `refundableUntil` (null: not refundable once paid; a
   * deposit stored before refund terms existed reads as null).
   */
  deposit: z
    .object({
      percent: z.number().min(0).max(100),
      dueDate: ZIsoDate,
      refundableUntil: ZIsoDate.nullable().default(null),
    })
    .nullable()
    .default(null),
  expiresOn: ZIsoDate.nullable().default(null),
  attachments: z.array(ZProposalAttachment).max(PROPOSAL_MAX_ATTACHMENTS).default([]),
});
export type TProposal = z.infer<typeof ZProposal>;

/** The terms of a proposal that has none beyond a message, dates and a price (the first ones). */
export const NO_PROPOSAL_TERMS = {
  currency: "USD",
  lines: [],
  concessions: [],
  deposit: null,
  expiresOn: null,
  attachments: [],
} as const satisfies Omit<TProposal, "message" | "dates" | "price" | "priceUnit">;

/** What an organizer may ask a venue to change in its proposal. */
export const REVISION_TOPICS = ["price", "dates", "spaces", "rooms", "terms", "other"] as const;
export type TRevisionTopic = (typeof REVISION_TOPICS)[number];
/** How each topic reads, to the organizer choosing it and to the venue asked. */
export const REVISION_TOPIC_LABELS: Record<TRevisionTopic, string> = {
  price: "Price",
  dates: "Dates",
  spaces: "Spaces",
  rooms: "Hotel rooms",
  terms: "Terms",
  other: "Something else",
};
export const REVISION_MESSAGE_MAX_LENGTH = 2000;

/** The organizer's request to revise a proposal: what to change, in words. */
export const ZRevisionRequestInput = z.object({
  message: z.string().trim().min(1).max(REVISION_MESSAGE_MAX_LENGTH),
  changes: z.array(z.enum(REVISION_TOPICS)).max(REVISION_TOPICS.length).default([]),
});
export type TRevisionRequestInput = z.infer<typeof ZRevisionRequestInput>;

export const ZRevisionRequest = ZRevisionRequestInput.extend({ requestedDate: ZIsoDateTime });

/** One version of a lead's proposal, as the venue sent it. */
export const ZProposalVersion = z.object({
  version: z.number().int().positive(),
  proposal: ZProposal,
  submittedBy: ZPerson.nullable(),
  submittedDate: ZIsoDateTime,
});
export type TProposalVersion = z.infer<typeof ZProposalVersion>;

/** A lead as both sides see it; `event` and `owner` name the two ends. */
export const ZLead = z.object({
  id: ZId,
  eventId: ZId,
  requirementId: ZId.nullable(),
  event: z.object({
    id: ZId,
    name: z.string(),
    startDate: ZIsoDate,
    endDate: ZIsoDate,
    hasFlexibleDates: z.boolean(),
    sports: z.array(ZSportName),
    urgency: ZUrgency.nullable(),
    placeLabel: z.string().nullable(),
  }),
  /** The request the lead came from; null once the organizer deleted it. */
  request: ZRequestSummary.nullable(),
  owner: z.object({
    ownerType: ZOwnerType,
    ownerId: ZId,
    name: z.string(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    /** "usually responds within 4 h", from this owner's past leads; null without history. */
    responseTime: z.string().nullable(),
  }),
  status: ZLeadStatus,
  /** `match`: published to profiles that fit; `direct`: the organizer chose the profile. */
  source: z.enum(["match", "direct"]),
  /** 0-100, higher fits better; null for direct leads. */
  score: z.number().int().min(0).max(100).nullable(),
  /** Why the lead reached this profile: "3 of 3 sports", "4 hardwood courts, needs 4", "38 mi from Indianapolis, IN". */
  reasons: z.array(z.string()),
  distanceMiles: z.number().nullable(),
  /** Hot leads reach tiers without hot leads 24 h after the others. */
  visibleFrom: ZIsoDateTime,
  assignedUser: ZPerson.nullable(),
  /** The conversation between the recipient and the organizer, once the recipient answered. */
  groupId: ZId.nullable(),
  firstResponseDate: ZIsoDateTime.nullable(),
  proposal: ZProposal.extend({ submittedDate: ZIsoDateTime }).nullable(),
  /** The current proposal's version (1 for the first); null before any. */
  proposalVersion: z.number().int().positive().nullable(),
  /** The version accepted by the award; null unless Won. */
  acceptedVersion: z.number().int().positive().nullable(),
  /** The organizer's open request to revise, until the venue sends a new version. */
  revisionRequest: ZRevisionRequest.nullable(),
  /** Why it was passed or lost, as the last change said. */
  statusReason: z.string().nullable(),
  /** For a lost lead: the organizer's coded reason (DECLINE_REASONS), beside the words. */
  statusReasonCode: z.enum(DECLINE_REASON_CODES).nullable(),
  createdDate: ZIsoDateTime,
  updatedDate: ZIsoDateTime,
});
export type TLead = z.infer<typeof ZLead>;

/**
 * A lead on a pipeline board: what its card shows (the event's name, dates and urgency, the venue
 * it went to, the score, match reasons and assignee) and what moving it needs (its ids and status).
 * The lead's page has the rest. A board holds up to 100 cards, so each field is paid a hundred
 * times: the whole lead made a board's reply 96 KB.
 */
export const ZLeadCard = ZLead.pick({
  id: true,
  eventId: true,
  status: true,
  score: true,
  reasons: true,
  assignedUser: true,
  createdDate: true,
}).extend({
  event: ZLead.shape.event.pick({
    name: true,
    startDate: true,
    endDate: true,
    hasFlexibleDates: true,
    urgency: true,
  }),
  owner: ZLead.shape.owner.pick({ ownerType: true, ownerId: true, name: true }),
});
export type TLeadCard = z.infer<typeof ZLeadCard>;

/**
 * What a PATCH of a lead may change (a JSON Patch over these fields): the status with its
 * reason (the words this lead's venue reads: a pass's, a decline's, or the winner's on an award),
 * the recipient's proposal (sent with the move to Interested), and on an award the reason the
 * other venues still in the running read as they lose (`othersReason`). A decline (a move to
 * Lost) carries a coded reason (`reasonCode`, DECLINE_REASONS), words, or both.
 */
export const ZLeadEditable = z.object({
  status: ZLeadStatus,
  reason: z.string().trim().max(LEAD_REASON_MAX_LENGTH).nullable(),
  reasonCode: z.enum(DECLINE_REASON_CODES).nullable(),
  othersReason: z.string().trim().max(LEAD_REASON_MAX_LENGTH).nullable(),
  proposal: ZProposal.nullable(),
  /** For an award: the proposal version the organizer accepts (409 unless it is the current one). */
  version: z.number().int().positive().nullable(),
});
export type TLeadEditable = z.infer<typeof ZLeadEditable>;

export const ZLeadHistoryEntry = z.object({
  id: ZId,
  fromStatus: ZLeadStatus.nullable(),
  toStatus: ZLeadStatus,
  reason: z.string().nullable(),
  reasonCode: z.enum(DECLINE_REASON_CODES).nullable(),
  by: ZPerson.nullable(),
  at: ZIsoDateTime,
});
export type TLeadHistoryEntry = z.infer<typeof ZLeadHistoryEntry>;

export const ZLeadFilter = z.object({
  status: z.array(ZLeadStatus).max(LEAD_STATUSES.length).optional(),
  ownerType: z.array(ZOwnerType).max(OWNER_TYPES.length).optional(),
  urgency: z.array(ZUrgency).max(URGENCY_LEVELS.length).optional(),
  /** Leads assigned to the caller. */
  assignedToMe: z.boolean().optional(),
  /** In the event's or the owner's name. */
  text: z.string().trim().max(200).optional(),
});
export type TLeadFilter = z.infer<typeof ZLeadFilter>;

/** Leads per status, and how fast the recipients answer (median time to first response). */
export const ZLeadStats = z.object({
  total: z.number().int().min(0),
  byStatus: z.record(ZLeadStatus, z.number().int().min(0)),
  medianResponseMs: z.number().min(0).nullable(),
  responseTime: z.string().nullable(),
});
export type TLeadStats = z.infer<typeof ZLeadStats>;

/** A destination's pipeline board: one column per status, its newest leads first, as cards. */
export const ZPipeline = z.object({
  columns: z.array(
    z.object({ status: ZLeadStatus, count: z.number().int().min(0), leads: z.array(ZLeadCard) }),
  ),
});
export type TPipeline = z.infer<typeof ZPipeline>;

/** One of my destinations or facilities on the all-venues board: its leads, the newest when. */
export const ZPipelineVenue = z.object({
  ownerType: ZOwnerType,
  ownerId: ZId,
  /** Its visible leads. */
  leadCount: z.number().int().min(0),
  /** When its newest visible lead came; null without any. */
  newestLeadDate: ZIsoDateTime.nullable(),
  /** Whether I answer and assign its leads (a manager), or only read them (a member). */
  canManage: z.boolean(),
});
export type TPipelineVenue = z.infer<typeof ZPipelineVenue>;

/**
 * The board of every destination and facility I belong to (`GET /leads/my/pipeline`): the
 * columns as one listing's, each lead naming its venue, and my venues, the newest lead first.
 */
export const ZMyPipeline = ZPipeline.extend({ venues: z.array(ZPipelineVenue) });
export type TMyPipeline = z.infer<typeof ZMyPipeline>;

/** Send the request straight to chosen profiles (`POST /events/{id}/leads/bulk`). */
export const ZLeadBulk = z.object({
  requirementId: ZId,
  targets: z
    .array(z.object({ ownerType: ZOwnerType, ownerId: ZId }))
    .min(1)
    .max(200),
});
export type TLeadBulk = z.infer<typeof ZLeadBulk>;

/** What `leads/bulk` did: leads made now, and the profiles that had one for this event already. */
export const ZLeadBulkResult = z.object({
  created: z.array(ZLead),
  existing: z.array(z.object({ ownerType: ZOwnerType, ownerId: ZId, leadId: ZId })),
});
export type TLeadBulkResult = z.infer<typeof ZLeadBulkResult>;

/** `POST /events/{id}/leads`: send the request to one chosen profile (as bulk does for many). */
export const ZLeadCreate = z.object({ requirementId: ZId, ownerType: ZOwnerType, ownerId: ZId });
export type TLeadCreate = z.infer<typeof ZLeadCreate>;

/** Assign a lead to one of the recipient's staff, or to nobody. */
export const ZLeadAssignment = z.object({ userId: ZId.nullable() });
export type TLeadAssignment = z.infer<typeof ZLeadAssignment>;

/** The RFP marketplace's filter (`POST /events/search/rfps`). */
export const ZRfpSearch = z.object({
  sports: z.array(ZSportName).max(50).optional(),
  states: z.array(z.enum(STATE_NAMES)).max(70).optional(),
  urgency: z.array(ZUrgency).max(URGENCY_LEVELS.length).optional(),
  text: z.string().trim().max(200).optional(),
});
export type TRfpSearch = z.infer<typeof ZRfpSearch>;

/**
 * One published request in the RFP marketplace: the request (without the organizer's lead
 * counts) and a summary of its event.
 */
export const ZRfpListing = ZRequirement.omit({
  leadCounts: true,
  createdBy: true,
  updatedBy: true,
}).extend({
  event: z.object({
    id: ZId,
    name: z.string(),
    type: z.enum(EVENT_TYPES),
    startDate: ZIsoDate,
    endDate: ZIsoDate,
    hasFlexibleDates: z.boolean(),
    ageGroup: z.enum(AGE_GROUPS).nullable(),
    eventLevel: z.enum(COMPETITION_LEVELS).nullable(),
  }),
  /** Hot requests reach tiers without hot leads 24 h after publishing. */
  isHot: z.boolean(),
});
export type TRfpListing = z.infer<typeof ZRfpListing>;

/**
 * The hot requests on their way to the caller's listings, which the hot-lead head start holds back
 * from them (their Open leads not visible yet): how many, to how many of the listings, and when
 * the next one arrives. Counts and a time only: nothing of a request shows before it arrives.
 */
export const ZHeldBackRequests = z.object({
  requests: z.number().int().min(1),
  listings: z.number().int().min(1),
  nextVisibleFrom: ZIsoDateTime,
});
export type THeldBackRequests = z.infer<typeof ZHeldBackRequests>;

/**
 * The RFP marketplace's reply (`POST /events/search/rfps`): a page of listings, and in `_meta`
 * beside the count what the head start holds back for the caller (null: nothing, or the caller
 * sees hot requests at once). The held-back requests ignore the filter, which would otherwise let
 * a search probe what they ask for.
 */
export const ZRfpMarketplacePage = zListEnvelope(ZRfpListing).extend({
  _meta: ZListMeta.extend({ heldBack: ZHeldBackRequests.nullable() }),
});
export type TRfpMarketplacePage = z.infer<typeof ZRfpMarketplacePage>;
