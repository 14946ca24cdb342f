// Hotel stays (the hotel service's rooms, rates, blocks, availability, reservations and matches):
// what a hotel sells, the rooms it holds for an event, what a stay costs and the bookings made.
// Money is in dollars with cents; dates are `YYYY-MM-DD` UTC days; a night is the date it starts.
import { z } from "zod";
import { ZEmail, ZId, ZImageInput, ZImageRef, ZIsoDate, ZIsoDateTime } from "./common";
import { ZReservationGuarantee } from "./guarantees";

/** Longest stay one quote covers, and the farthest ahead a calendar is kept. */
export const STAY_MAX_NIGHTS = 30;
export const CALENDAR_MAX_DAYS = 730;
/** A signed quote's longest form (30 nights, each from a block, fit with room to spare). */
export const QUOTE_MAX_LENGTH = 8000;
/** Most rooms one reservation books. */
export const RESERVATION_MAX_ROOMS = 50;
/** A quote may be booked for this long after it was priced. */
export const QUOTE_LIFETIME_MINUTES = 15;
/** Pickup below (100 - attrition allowance)% within this many days of the cut-off warns. */
export const ATTRITION_WARNING_DAYS = 30;

const ZMoney = z.number().min(0).max(100_000);
const ZRoomCount = z.number().int().min(0).max(10_000);

// ---- room types ------------------------------------------------------------------------------

export const ZRoomTypeInput = z.object({
  name: z.string().trim().min(1).max(100),
  beds: z.string().trim().min(1).max(100),
  maxOccupancy: z.number().int().min(1).max(20),
  rackRate: ZMoney,
  description: z.string().trim().max(2000).nullable().optional(),
  photos: z.array(ZImageInput).max(10).optional(),
});
export type TRoomTypeInput = z.infer<typeof ZRoomTypeInput>;

export const ZRoomType = z.object({
  id: ZId,
  hotelId: ZId,
  name: z.string(),
  beds: z.string(),
  maxOccupancy: z.number().int(),
  rackRate: z.number(),
  description: z.string().nullable(),
  photos: z.array(ZImageRef),
  createdDate: ZIsoDateTime,
});
export type TRoomType = z.infer<typeof ZRoomType>;

// ---- the rate-and-inventory calendar ---------------------------------------------------------

/** `GET /hotels/{id}/calendar?from&to`: nights from `from` up to and including `to`. */
export const ZCalendarQuery = z.object({ from: ZIsoDate, to: ZIsoDate });

/** One room type on one night: rooms to sell, its rate, rooms held by blocks and rooms booked. */
export const ZCalendarCell = z.object({
  roomTypeId: ZId,
  night: ZIsoDate,
  roomsToSell: z.number().int(),
  rate: z.number().nullable(),
  /** Rooms set aside for events' blocks that have not been released. */
  held: z.number().int(),
  /** Rooms booked outside blocks (and in blocks released since). */
  booked: z.number().int(),
});
export type TCalendarCell = z.infer<typeof ZCalendarCell>;

export const ZCalendar = z.object({
  hotelId: ZId,
  from: ZIsoDate,
  to: ZIsoDate,
  roomTypes: z.array(ZRoomType),
  cells: z.array(ZCalendarCell),
});
export type TCalendar = z.infer<typeof ZCalendar>;

/**
 * Body of `PUT /hotels/{id}/calendar`: fill the nights `from`..`to` (inclusive) of these room
 * types; what is left out stays as it was. One night of one type is `from` = `to`.
 */
export const ZCalendarFill = z
  .object({
    roomTypeIds: z.array(ZId).min(1).max(50),
    from: ZIsoDate,
    to: ZIsoDate,
    roomsToSell: ZRoomCount.optional(),
    rate: ZMoney.optional(),
    /** Only these weekdays (0 Sunday … 6 Saturday); all when absent. */
    weekdays: z.array(z.number().int().min(0).max(6)).max(7).optional(),
  })
  .refine((v) => v.roomsToSell !== undefined || v.rate !== undefined, {
    message: "Give rooms to sell, a rate or both",
  })
  .refine((v) => v.from <= v.to, { message: "from must not be after to", path: ["to"] });
export type TCalendarFill = z.infer<typeof ZCalendarFill>;

