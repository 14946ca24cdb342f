// Test-only hotels, events, room types, calendar cells, blocks, pickups (and the hotel's forward
// pickup) and reservations in the contract shapes (each checked as it is built), and the world the
// rooms handlers answer from.
import {
  detailSchemaOfKind,
  type TBlock,
  type TCalendarCell,
  type TEventHotel,
  type TForwardBlock,
  type TPickup,
  type TReservation,
  type TRoomType,
  ZBlock,
  ZCalendarCell,
  ZEventHotel,
  ZForwardBlock,
  ZPickup,
  ZReservation,
  ZRoomType,
  zProfile,
} from "@hostfield/domain/contracts";
import { defaultsOf, KINDS } from "@hostfield/domain/kinds";
import { buildUser } from "../../../test/factories";

export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

export const ME = buildUser();
/** "Today" in the rooms tests: the grid starts here. */
export const TODAY = "2026-03-02";
export const NOW = `${TODAY}T15:00:00.000Z`;
export const T0 = "2026-02-01T09:00:00.000Z";

export const HOTEL_ID = uuid(1);
export const EVENT_ID = uuid(2);
export const OTHER_HOTEL_ID = uuid(3);

export const MANAGER_ABILITIES = ["profile.read", "profile.update", "profile.delete"];
export const VISITOR_ABILITIES = ["profile.read", "reactions.write"];

type TListingKind = "hotel" | "event";

/** A hotel or event listing as `GET /{service}/api/{path}/{id}` answers it. */
export function buildManagedListing(
  kind: TListingKind,
  overrides: { id: string; name: string } & Record<string, unknown>,
): Record<string, unknown> {
  const listing = {
    kind,
    slug: "a-listing",
    description: null,
    address: null,
    lat: null,
    lng: null,
    placeId: null,
    logo: null,
    headerImage: null,
    featuredVideo: null,
    website: null,
    phone: null,
    email: null,
    status: "approved",
    tier: null,
    isActive: true,
    likeCount: 0,
    followerCount: 0,
    createdDate: T0,
    updatedDate: T0,
    createdBy: ME.id,
    updatedBy: ME.id,
    ...defaultsOf(KINDS[kind].fields),
    ...(kind === "event"
      ? { type: "Tournament", startDate: "2026-04-10", endDate: "2026-04-12" }
      : {}),
    sports: [],
    boosted: false,
    sponsored: false,
    ...overrides,
  };
  zProfile(detailSchemaOfKind(kind)).parse(listing);
  return listing;
}

let next = 5000;

export function buildRoomType(overrides: Partial<TRoomType> & { name: string }): TRoomType {
  return ZRoomType.parse({
    id: uuid(next++),
    hotelId: HOTEL_ID,
    beds: "1 King",
    maxOccupancy: 2,
    rackRate: 189,
    description: null,
    photos: [],
    createdDate: T0,
    ...overrides,
  } satisfies TRoomType);
}

export function buildCell(
  overrides: Partial<TCalendarCell> & { roomTypeId: string; night: string },
): TCalendarCell {
  return ZCalendarCell.parse({
    roomsToSell: 10,
    rate: 159,
    held: 0,
    booked: 0,
    ...overrides,
  } satisfies TCalendarCell);
}

export const HARBOR_INN = { id: HOTEL_ID, name: "Harbor Inn", logo: null };
export const SPRING_CLASSIC = {
  id: EVENT_ID,
  name: "Spring Hoops Classic",
  startDate: "2026-04-10",
  endDate: "2026-04-12",
};

export function buildBlock(overrides: Partial<TBlock> = {}): TBlock {
  return ZBlock.parse({
    id: uuid(next++),
    event: SPRING_CLASSIC,
    hotel: HARBOR_INN,
    status: "Proposed",
    proposedBy: "organizer",
    cutoffDate: "2026-03-20",
    minNights: 2,
    attritionPercent: 20,
    compPerPaid: 40,
    note: null,
    requireCardGuarantee: null,
    requirementId: null,
    leadId: null,
    nights: [],
    held: 0,
    booked: 0,
    history: [],
    amendment: null,
    createdDate: T0,
    updatedDate: T0,
    ...overrides,
  } satisfies TBlock);
}

export function buildPickup(overrides: Partial<TPickup> & { blockId: string }): TPickup {
  return ZPickup.parse({
    cutoffDate: "2026-03-20",
    attritionPercent: 20,
    nights: [],
    held: 0,
    booked: 0,
    pickupPercent: 0,
    attritionWarning: null,
    compNights: 0,
    ...overrides,
  } satisfies TPickup);
}

