// The signed-in user's home summary (`GET /user-mgmt/api/users/my/home`): what waits for them as a
// manager of listings (new leads, leads to answer, listings to complete) and as an organizer of
// events (open requests, new proposals), as a business (live deals and reach). Each part is null when
// the user has no such role.
import { z } from "zod";
import { TIERS } from "../reference/tiers";
import { ZId, ZIsoDate, ZIsoDateTime } from "./common";
import { ZProfileKind } from "./profile";
import { ZLead, ZRequirement } from "./rfp";

/** A lead is "new" for this many days after it reached the listing. */
export const HOME_NEW_LEAD_DAYS = 7;
/** Each list of the summary shows at most this many rows (with the full count beside it). */
export const HOME_LIST_SIZE = 5;
/** A business's reach (views of its page, clicks on its deals) is counted over this many days. */
export const HOME_REACH_DAYS = 30;
/** A description counts as written from this many characters. */
export const HOME_DESCRIPTION_MIN_LENGTH = 80;

/** What a complete listing has: gallery photos, spaces, amenities and a description. */
export const COMPLETENESS_ITEMS = ["photos", "spaces", "amenities", "description"] as const;
export type TCompletenessItem = (typeof COMPLETENESS_ITEMS)[number];

export const ZListingCompleteness = z.object({
  profile: z.object({ id: ZId, kind: ZProfileKind, name: z.string() }),
  /** Only the items the listing's kind has (a hotel has no spaces). */
  items: z.array(
    z.object({
      item: z.enum(COMPLETENESS_ITEMS),
      done: z.boolean(),
      /** The listing page's section where it is edited, e.g. `/facilities/{id}#images`. */
      href: z.string(),
    }),
  ),
  done: z.number().int().min(0),
  total: z.number().int().min(0),
});
export type TListingCompleteness = z.infer<typeof ZListingCompleteness>;

export const ZHomeRequest = z.object({
  event: z.object({ id: ZId, name: z.string(), startDate: ZIsoDate.nullable() }),
  request: ZRequirement,
  /** Leads that answered with a proposal (Interested, Won or Lost). */
  proposalCount: z.number().int().min(0),
});
export type THomeRequest = z.infer<typeof ZHomeRequest>;

export const ZHomeManager = z.object({
  /** Visible leads that arrived in the last HOME_NEW_LEAD_DAYS days, newest first. */
  newLeads: z.object({ count: z.number().int(), since: ZIsoDateTime, leads: z.array(ZLead) }),
  /** Open leads of events not yet over: waiting for my answer, the soonest event first. */
  waitingLeads: z.object({ count: z.number().int(), leads: z.array(ZLead) }),
  /** My listings (owner or manager) least complete first; complete ones are left out. */
  completeness: z.object({
    listingCount: z.number().int(),
    incompleteCount: z.number().int(),
    listings: z.array(ZListingCompleteness),
  }),
});
export type THomeManager = z.infer<typeof ZHomeManager>;

export const ZHomeOrganizer = z.object({
  /** Requests of events I organize not yet awarded or closed (drafts too), newest first. */
  openRequests: z.object({ count: z.number().int(), requests: z.array(ZHomeRequest) }),
  /** The newest proposals on my events' requests. */
  newestProposals: z.array(ZLead),
});
export type THomeOrganizer = z.infer<typeof ZHomeOrganizer>;

/**
 * What a member is here, from what they hold: organizer (an event or organization of theirs),
 * venue (a facility or destination: leads), hotel (blocks), business (promotions). In this order
 * when nothing waits; what waits (pressingRoles) goes first.
 */
export const HOME_ROLES = ["organizer", "venue", "hotel", "business"] as const;
export type THomeRole = (typeof HOME_ROLES)[number];
export const ZHomeRole = z.enum(HOME_ROLES);

/** The menu's pages that depend on what a member is, and on their tier. */
export const MEMBER_FEATURES = ["pipeline", "rfpMarketplace", "reports"] as const;
export type TMemberFeature = (typeof MEMBER_FEATURES)[number];

export const ZFeatureAccess = z.object({
  feature: z.enum(MEMBER_FEATURES),
  /** The member's tier does not open it (yet): the page explains and offers the upgrade. */
  locked: z.boolean(),
  /** The lowest tier that opens it, when locked. */
  needs: z.enum(TIERS).nullable(),
});
export type TFeatureAccess = z.infer<typeof ZFeatureAccess>;

/** `GET /users/my/roles`: what I am and the pages of the menu I can use (the locked ones marked). */
export const ZMemberRoles = z.object({
  roles: z.array(ZHomeRole),
  /** Only the features my roles use; a feature absent is not for me. */
  features: z.array(ZFeatureAccess),
});
export type TMemberRoles = z.infer<typeof ZMemberRoles>;

/** A hotel block as home shows it: rooms held and booked over its nights (pickup). */
export const ZHomeBlock = z.object({
  id: ZId,
  hotel: z.object({ id: ZId, name: z.string() }),
  event: z.object({ id: ZId, name: z.string() }).nullable(),
  cutoffDate: ZIsoDate.nullable(),
  held: z.number().int().min(0),
  booked: z.number().int().min(0),
  /** Booked of held, in percent to one decimal (pickupPercent). */
  pickupPercent: z.number().min(0),
});
export type THomeBlock = z.infer<typeof ZHomeBlock>;

export const ZHomeBlocks = z.object({
  count: z.number().int().min(0),
  /** Accepted blocks, the nearest cut-off first. */
  blocks: z.array(ZHomeBlock),
});
export type THomeBlocks = z.infer<typeof ZHomeBlocks>;

/** A business I belong to as home shows it: its live deals and its reach. */
export const ZHomeBusiness = z.object({
  id: ZId,
  name: z.string(),
  /** Its promotions good today (from their valid-from to their valid-to date). */
  liveDeals: z.number().int().min(0),
  /** The live promotion whose validity ends first; null when none is live. */
  nextEnding: z.object({ id: ZId, title: z.string(), validTo: ZIsoDate }).nullable(),
  /** Whether I own or manage it: only they edit its deals and read its reach (its reports' rule). */
  manages: z.boolean(),
  /** Unique views of its page over the last HOME_REACH_DAYS days, today included; null unless I manage it. */
  views: z.number().int().min(0).nullable(),
  /** Unique clicks on its promotions (redemption link or code) over the same days; null unless I manage it. */
  dealClicks: z.number().int().min(0).nullable(),
});
export type THomeBusiness = z.infer<typeof ZHomeBusiness>;

export const ZHomeSummary = z.object({
  /** My roles, the most pressing first (what waits for me), then HOME_ROLES' order. */
  roles: z.array(ZHomeRole),
  /** The listings I belong to (owner, manager or member), any status: where each role's page is. */
  listings: z.array(z.object({ id: ZId, kind: ZProfileKind, name: z.string() })),
  /** Null when I own or manage no listing (events aside). */
  manager: ZHomeManager.nullable(),
  /** Null when I organize no event. */
  organizer: ZHomeOrganizer.nullable(),
  /** My events' hotel blocks and their pickup; empty without any. */
  eventBlocks: ZHomeBlocks,
  /** Null when I belong to no hotel; else my hotels' blocks and their pickup. */
  hotel: ZHomeBlocks.nullable(),
  /** Null when I belong to no business; else each of my businesses (by name), deals and reach. */
  businesses: z.array(ZHomeBusiness).nullable(),
});
export type THomeSummary = z.infer<typeof ZHomeSummary>;