// ---- blocks ------------------------------------------------------------------------------------

export const BLOCK_STATUSES = ["Proposed", "Accepted", "Declined", "Released"] as const;
export type TBlockStatus = (typeof BLOCK_STATUSES)[number];
/** Who proposed the terms on the table: the hotel's managers or the event's organizers. */
export const BLOCK_SIDES = ["hotel", "organizer"] as const;
export type TBlockSide = (typeof BLOCK_SIDES)[number];

export const ZBlockNightInput = z.object({
  roomTypeId: ZId,
  night: ZIsoDate,
  rooms: z.number().int().min(1).max(10_000),
  rate: ZMoney,
});
export type TBlockNightInput = z.infer<typeof ZBlockNightInput>;

const blockTerms = {
  cutoffDate: ZIsoDate,
  minNights: z.number().int().min(1).max(STAY_MAX_NIGHTS).default(1),
  /** Share of held room nights the organizer may leave unsold without penalty. */
  attritionPercent: z.number().int().min(0).max(100).default(20),
  /** One free room night per this many paid; null for none. */
  compPerPaid: z.number().int().min(1).max(1000).nullable().default(null),
  note: z.string().trim().max(2000).nullable().optional(),
  /**
   * Whether a card must guarantee each booking in the block: true or false over the hotel's stay
   * setting, null (the default) for the hotel's setting. Asked only while payments are on.
   */
  requireCardGuarantee: z.boolean().nullable().default(null),
};

/**
 * Body of `POST /hotels/blocks`: the event and hotel, and either the nights one by one or, in one
 * step, the same rooms and rate on every night of the event's stay window for one room type.
 * `leadId` (an awarded lead of the event) records the request for proposals it came from.
 */
export const ZBlockCreate = z
  .object({
    eventId: ZId.optional(),
    hotelId: ZId,
    leadId: ZId.optional(),
    nights: z.array(ZBlockNightInput).max(500).optional(),
    perNight: z
      .object({ roomTypeId: ZId, rooms: z.number().int().min(1).max(10_000), rate: ZMoney })
      .optional(),
    ...blockTerms,
  })
  .refine((v) => v.eventId !== undefined || v.leadId !== undefined, {
    message: "Give the event, or the lead it came from",
    path: ["eventId"],
  })
  .refine((v) => (v.nights?.length ?? 0) > 0 || v.perNight !== undefined, {
    message: "Give the nights, or rooms and a rate per night",
    path: ["nights"],
  });
export type TBlockCreate = z.input<typeof ZBlockCreate>;

/**
 * Body of `PATCH /hotels/blocks/{id}`: new terms (a term left out stays as it is; no defaults). On
 * a proposed or declined block it goes back to Proposed by my side; on an accepted block it is an
 * amendment the other side answers (ZBlockAmendment).
 */
export const ZBlockChange = z.object({
  nights: z.array(ZBlockNightInput).min(1).max(500).optional(),
  cutoffDate: ZIsoDate.optional(),
  minNights: z.number().int().min(1).max(STAY_MAX_NIGHTS).optional(),
  attritionPercent: z.number().int().min(0).max(100).optional(),
  compPerPaid: z.number().int().min(1).max(1000).nullable().optional(),
  note: blockTerms.note,
  requireCardGuarantee: z.boolean().nullable().optional(),
});
export type TBlockChange = z.infer<typeof ZBlockChange>;

export const ZBlockNight = z.object({
  roomTypeId: ZId,
  roomTypeName: z.string(),
  night: ZIsoDate,
  held: z.number().int(),
  rate: z.number(),
  booked: z.number().int(),
});
export type TBlockNight = z.infer<typeof ZBlockNight>;

/**
 * The steps of a block's history: its proposal and answers, the release at the cut-off, the final
 * statement (`confirmed` by the hotel, `disputed` by the organizer), and an accepted block's
 * amendments and early releases.
 */
export const BLOCK_CHANGE_ACTIONS = [
  "proposed",
  "changed",
  "accepted",
  "declined",
  "released",
  "confirmed",
  "disputed",
  "amendment proposed",
  "amendment accepted",
  "amendment declined",
  "amendment withdrawn",
  "rooms released",
] as const;