/**
 * One of the hotel's open blocks looking forward: by default the Spring Hoops Classic's, accepted,
 * 18 days before its cut-off, 2 nights of 40 rooms.
 */
export function buildForwardBlock(overrides: Partial<TForwardBlock> = {}): TForwardBlock {
  return ZForwardBlock.parse({
    blockId: uuid(next++),
    event: SPRING_CLASSIC,
    status: "Accepted",
    cutoffDate: "2026-03-20",
    daysToCutoff: 18,
    nights: [
      { night: "2026-04-10", held: 40, booked: 0, toRelease: 40 },
      { night: "2026-04-11", held: 40, booked: 0, toRelease: 40 },
    ],
    held: 80,
    booked: 0,
    toRelease: 80,
    pickupPercent: 0,
    pace: { fromDate: "2026-02-17", days: 14, roomNights: 0, perDay: 0 },
    forecast: 0,
    forecastRelease: 80,
    ...overrides,
  } satisfies TForwardBlock);
}

export function buildReservation(overrides: Partial<TReservation> = {}): TReservation {
  const id = overrides.id ?? uuid(next++);
  return ZReservation.parse({
    id,
    confirmationNumber: `HF-${id.slice(-4)}`,
    status: "Confirmed",
    hotel: { id: HOTEL_ID, name: "Harbor Inn" },
    event: { id: EVENT_ID, name: "Spring Hoops Classic" },
    blockId: null,
    roomType: { id: uuid(4), name: "Double Queen" },
    checkIn: "2026-04-10",
    checkOut: "2026-04-12",
    rooms: 1,
    guests: 2,
    nights: [
      { night: "2026-04-10", rate: 139, source: "block" },
      { night: "2026-04-11", rate: 139, source: "block" },
    ],
    total: 278,
    guestName: "Morgan Diaz",
    email: "morgan@example.com",
    phone: "555-0100",
    team: "Lakeside 14U",
    teamId: null,
    changeableUntil: "2026-03-20",
    cancelledDate: null,
    guarantee: null,
    createdDate: T0,
    updatedDate: T0,
    ...overrides,
  } satisfies TReservation);
}

export function buildEventHotel(hotel: { id: string; name: string }): TEventHotel {
  return ZEventHotel.parse({
    id: uuid(next++),
    profileId: EVENT_ID,
    profileName: "Spring Hoops Classic",
    hotel: { ...hotel, logo: null },
    note: null,
    roomsHeld: null,
    rate: null,
    cutoffDate: null,
    createdDate: T0,
  } satisfies TEventHotel);
}

/** What the rooms handlers answer from; tests change it, and some handlers keep what they are sent. */
export type TRoomsWorld = {
  listings: Map<string, Record<string, unknown>>;
  /** My abilities per listing id (a visitor's when absent). */
  abilities: Record<string, string[]>;
  roomTypes: TRoomType[];
  cells: TCalendarCell[];
  blocks: TBlock[];
  pickups: Record<string, TPickup>;
  /** The hotel's forward pickup (`GET /hotels/{id}/blocks/forward`), whatever the hotel. */
  forward: TForwardBlock[];
  reservations: TReservation[];
  eventHotels: TEventHotel[];
  /** The CSV the export answers. */
  csv: string;
  /** Whether payments are on (the payment service's config), and the hotel's card guarantee. */
  paymentsEnabled: boolean;
  requireCardGuarantee: boolean;
};

/** Harbor Inn and the Spring Hoops Classic, which I manage and organize; nothing else yet. */
export function roomsWorld(overrides: Partial<TRoomsWorld> = {}): TRoomsWorld {
  return {
    listings: new Map([
      [HOTEL_ID, buildManagedListing("hotel", { id: HOTEL_ID, name: "Harbor Inn" })],
      [EVENT_ID, buildManagedListing("event", { id: EVENT_ID, name: "Spring Hoops Classic" })],
    ]),
    abilities: { [HOTEL_ID]: MANAGER_ABILITIES, [EVENT_ID]: MANAGER_ABILITIES },
    roomTypes: [],
    cells: [],
    blocks: [],
    pickups: {},
    forward: [],
    reservations: [],
    eventHotels: [],
    csv: "confirmation,guest\r\n",
    paymentsEnabled: false,
    requireCardGuarantee: false,
    ...overrides,
  };
}
