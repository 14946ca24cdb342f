// Test-only stays in the contract shapes (each checked against its schema as it is built): an
// event's stay information, hotel matches, room types and offers, quote checks and reservations,
// and the world the stays handlers answer from.
import {
  type TEventStayInfo,
  type THotelMatch,
  type TQuoteVerification,
  type TReservation,
  type TRoomOffer,
  type TRoomType,
  ZEventStayInfo,
  ZHotelMatch,
  ZQuoteVerification,
  ZReservation,
  ZRoomOffer,
  ZRoomType,
} from "@hostfield/domain/contracts";

/** A valid (version 4) uuid made from a number, so tests can name their records. */
export const stayUuid = (n: number) => `00000000-0000-4000-9000-${String(n).padStart(12, "0")}`;

export const STAY_EVENT_ID = stayUuid(1);
export const INN_ID = stayUuid(11);
export const LODGE_ID = stayUuid(12);
export const BLOCK_ID = stayUuid(21);
export const KING_ID = stayUuid(31);
export const SUITE_ID = stayUuid(32);
export const T0 = "2025-03-01T09:00:00.000Z";

export function buildStayInfo(overrides: Partial<TEventStayInfo> = {}): TEventStayInfo {
  const checkIn = overrides.checkIn ?? "2025-06-06";
  const checkOut = overrides.checkOut ?? "2025-06-08";
  return ZEventStayInfo.parse({
    eventId: STAY_EVENT_ID,
    banner: "Score Big with Great Hotel Deals!",
    checkIn,
    checkOut,
    // No block night outside the stay unless a test gives one.
    bookable: { checkIn, checkOut },
    liveRates: false,
    specials: false,
    specialsCount: 0,
    venue: { name: "Riverside Fieldhouse", lat: 39.77, lng: -86.16 },
    destination: null,
    blocks: [],
    ...overrides,
  });
}

export function buildMatch(
  overrides: Partial<Omit<THotelMatch, "hotel">> & { hotel?: Partial<THotelMatch["hotel"]> } = {},
): THotelMatch {
  const { hotel, ...rest } = overrides;
  return ZHotelMatch.parse({
    hotel: {
      id: INN_ID,
      name: "Riverside Inn",
      logo: null,
      address: "1 River Rd, Indianapolis, IN",
      lat: 39.78,
      lng: -86.15,
      starRating: 3,
      amenities: ["Pool"],
      ...hotel,
    },
    distanceMiles: 0.9,
    lowestRate: 119,
    nights: [
      { night: "2025-06-06", roomsLeft: 5, rate: 119 },
      { night: "2025-06-07", roomsLeft: 3, rate: 119 },
    ],
    blockId: null,
    score: 80,
    reasons: ["0.9 mi from the venue"],
    ...rest,
  });
}

export function buildRoomType(overrides: Partial<TRoomType> = {}): TRoomType {
  return ZRoomType.parse({
    id: KING_ID,
    hotelId: INN_ID,
    name: "King room",
    beds: "1 king bed",
    maxOccupancy: 2,
    rackRate: 149,
    description: null,
    photos: [],
    createdDate: T0,
    ...overrides,
  });
}

/** An offer for `rooms` rooms over the nights given (Jun 6 and 7 at $119 unless told). */
export function buildOffer(overrides: Partial<TRoomOffer> & { rooms?: number } = {}): TRoomOffer {
  const { rooms = 1, ...rest } = overrides;
  const nights = rest.nights ?? [
    { night: "2025-06-06", rate: 119, source: "block" as const, roomsLeft: 5 },
    { night: "2025-06-07", rate: 119, source: "block" as const, roomsLeft: 3 },
  ];
  return ZRoomOffer.parse({
    roomType: buildRoomType(),
    nights,
    total: nights.reduce((sum, n) => sum + n.rate, 0) * rooms,
    roomsLeft: Math.min(...nights.map((n) => n.roomsLeft)),
    available: true,
    reason: null,
    quote: "quote-king-1",
    ...rest,
  });
}

export function buildVerification(
  offer: TRoomOffer,
  overrides: Partial<TQuoteVerification> = {},
): TQuoteVerification {
  return ZQuoteVerification.parse({
    status: "valid",
    previousTotal: offer.total,
    offer,
    checkIn: offer.nights[0]?.night ?? "2025-06-06",
    checkOut: "2025-06-08",
    rooms: 1,
    eventId: STAY_EVENT_ID,
    ...overrides,
  });
}

export function buildReservation(overrides: Partial<TReservation> = {}): TReservation {
  return ZReservation.parse({
    id: stayUuid(500),
    confirmationNumber: "HF-7Q2K9",
    status: "Confirmed",
    hotel: { id: INN_ID, name: "Riverside Inn" },
    event: { id: STAY_EVENT_ID, name: "Spring Hoops Classic" },
    blockId: BLOCK_ID,
    roomType: { id: KING_ID, name: "King room" },
    checkIn: "2025-06-06",
    checkOut: "2025-06-08",
    rooms: 1,
    guests: 2,
    nights: [
      { night: "2025-06-06", rate: 119, source: "block" },
      { night: "2025-06-07", rate: 119, source: "block" },
    ],
    total: 238,
    guestName: "Jordan Lee",
    email: "jordan.lee@riverside-sports.example",
    phone: "+1 317 555 0100",
    team: null,
    teamId: null,
    changeableUntil: "2025-05-20",
    cancelledDate: null,
    guarantee: null,
    createdDate: T0,
    updatedDate: T0,
    ...overrides,
  });
}

/** What the stays handlers answer from; tests fill what they need. */
export type TStaysWorld = {
  events: Map<string, TEventStayInfo>;
  /** Per event, best first. */
  matches: Map<string, THotelMatch[]>;
  roomTypes: Map<string, TRoomType[]>;
  /** Per hotel: the offers availability answers (its dates and counts are the request's). */
  offers: Map<string, TRoomOffer[]>;
  /** Per quote: what verify answers; a quote not here is valid, with the offer that holds it. */
  verifications: Map<string, TQuoteVerification>;
  /** Mine, in the server's order. */
  reservations: TReservation[];
  /** Hotel names, for the reservations a booking makes. */
  hotelNames: Map<string, string>;
  /** The id and number a new booking gets (and its card guarantee, when the hotel asks one). */
  nextReservation: {
    id: string;
    confirmationNumber: string;
    guarantee?: TReservation["guarantee"];
  };
};

export function staysWorld(): TStaysWorld {
  return {
    events: new Map(),
    matches: new Map(),
    roomTypes: new Map(),
    offers: new Map(),
    verifications: new Map(),
    reservations: [],
    hotelNames: new Map([
      [INN_ID, "Riverside Inn"],
      [LODGE_ID, "Canal Lodge"],
    ]),
    nextReservation: { id: stayUuid(900), confirmationNumber: "HF-NEW01" },
  };
}