export const ZBlockChangeEntry = z.object({
  date: ZIsoDateTime,
  side: z.enum(BLOCK_SIDES),
  by: z.object({ id: ZId, name: z.string() }).nullable(),
  action: z.enum(BLOCK_CHANGE_ACTIONS),
  summary: z.string(),
});
export type TBlockChangeEntry = z.infer<typeof ZBlockChangeEntry>;

/**
 * New nights and/or terms one side put on an accepted block (`PATCH /hotels/blocks/{id}` on an
 * Accepted block): the block keeps its nights until the other side accepts the amendment (`PUT
 * …/amendment/accept`) or declines it (`…/amendment/decline`, the proposer's withdrawal too). A
 * field left out stays as it is; `nights`, when given, is every night the block would hold.
 */
export const ZBlockAmendment = z.object({
  nights: z
    .array(
      z.object({
        roomTypeId: ZId,
        roomTypeName: z.string(),
        night: ZIsoDate,
        rooms: z.number().int(),
        rate: z.number(),
      }),
    )
    .optional(),
  cutoffDate: ZIsoDate.optional(),
  minNights: z.number().int().optional(),
  attritionPercent: z.number().int().optional(),
  compPerPaid: z.number().int().nullable().optional(),
  note: z.string().nullable().optional(),
  requireCardGuarantee: z.boolean().nullable().optional(),
  /** Who proposed it: the other side answers it. */
  side: z.enum(BLOCK_SIDES),
  by: z.object({ id: ZId, name: z.string() }).nullable(),
  date: ZIsoDateTime,
});
export type TBlockAmendment = z.infer<typeof ZBlockAmendment>;

/**
 * Body of `PUT /hotels/blocks/{id}/release`: unbooked rooms the event's organizers give back to
 * the hotel before the cut-off, per room type and night (at most held − booked on each).
 */
export const ZBlockRelease = z.object({
  nights: z
    .array(
      z.object({ roomTypeId: ZId, night: ZIsoDate, rooms: z.number().int().min(1).max(10_000) }),
    )
    .min(1)
    .max(500),
});
export type TBlockRelease = z.infer<typeof ZBlockRelease>;

export const ZBlock = z.object({
  id: ZId,
  event: z.object({ id: ZId, name: z.string(), startDate: ZIsoDate, endDate: ZIsoDate }),
  hotel: z.object({ id: ZId, name: z.string(), logo: ZImageRef.nullable() }),
  status: z.enum(BLOCK_STATUSES),
  proposedBy: z.enum(BLOCK_SIDES),
  cutoffDate: ZIsoDate,
  minNights: z.number().int(),
  attritionPercent: z.number().int(),
  compPerPaid: z.number().int().nullable(),
  note: z.string().nullable(),
  /** A card guarantee for its bookings: true or false over the hotel's setting, null for the hotel's. */
  requireCardGuarantee: z.boolean().nullable(),
  requirementId: ZId.nullable(),
  leadId: ZId.nullable(),
  nights: z.array(ZBlockNight),
  /** Room nights held and booked over the whole block. */
  held: z.number().int(),
  booked: z.number().int(),
  history: z.array(ZBlockChangeEntry),
  /** New terms one side put on the accepted block, waiting for the other side's answer. */
  amendment: ZBlockAmendment.nullable(),
  createdDate: ZIsoDateTime,
  updatedDate: ZIsoDateTime,
});
export type TBlock = z.infer<typeof ZBlock>;

/** `GET /hotels/blocks`: an event's blocks (its organizers) or a hotel's (its managers). */
export const ZBlockListQuery = z
  .object({
    eventId: ZId.optional(),
    hotelId: ZId.optional(),
    status: z.enum(BLOCK_STATUSES).optional(),
  })
  .refine((v) => v.eventId !== undefined || v.hotelId !== undefined, {
    message: "Give eventId or hotelId",
    path: ["eventId"],
  });

/** `GET /hotels/blocks/{id}/pickup`: held against booked, night by night. */
export const ZPickup = z.object({
  blockId: ZId,
  cutoffDate: ZIsoDate,
  attritionPercent: z.number().int(),
  nights: z.array(z.object({ night: ZIsoDate, held: z.number().int(), booked: z.number().int() })),
  held: z.number().int(),
  booked: z.number().int(),
  /** booked / held, 0-100 (0 when nothing is held). */
  pickupPercent: z.number(),
  /** Set when pickup is below (100 - allowance)% within ATTRITION_WARNING_DAYS of the cut-off. */
  attritionWarning: z.string().nullable(),
  /** Complimentary room nights earned so far under the comp policy. */
  compNights: z.number().int(),
});
export type TPickup = z.infer<typeof ZPickup>;

