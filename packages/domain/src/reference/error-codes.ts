// Every code an API error carries, and the JSON Patch failure names among them. Plain lists (no
// zod), so the web's API client reads them in its first page load.

/** Error names of JSON Patch failures (spec §8), returned as `error.code`. */
export const PATCH_ERROR_NAMES = [
  "TEST_OPERATION_FAILED",
  "OPERATION_OP_INVALID",
  "OPERATION_PATH_INVALID",
  "OPERATION_PATH_UNRESOLVABLE",
  "OPERATION_VALUE_REQUIRED",
  "OPERATION_FROM_REQUIRED",
  "SEQUENCE_NOT_AN_ARRAY",
] as const;
export type TPatchErrorName = (typeof PATCH_ERROR_NAMES)[number];

/**
 * Further names fast-json-patch gives to cases spec §5 also rejects (an out-of-range array
 * index is OPERATION_VALUE_OUT_OF_BOUNDS); rules/patch.ts maps each onto the nearest of the
 * spec's seven, so clients only ever see those.
 */
export const PATCH_EXTRA_ERROR_NAMES = [
  "OPERATION_VALUE_OUT_OF_BOUNDS",
  "OPERATION_PATH_ILLEGAL_ARRAY_INDEX",
  "OPERATION_PATH_CANNOT_ADD",
  "OPERATION_FROM_UNRESOLVABLE",
  "OPERATION_NOT_AN_OBJECT",
  "OPERATION_VALUE_CANNOT_CONTAIN_UNDEFINED",
] as const;
export type TAnyPatchErrorName = TPatchErrorName | (typeof PATCH_EXTRA_ERROR_NAMES)[number];

/**
 * Every code an API error carries, and the only ones: the server's AppError takes a member of this
 * list, and the web switches on the same names. Grouped by where they arise.
 */