/**
 * `GET /hotels/{id}/blocks/forward`: one of the hotel's open blocks (Proposed, or Accepted and not
 * yet released) as the cut-off approaches: held against booked per night, what goes back to the
 * hotel at the cut-off (held − booked), and the forecast from the pickup pace (rules/block-forecast).
 */
export const ZForwardBlock = z.object({
  blockId: ZId,
  event: z.object({ id: ZId, name: z.string(), startDate: ZIsoDate, endDate: ZIsoDate }),
  status: z.enum(["Proposed", "Accepted"]),
  cutoffDate: ZIsoDate,
  /** Calendar days from today to the cut-off day; 0 on it (and until the release runs). */
  daysToCutoff: z.number().int().min(0),
  nights: z.array(
    z.object({
      night: ZIsoDate,
      held: z.number().int(),
      booked: z.number().int(),
      /** held − booked: released at the cut-off unless booked before. */
      toRelease: z.number().int(),
    }),
  ),
  held: z.number().int(),
  booked: z.number().int(),
  toRelease: z.number().int(),
  pickupPercent: z.number(),
  /** Accepted blocks only (nothing can be booked in a proposal). */
  pace: z
    .object({
      /** The window: the last PICKUP_PACE_DAYS days, not before the block was accepted. */
      fromDate: ZIsoDate,
      days: z.number().int().min(1),
      /** Room nights booked in the block during the window. */
      roomNights: z.number().int(),
      perDay: z.number(),
    })
    .nullable(),
  /** Room nights expected booked at the cut-off at that pace (at most held); null for a proposal. */
  forecast: z.number().int().nullable(),
  /** Room nights expected to go back to the hotel at the cut-off: held − forecast. */
  forecastRelease: z.number().int().nullable(),
});
export type TForwardBlock = z.infer<typeof ZForwardBlock>;

// ---- availability and quotes -----------------------------------------------------------------

/**
 * Body of `POST /hotels/{id}/availability`. Without dates, the stay window comes from the event
 * (spec §5); without either, 400.
 */
export const ZAvailabilityRequest = z
  .object({
    checkIn: ZIsoDate.optional(),
    checkOut: ZIsoDate.optional(),
    rooms: z.number().int().min(1).max(RESERVATION_MAX_ROOMS).default(1),
    guests: z
      .number()
      .int()
      .min(1)
      .max(RESERVATION_MAX_ROOMS * 20)
      .default(1),
    eventId: ZId.optional(),
  })
  .refine((v) => (v.checkIn === undefined) === (v.checkOut === undefined), {
    message: "Give both check-in and check-out, or neither",
    path: ["checkOut"],
  })
  .refine((v) => v.eventId !== undefined || v.checkIn !== undefined, {
    message: "Give the dates, or the event whose dates to use",
    path: ["checkIn"],
  });
export type TStayAvailabilityRequest = z.input<typeof ZAvailabilityRequest>;

/** Where a night's rate comes from. */
export const RATE_SOURCES = ["block", "live", "calendar"] as const;
export type TRateSource = (typeof RATE_SOURCES)[number];

export const ZQuoteNight = z.object({
  night: ZIsoDate,
  rate: z.number(),
  source: z.enum(RATE_SOURCES),
  /** Rooms of this type left at this rate that night (the block's or the hotel's). */
  roomsLeft: z.number().int(),
});
export type TQuoteNight = z.infer<typeof ZQuoteNight>;

export const ZRoomOffer = z.object({
  roomType: ZRoomType,
  nights: z.array(ZQuoteNight),
  /** For all rooms over all nights. */
  total: z.number(),
  /** The fewest rooms left on any night. */
  roomsLeft: z.number().int(),
  /** Enough rooms every night, and enough beds for the guests. */
  available: z.boolean(),
  /** Why not, when not available. */
  reason: z.string().nullable(),
  /** The signed quote to verify or book; null when not available. */
  quote: z.string().nullable(),
});
export type TRoomOffer = z.infer<typeof ZRoomOffer>;

export const ZAvailability = z.object({
  hotelId: ZId,
  eventId: ZId.nullable(),
  checkIn: ZIsoDate,
  checkOut: ZIsoDate,
  rooms: z.number().int(),
  guests: z.number().int(),
  /** Live rates were used for nights outside a block (spec §4). */
  liveRates: z.boolean(),
  offers: z.array(ZRoomOffer),
  expiresDate: ZIsoDateTime,
});
export type TStayAvailability = z.infer<typeof ZAvailability>;

/** Body of `POST /hotels/{id}/availability/verify`. */
export const ZQuoteVerifyRequest = z.object({ quote: z.string().min(1).max(QUOTE_MAX_LENGTH) });

/** The quote re-priced: unchanged (the same quote, still valid) or the new figures. */
export const ZQuoteVerification = z.object({
  status: z.enum(["valid", "changed", "unavailable", "expired"]),
  /** What the quote said. */
  previousTotal: z.number(),
  /** The offer now, with a fresh quote when it can be booked. */
  offer: ZRoomOffer,
  checkIn: ZIsoDate,
  checkOut: ZIsoDate,
  rooms: z.number().int(),
  eventId: ZId.nullable(),
});
export type TQuoteVerification = z.infer<typeof ZQuoteVerification>;

// ---- reservations ------------------------------------------------------------------------------

export const RESERVATION_STATUSES = ["Confirmed", "Cancelled"] as const;
export type TReservationStatus = (typeof RESERVATION_STATUSES)[number];

const guestFields = {
  guestName: z.string().trim().min(1).max(200),
  email: ZEmail,
  phone: z.string().trim().min(3).max(40),
  team: z.string().trim().max(200).nullable().optional(),
};

/** Body of `POST /hotels/reservations`: a quote and who stays. */
export const ZReservationCreate = z.object({
  quote: z.string().min(1).max(QUOTE_MAX_LENGTH),
  ...guestFields,
  /**
   * A team's booking link token (`/team-booking/{token}`): the reservation records that team (its
   * name replaces `team`) and must take every night from a block of the team's event.
   */
  teamLink: z.string().min(1).max(200).optional(),
});
export type TReservationCreate = z.infer<typeof ZReservationCreate>;

/** Body of `PATCH /hotels/reservations/{id}`: guest details, and/or a new quote for the stay. */
export const ZReservationChange = z.object({
  quote: z.string().min(1).max(QUOTE_MAX_LENGTH).optional(),
  guestName: guestFields.guestName.optional(),
  phone: guestFields.phone.optional(),
  team: guestFields.team,
});
export type TReservationChange = z.infer<typeof ZReservationChange>;

export const ZReservation = z.object({
  id: ZId,
  confirmationNumber: z.string(),
  status: z.enum(RESERVATION_STATUSES),
  hotel: z.object({ id: ZId, name: z.string() }),
  event: z.object({ id: ZId, name: z.string() }).nullable(),
  blockId: ZId.nullable(),
  roomType: z.object({ id: ZId, name: z.string() }),
  checkIn: ZIsoDate,
  checkOut: ZIsoDate,
  rooms: z.number().int(),
  guests: z.number().int(),
  nights: z.array(ZQuoteNight.omit({ roomsLeft: true })),
  total: z.number(),
  /** Guest details: the guest, the hotel's managers and the event's organizers see them. */
  guestName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  team: z.string().nullable(),
  /** The event's team the reservation was booked for, through its booking link. */
  teamId: ZId.nullable(),
  /** The guest may change or cancel until this day (inclusive); after it, the hotel only. */
  changeableUntil: ZIsoDate,
  /** When it was cancelled; null while confirmed. */
  cancelledDate: ZIsoDateTime.nullable(),
  /** The card guarantee the hotel or its block required at booking; null when none was asked. */
  guarantee: ZReservationGuarantee.nullable(),
  createdDate: ZIsoDateTime,
  updatedDate: ZIsoDateTime,
});
export type TReservation = z.infer<typeof ZReservation>;

/**
 * `GET /hotels/reservations`: `scope` mine (as a guest, the default), hotel (its managers; needs
 * hotelId) or event (its organizers; needs eventId); `format=csv` exports the hotel's or event's.
 */