export const ERROR_CODE_LIST = [
  // The platform: versions, validation, addressing, sign-in, limits and our own failures.
  "API_VERSION_UNSUPPORTED",
  /** The request breaks its schema or a rule of the data; `details` is TValidationDetails when given. */
  "VALIDATION_FAILED",
  "INVALID_JSON",
  /** The resource the URL addresses does not exist (or is not shown to the caller). */
  "NOT_FOUND",
  "ROUTE_NOT_FOUND",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "CONFLICT",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "RATE_LIMITED",
  "MAINTENANCE",
  "INTERNAL_ERROR",
  "SERVICE_UNAVAILABLE",
  /** The database did not answer (a blip, a cut, a restart): 503 with Retry-After; nothing was changed. */
  "DATABASE_UNAVAILABLE",
  // JSON Patch (spec §8).
  ...PATCH_ERROR_NAMES,
  /** A field the caller may not change, or not in that way. */
  "FIELD_NOT_EDITABLE",
  // Files.
  "FILE_MISSING",
  "FILE_TOO_LARGE",
  "IMAGE_TOO_LARGE",
  "UNSUPPORTED_FILE_TYPE",
  "UNSAFE_FILE_NAME",
  "UNREADABLE_IMAGE",
  "UPLOAD_ARCHIVE_TOO_LARGE",
  "UPLOAD_ARCHIVE_INVALID",
  "TOO_MANY_FILES",
  "TOO_MANY_IMAGES",
  /** The file storage has no room left (507); nothing of the upload was kept. */
  "STORAGE_FULL",
  /** The file storage cannot be written to: read-only or not permitted (503); nothing was kept. */
  "STORAGE_READ_ONLY",
  /** /media makes only the sizes the web shows (MEDIA_VARIANTS), at the default quality. */
  "MEDIA_VARIANT_NOT_OFFERED",
  // People, groups and members.
  "USER_NOT_FOUND",
  "ALREADY_MEMBER",
  "NOT_A_MEMBER",
  "TOO_MANY_MEMBERS",
  "LAST_OWNER",
  "LAST_GROUP_ADMIN",
  "CANNOT_BLOCK_SELF",
  "CANNOT_CHANGE_OWN_ADMIN",
  "SELF_MESSAGE",
  "SELF_INVITATION",
  "TOO_MANY_INVITATIONS",
  // Listings.
  /** A listing named in the body (not the URL) does not exist, is not listed, or is of another kind. */
  "PROFILE_NOT_FOUND",
  "STATUS_NOT_EDITABLE",
  "ALREADY_EXISTS",
  "ALREADY_REVIEWED",
  /** A facility's own managers may not review it. */
  "OWN_LISTING_REVIEW",
  /** No landing page exists for that state (spec §9 lists the states that have one). */
  "STATE_NOT_FOUND",
  /** The listing is still pending an admin's approval, and this needs an approved one (boosts). */
  "PROFILE_NOT_APPROVED",
  /** A search's `near` names no place we know. */
  "PLACE_NOT_FOUND",
  /** An address to geocode names no place we know. */
  "UNKNOWN_PLACE",
  // Requests for proposals and leads.
  "RFP_MARKETPLACE_LOCKED",
  "REQUIREMENT_NOT_DRAFT",
  "REQUIREMENT_IN_USE",
  /** A venue calendar's range longer than AVAILABILITY_MAX_RANGE_DAYS. */
  "AVAILABILITY_TOO_LONG",
  /** A range past AVAILABILITY_MAX_DAYS_AHEAD, or a read window wider than its limit. */
  "AVAILABILITY_TOO_FAR",
  /** A range sharing a day with another about the same spaces (409). */
  "AVAILABILITY_OVERLAP",
  /** More ranges than AVAILABILITY_MAX_RANGES. */
  "AVAILABILITY_TOO_MANY",
  /** A range about a space type the facility does not have. */
  "SPACE_TYPE_UNKNOWN",
  /** A range about more of a space type's spaces than the facility has of it. */
  "AVAILABILITY_SPACES_TOO_MANY",
  /**
   * A calendar feed's address that may not be read: not https (plain http only where the server
   * allows it), or a host on this server's own network.
   */
  "CALENDAR_FEED_URL_NOT_ALLOWED",
  /** "Import now" for a calendar that has no feed address. */
  "CALENDAR_FEED_NOT_SET",
  /** The feed could not be read: unreachable, an HTTP error, too slow or too large (502). */
  "CALENDAR_FEED_UNREACHABLE",
  /** The feed or uploaded file is not an iCalendar (.ics) calendar. */
  "CALENDAR_FEED_INVALID",
  /** A request's decision date before today. */
  "DECISION_DATE_PAST",
  /**
   * A request's date options that cannot be met: a set or window in the past, a set longer than
   * REQUEST_MAX_SET_DAYS, a window wider than REQUEST_MAX_WINDOW_DAYS or holding no date set.
   */
  "REQUEST_DATES_INVALID",
  "REQUIREMENT_CLOSED",
  "ALREADY_PUBLISHED",
  "EVENT_CLOSED",
  "DATES_OUTSIDE_EVENT",
  "LEAD_NOT_OPEN",
  "LEAD_ALREADY_AWARDED",
  "LEAD_TRANSITION_REFUSED",
  "PROPOSAL_REQUIRED",
  /** A proposal that names none of the event's dates it can host. */
  "PROPOSAL_DATES_REQUIRED",
  /** A proposal's attachment that was not uploaded to its lead (or is gone); `details` names it. */
  "ATTACHMENT_UNKNOWN",
  /** A proposal's expiry date, or its deposit's due date, has passed already. */
  "PROPOSAL_EXPIRY_PAST",
  "DEPOSIT_DUE_PAST",
  /** A proposal's deposit stops being refundable on a date that has passed already (400). */
  "DEPOSIT_REFUNDABLE_PAST",
  /** A proposal's lines come to more than PROPOSAL_MAX_TOTAL. */
  "PROPOSAL_TOTAL_TOO_HIGH",
  /** An award of a proposal past its expiry date (409). */
  "PROPOSAL_EXPIRED",
  /** An award of a proposal version the venue has replaced since (409). */
  "PROPOSAL_SUPERSEDED",
  /** A revision asked of a lead that has no proposal in the running (409). */
  "REVISION_NOT_OPEN",
  "REASON_REQUIRED",
  /** Only an organization's people may put an event under it. */
  "ORGANIZATION_MEMBERSHIP_REQUIRED",
  // Hotel stays: rooms, blocks, quotes and reservations.
  /** Fewer rooms are left on a night than asked for; `details` names the nights. */
  "ROOMS_UNAVAILABLE",
  /** A quote that was not signed by us, or was altered. */
  "QUOTE_INVALID",
  /** A quote older than QUOTE_LIFETIME_MINUTES. */
  "QUOTE_EXPIRED",
  /** The stay's price or rooms changed since the quote; `details` holds the new offer. */
  "QUOTE_CHANGED",
  /** The block is not in a state that allows this (accepted, declined or released). */
  "BLOCK_NOT_OPEN",
  /** New block nights would hold fewer rooms on a night (or drop it) than are booked on it. */
  "BLOCK_NIGHT_BELOW_BOOKED",
  /** The cut-off has passed: only the hotel may change or cancel now. */
  "PAST_CUTOFF",
  /** The calendar has fewer rooms to sell than are held and booked on a night. */
  "INVENTORY_BELOW_COMMITTED",
  /** Only a block the hotel held (accepted or released) has a final statement. */
  "BLOCK_NOT_HELD",
  /** The hotel confirms what stayed only once the block's last night has ended. */
  "STATEMENT_TOO_EARLY",
  /** Only a statement the hotel confirmed can be disputed. */
  "STATEMENT_NOT_CONFIRMED",
  /** An accepted block has no amendment on the table to accept or decline. */
  "NO_AMENDMENT",
  /** An amendment's cut-off has passed since it was proposed: propose it again. */
  "AMENDMENT_CUTOFF_PAST",
  /** Rooms are given back early only until the block's cut-off day ends. */
  "BLOCK_RELEASE_AFTER_CUTOFF",
  // Teams of an event and their stays (contracts/teams.ts).
  /** Another team of the event has this name (compared without case). */
  "TEAM_NAME_TAKEN",
  /** The event would have more than TEAMS_MAX teams (409 when typed in). */
  "TEAMS_TOO_MANY",
  /** A teams CSV the server cannot take: `details` names the line (1 is the header) and column. */
  "TEAMS_CSV_INVALID",
  /** A teams CSV with more rows than the event may have teams (400, nothing imported). */
  "TEAMS_CSV_TOO_MANY",
  /** A team booking link that we did not sign, or whose team is gone (404). */
  "TEAM_LINK_NOT_FOUND",
  /** A team booking link the organizers replaced with a new one (410). */
  "TEAM_LINK_REVOKED",
  /** A booking through a team link must take every night from a block of the team's event. */
  "TEAM_LINK_BLOCK_ONLY",
  // Shortlists.
  /** A person keeps at most SHORTLISTS_PER_USER shortlists. */
  "TOO_MANY_SHORTLISTS",
  /** A shortlist holds at most SHORTLIST_MAX_ITEMS listings. */
  "SHORTLIST_FULL",
  // Stories.
  /** A manager's story must be about one of their own destinations, facilities or organizations. */
  "STORY_LISTING_REQUIRED",
  /** Only a draft story can be sent for approval. */
  "STORY_NOT_DRAFT",
  /** The story has no changes waiting for approval (409). */
  "STORY_NO_REVISION",
  /** The story's changes were replaced since the admin read them (409): read them again. */
  "STORY_REVISION_CHANGED",
  // Reports.
  /** A report range that ends before it starts, or is longer than REPORT_MAX_DAYS. */
  "REPORT_RANGE_INVALID",
  /** Organization reports need an active membership (spec §4 showOrganizationStats). */
  "ORGANIZATION_STATS_LOCKED",
  // Destination CRM.
  /** The CRM answered with an error or not at all (502, with its message, secrets taken out). */
  "CRM_REMOTE_FAILED",
  /** The connection is not set up (or switched off): run its setup first. */
  "CRM_NOT_READY",
  /** A webhook's address must be https (plain http only where the server allows it). */
  "CRM_URL_NOT_ALLOWED",
  // Web Push.
  /**
   * A device's push endpoint that is not one of the push services' hosts (FCM, Mozilla, Apple,
   * Windows, or PUSH_HOSTS), not https, or not on the public internet (400).
   */
  "PUSH_ENDPOINT_NOT_ALLOWED",
  /** The member has as many devices as one may (10) subscribed already: remove one first (409). */
  "PUSH_DEVICE_LIMIT",
  // Payments.
  /** Payments are off (no provider settings): nothing is sold, tiers are set by admins (409). */
  "PAYMENTS_NOT_CONFIGURED",
  /** The payment provider is down or slow (503 with Retry-After); nothing was bought. */
  "PAYMENTS_UNAVAILABLE",
  /** The payment provider refused the call (502, with its words). */
  "PAYMENTS_PROVIDER_REFUSED",
  /** A webhook whose signature is wrong, missing or too old (400); nothing is stored. */
  "WEBHOOK_SIGNATURE_INVALID",
  /** The tier has no price for that interval yet (409). */
  "TIER_PRICE_NOT_SET",
  /** The listing has a subscription already: change or cancel it instead (409). */
  "SUBSCRIPTION_EXISTS",
  /** The listing has no subscription to change or cancel (409). */
  "NO_SUBSCRIPTION",
  /** Only a failed or flagged webhook is replayed (409). */
  "WEBHOOK_NOT_REPLAYABLE",
  // Boosts beyond the days a tier includes.
  /** The boost needs more days than the month has left of the tier's (409; `details`: TBoostQuotaDetails). */
  "BOOST_QUOTA_EXCEEDED",
  /** Boost days are not on sale: the admin has set no price for a boost day (409). */
  "BOOST_PRICE_NOT_SET",
  /** The boost fits in the days the tier includes: book it, there is nothing to buy (409). */
  "BOOST_WITHIN_QUOTA",
  /** A bought boost (paid or awaiting payment) or an admin's keeps its dates for the listing's people (409). */
  "BOOST_LOCKED",
  // Deposits of awarded proposals.
  /** The lead's proposal asks no deposit (or one of nothing) (409). */
  "DEPOSIT_NONE",
  /** A deposit is paid (or refunded) only on the awarded lead (Won) (409). */
  "LEAD_NOT_WON",
  /** The deposit is paid already: it is not paid twice (409). */
  "DEPOSIT_ALREADY_PAID",
  /** A refund of a deposit not paid (yet) (409). */
  "DEPOSIT_NOT_PAID",
  /** The deposit is refunded in full already: nothing is left to refund (409). */
  "DEPOSIT_ALREADY_REFUNDED",
  /** The proposal's terms give no refund now (past `refundableUntil`, or none); `details` has the date (409). */
  "DEPOSIT_NOT_REFUNDABLE",
  /** A venue's refund above what is left of the paid deposit (400); `details` has what is left. */
  "DEPOSIT_REFUND_TOO_HIGH",
  // Card guarantees of hotel reservations.
  /** The reservation asks no card guarantee (its hotel or block did not require one, or payments were off) (409). */
  "GUARANTEE_NOT_REQUIRED",
  /** A card guarantees the reservation already: it is not saved twice (409). */
  "GUARANTEE_ALREADY_SECURED",
  /** No card is saved for the reservation's guarantee (yet), so there is nothing to charge (409). */
  "GUARANTEE_NOT_SECURED",
  /** The charge's reason does not apply now: a no-show before check-in, a cancellation within the free window (409). */
  "GUARANTEE_CHARGE_NOT_DUE",
  /** A charge above the first night's rate × rooms (400); `details` has the limit. */
  "GUARANTEE_CHARGE_OVER_LIMIT",
  /** The guarantee was charged already: nothing is charged twice (409). */
  "GUARANTEE_ALREADY_CHARGED",
  /** The provider declined the saved card (402, with its words); a later attempt may succeed. */
  "PAYMENT_CARD_DECLINED",
] as const;
export type TErrorCode = (typeof ERROR_CODE_LIST)[number];
export const isErrorCode = (value: unknown): value is TErrorCode =>
  typeof value === "string" && (ERROR_CODE_LIST as readonly string[]).includes(value);

/** Names for the platform's codes, for code that says what it means rather than the string. */
export const ERROR_CODES = {
  apiVersionUnsupported: "API_VERSION_UNSUPPORTED",
  validationFailed: "VALIDATION_FAILED",
  invalidJson: "INVALID_JSON",
  notFound: "NOT_FOUND",
  routeNotFound: "ROUTE_NOT_FOUND",
  unauthorized: "UNAUTHORIZED",
  forbidden: "FORBIDDEN",
  conflict: "CONFLICT",
  payloadTooLarge: "PAYLOAD_TOO_LARGE",
  unsupportedMediaType: "UNSUPPORTED_MEDIA_TYPE",
  rateLimited: "RATE_LIMITED",
  maintenance: "MAINTENANCE",
  internal: "INTERNAL_ERROR",
  unavailable: "SERVICE_UNAVAILABLE",
  databaseUnavailable: "DATABASE_UNAVAILABLE",
  mediaVariantNotOffered: "MEDIA_VARIANT_NOT_OFFERED",
} as const satisfies Record<string, TErrorCode>;