export const ZReservationListQuery = z.object({
  scope: z.enum(["mine", "hotel", "event"]).default("mine"),
  hotelId: ZId.optional(),
  eventId: ZId.optional(),
  status: z.enum(RESERVATION_STATUSES).optional(),
  /** Stays overlapping from..to (inclusive). */
  from: ZIsoDate.optional(),
  to: ZIsoDate.optional(),
  format: z.enum(["json", "csv"]).default("json"),
});

// ---- hotels for an event, and matches ----------------------------------------------------------

/** `GET /hotels/events/{eventId}`: what the event page shows above its hotels (spec §4). */
export const ZEventStayInfo = z.object({
  eventId: ZId,
  banner: z.string(),
  /** The stay window of spec §5. */
  checkIn: ZIsoDate,
  checkOut: ZIsoDate,
  /**
   * What the event's guests may book: the stay window widened to the nights its accepted blocks
   * hold from today on (a block often holds the night before the first day, and after the last).
   */
  bookable: z.object({ checkIn: ZIsoDate, checkOut: ZIsoDate }),
  liveRates: z.boolean(),
  specials: z.boolean(),
  specialsCount: z.number().int(),
  /**
   * Where the event is (null without a point); `name` is its venue partner's (the facility, or the
   * destination that won the award), null when it has none: a place is not a venue.
   */
  venue: z.object({ name: z.string().nullable(), lat: z.number(), lng: z.number() }).nullable(),
  destination: z.object({ id: ZId, name: z.string() }).nullable(),
  /** The event's accepted blocks, as the page offers them. */
  blocks: z.array(
    z.object({ id: ZId, hotelId: ZId, cutoffDate: ZIsoDate, roomsLeft: z.number().int() }),
  ),
});
export type TEventStayInfo = z.infer<typeof ZEventStayInfo>;

/** Body of `POST /hotels/search/matches`: an event, or a place and dates. */
export const ZHotelMatchFilter = z
  .object({
    eventId: ZId.optional(),
    lat: z.number().min(-90).max(90).optional(),
    lng: z.number().min(-180).max(180).optional(),
    address: z.string().trim().min(1).max(300).optional(),
    checkIn: ZIsoDate.optional(),
    checkOut: ZIsoDate.optional(),
    /** Miles from the venue or place. */
    radius: z.number().min(1).max(200).default(25),
    rooms: z.number().int().min(1).max(RESERVATION_MAX_ROOMS).default(1),
    maxRate: ZMoney.optional(),
    /**
     * Hotels sold out on every night of the stay are not suggested (rules/stays.ts
     * soldOutEveryNight); true lists them too, each with that reason.
     */
    includeSoldOut: z.boolean().default(false),
    offset: z.number().int().min(0).default(0),
    take: z.number().int().min(1).max(100).default(20),
  })
  .refine(
    (v) =>
      v.eventId !== undefined ||
      ((v.address !== undefined || (v.lat !== undefined && v.lng !== undefined)) &&
        v.checkIn !== undefined &&
        v.checkOut !== undefined),
    { message: "Give an event, or a place with check-in and check-out", path: ["eventId"] },
  );
export type THotelMatchFilter = z.input<typeof ZHotelMatchFilter>;

export const ZHotelMatch = z.object({
  hotel: z.object({
    id: ZId,
    name: z.string(),
    logo: ZImageRef.nullable(),
    address: z.string().nullable(),
    lat: z.number().nullable(),
    lng: z.number().nullable(),
    starRating: z.number().nullable(),
    amenities: z.array(z.string()),
  }),
  distanceMiles: z.number().nullable(),
  /** The lowest nightly rate for one room over the stay (block rate where one applies). */
  lowestRate: z.number().nullable(),
  /** Per night: rooms left at the best rate. */
  nights: z.array(
    z.object({ night: ZIsoDate, roomsLeft: z.number().int(), rate: z.number().nullable() }),
  ),
  blockId: ZId.nullable(),
  /** 0-100; null for a hotel beyond HOTEL_REACH_MILES of the venue, which is no match for it. */
  score: z.number().int().min(0).max(100).nullable(),
  reasons: z.array(z.string()),
});
export type THotelMatch = z.infer<typeof ZHotelMatch>;
