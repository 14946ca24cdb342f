// The demo hotels' stays: room types and 180 nights of calendar, blocks for the soonest marketed
// events near them, and reservations (in those blocks and outside them) that keep every counter
// true: a night's held + booked never passes its rooms to sell, a block night's booked never passes
// its held, an accepted block's rooms are in the calendar's held, and every counter equals the
// rooms of the reservations behind it.
import { EVENT_CATEGORY_MARKETED, type TEventType } from "@hostfield/domain/reference";
import {
  addDays,
  changeableUntil,
  diffDays,
  hotelStayWindow,
  stayNights,
} from "@hostfield/domain/rules";
import { distanceMiles } from "../../platform/geo/distance";
import { DEMO_USERS, type TDemoUser } from "./accounts";
import { DAY_MS, type TBuilder } from "./builder";
import type { TDemoNetwork, TProfileRow } from "./network";
import type { TRandom } from "./random";
import { NICKNAMES, SURNAMES } from "./vocabulary";

type TRoomTypeRow = TDemoNetwork["roomTypes"][number] & { id: string; rackRate: number };
type TRoomNightRow = TDemoNetwork["roomNights"][number] & {
  roomsToSell: number;
  rate: number;
  held: number;
  booked: number;
};
type TBlockRow = TDemoNetwork["hotelBlocks"][number] & { id: string };
type TBlockNightRow = TDemoNetwork["blockNights"][number] & { booked: number };

/** Nights of calendar from today. */
export const CALENDAR_DAYS = 180;
/** At most this many hotels get room types and a calendar, whatever the scale. */
export const MAX_STAY_HOTELS = 150;
/** Blocks go to this many of the soonest marketed events that have hotels near them. */
export const BLOCK_EVENTS = 10;
/** Hotels this near an event's point may hold rooms for it (the event page's radius). */
export const BLOCK_RADIUS_MILES = 25;
/** Hotels near this many of the soonest marketed events come first for a calendar. */
const NEAR_EVENTS = 40;
/** A block night holds at least this many rooms, so its pickup can be 20–90%. */
const MIN_HELD = 5;
const CONFIRMATION_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
/** Nobody books a hotel for these. */
const NO_STAY_TYPES = new Set<TEventType>(["Webinar", "Virtual Events"]);

const ROOM_KINDS = [
  { name: "Double Queen", beds: "2 Queen beds", maxOccupancy: 4, factor: 1, share: 0.45 },
  { name: "King", beds: "1 King bed", maxOccupancy: 2, factor: 1.06, share: 0.35 },
  { name: "King Suite", beds: "1 King bed, sofa bed", maxOccupancy: 4, factor: 1.5, share: 0.14 },
  {
    name: "Two-Bedroom Suite",
    beds: "1 King bed, 2 Queen beds",
    maxOccupancy: 6,
    factor: 2.2,
    share: 0.06,
  },
] as const;

const FIRST_NAMES = [
  "Alex",
  "Jamie",
  "Chris",
  "Pat",
  "Dana",
  "Jesse",
  "Kelly",
  "Robin",
  "Shawn",
  "Terry",
  "Lee",
  "Maria",
  "David",
  "Sarah",
  "Michael",
  "Jennifer",
  "James",
  "Linda",
  "Robert",
  "Karen",
  "Daniel",
  "Lisa",
  "Kevin",
  "Angela",
  "Brian",
  "Nicole",
  "Marcus",
  "Tanya",
  "Luis",
  "Carmen",
  "Andre",
  "Megan",
];

const money = (n: number) => Math.round(n * 100) / 100;
/** A price as hotels print them: whole dollars ending in 9. */
const priceOf = (n: number) => Math.max(49, Math.round(n / 10) * 10 - 1);
const cellKey = (roomTypeId: string, night: string) => `${roomTypeId}|${night}`;
const isWeekend = (night: string) => {
  const day = new Date(`${night}T00:00:00Z`).getUTCDay();
  return day === 5 || day === 6;
};
const visible = (p: TProfileRow) => p.status === "approved" && p.isActive === true;

type TStayEvent = {
  row: TProfileRow;
  point: { lat: number; lng: number };
  startDate: string;
  nights: string[];
  organizerUser: TDemoUser | null;
};

type TState = {
  b: TBuilder;
  r: TRandom;
  typesOf: Map<string, TRoomTypeRow[]>;
  cells: Map<string, TRoomNightRow>;
  confirmations: Set<string>;
};

export function addStays(b: TBuilder): void {
  const r = b.root.fork("stays");
  const { network } = b;
  const today = b.input.today;
  const lastNight = addDays(today, CALENDAR_DAYS - 1);
  const hotels = network.profiles.filter((p) => p.kind === "hotel" && visible(p));
  const events = stayEvents(b, lastNight);

  // Blocks first choose their hotels, so those are sure of a calendar.
  const blockPlans: { event: TStayEvent; hotels: TProfileRow[] }[] = [];
  for (const event of events) {
    if (blockPlans.length >= BLOCK_EVENTS) break;
    const near = nearest(hotels, event.point, BLOCK_RADIUS_MILES).slice(0, 5);
    if (near.length === 0) continue;
    blockPlans.push({ event, hotels: r.sample(near, r.int(1, Math.min(3, near.length))) });
  }

  const chosen = stayHotels(b, r, hotels, events, blockPlans);
  const state: TState = {
    b,
    r,
    typesOf: new Map(),
    cells: new Map(),
    confirmations: new Set(),
  };
  const details = new Map(network.hotelDetails.map((d) => [d.profileId, d]));
  for (const hotel of chosen) {
    const detail = details.get(hotel.id);
    addInventory(state, hotel, detail?.starRating ?? null, detail?.rooms ?? null);
  }

  // A couple of the blocks are still proposals; the rest are accepted and booked into.
  const proposed = new Set<string>();
  const pairs = blockPlans.flatMap((p) => p.hotels.map((h) => `${p.event.row.id}|${h.id}`));
  for (const pair of r.sample(pairs, Math.min(2, Math.max(0, pairs.length - 1)))) {
    proposed.add(pair);
  }
  for (const plan of blockPlans) {
    for (const hotel of plan.hotels) {
      const status = proposed.has(`${plan.event.row.id}|${hotel.id}`) ? "Proposed" : "Accepted";
      addBlock(state, plan.event, hotel, status);
    }
  }
  addCalendarReservations(state, chosen);
}

/** Listed marketed events with a point whose stay lies in the calendar, soonest first. */
function stayEvents(b: TBuilder, lastNight: string): TStayEvent[] {
  const { network, input } = b;
  const byId = new Map(network.profiles.map((p) => [p.id, p]));
  const organizerOwns = new Set(
    network.profileMembers
      .filter((m) => m.userId === DEMO_USERS.organizer.id)
      .map((m) => m.profileId),
  );
  const list: TStayEvent[] = [];
  for (const detail of network.eventDetails) {
    const row = byId.get(detail.profileId)!;
    if (detail.category !== EVENT_CATEGORY_MARKETED || !visible(row)) continue;
    if (NO_STAY_TYPES.has(detail.type as TEventType)) continue;
    if (row.lat == null || row.lng == null) continue;
    const startDate = String(detail.startDate);
    // Room for a cut-off 14 or more days before the start that has not passed yet.
    if (diffDays(input.today, startDate) < 15) continue;
    const window = hotelStayWindow({
      eventStart: startDate,
      eventEnd: String(detail.endDate),
      today: input.today,
    });
    const nights = stayNights(window.checkIn, window.checkOut);
    if (nights.length === 0 || nights[nights.length - 1]! > lastNight) continue;
    list.push({
      row,
      point: { lat: row.lat, lng: row.lng },
      startDate,
      nights,
      organizerUser: organizerOwns.has(row.id) ? DEMO_USERS.organizer : null,
    });
  }
  return list.sort(
    (a, b) => a.startDate.localeCompare(b.startDate) || a.row.slug.localeCompare(b.row.slug),
  );
}

function nearest(
  hotels: readonly TProfileRow[],
  point: { lat: number; lng: number },
  miles: number,
): TProfileRow[] {
  const found: { hotel: TProfileRow; d: number }[] = [];
  for (const hotel of hotels) {
    if (hotel.lat == null || hotel.lng == null) continue;
    const d = distanceMiles(point, { lat: hotel.lat, lng: hotel.lng });
    if (d <= miles) found.push({ hotel, d });
  }
  return found.sort((a, b) => a.d - b.d).map((f) => f.hotel);
}

/**
 * Which hotels get a calendar: every listed one at small scales; at large ones, the blocks'
 * hotels, the demo accounts' and those near the soonest marketed events, then others, up to a cap.
 */
function stayHotels(
  b: TBuilder,
  r: TRandom,
  hotels: readonly TProfileRow[],
  events: readonly TStayEvent[],
  blockPlans: readonly { hotels: TProfileRow[] }[],
): TProfileRow[] {
  if (hotels.length <= MAX_STAY_HOTELS) return [...hotels];
  const chosen = new Set<TProfileRow>();
  const add = (hotel: TProfileRow) => {
    if (chosen.size < MAX_STAY_HOTELS) chosen.add(hotel);
  };
  for (const plan of blockPlans) plan.hotels.forEach(add);
  const members = new Set(b.network.profileMembers.map((m) => m.profileId));
  for (const hotel of hotels) if (members.has(hotel.id)) add(hotel);
  for (const event of events.slice(0, NEAR_EVENTS)) {
    nearest(hotels, event.point, BLOCK_RADIUS_MILES).slice(0, 4).forEach(add);
  }
  for (const hotel of r.sample(hotels, MAX_STAY_HOTELS)) add(hotel);
  // In the network's order, so the rows come out the same however they were chosen.
  return hotels.filter((h) => chosen.has(h));
}

/** 2–4 room types with a rack rate by the stars, and CALENDAR_DAYS nights of each. */
function addInventory(
  s: TState,
  hotel: TProfileRow,
  starRating: number | null,
  hotelRooms: number | null,
): void {
  const { b, r } = s;
  const stars = starRating ?? 3;
  const base = 45 * 1.45 ** stars * (0.9 + r.next() * 0.25);
  const count = stars >= 3.5 ? r.int(3, 4) : r.int(2, stars >= 3 ? 4 : 3);
  const rooms = hotelRooms ?? r.int(40, 160);
  const created = new Date(b.todayMs - r.int(30, 200) * DAY_MS);
  const owner = hotel.createdBy ?? DEMO_USERS.admin.id;
  const types: TRoomTypeRow[] = [];
  for (const kind of ROOM_KINDS.slice(0, count)) {
    const type: TRoomTypeRow = {
      id: r.uuid(),
      hotelId: hotel.id,
      name: kind.name,
      beds: kind.beds,
      maxOccupancy: kind.maxOccupancy,
      rackRate: priceOf(base * kind.factor),
      description: `${kind.name} with ${kind.beds.toLowerCase()}, for up to ${kind.maxOccupancy} guests.`,
      createdDate: created,
      updatedDate: created,
      createdBy: owner,
      updatedBy: owner,
    };
    types.push(type);
    b.network.roomTypes.push(type);
    // Rooms this channel sells of the type each night: a share of the hotel's rooms.
    const toSell = Math.max(MIN_HELD + 3, Math.round(rooms * kind.share * (0.5 + r.next() * 0.4)));
    const uplift = 1.12 + r.next() * 0.13;
    for (let day = 0; day < CALENDAR_DAYS; day++) {
      const night = addDays(b.input.today, day);
      // Whole dollars: the rack rate, a little up or down, more on Friday and Saturday nights.
      const rate = type.rackRate * (isWeekend(night) ? uplift : 1) * (0.95 + r.next() * 0.1);
      const cell: TRoomNightRow = {
        roomTypeId: type.id,
        night,
        hotelId: hotel.id,
        roomsToSell: toSell,
        rate: Math.round(rate),
        held: 0,
        booked: 0,
      };
      s.cells.set(cellKey(type.id, night), cell);
      b.network.roomNights.push(cell);
    }
  }
  s.typesOf.set(hotel.id, types);
}

/** A block for the event at the hotel: 1–2 room types, each night of the stay at a group rate. */
function addBlock(
  s: TState,
  event: TStayEvent,
  hotel: TProfileRow,
  status: "Accepted" | "Proposed",
): void {
  const { b, r } = s;
  const types = s.typesOf.get(hotel.id)!;
  const today = b.input.today;
  const daysLeft = diffDays(today, event.startDate);
  const cutoffDate = addDays(event.startDate, -r.int(14, Math.min(30, daysLeft - 1)));
  const proposedBy = r.chance(0.5) ? ("hotel" as const) : ("organizer" as const);
  const hotelUser = hotel.createdBy === DEMO_USERS.hotel.id ? DEMO_USERS.hotel : null;
  const userOf = (side: "hotel" | "organizer") =>
    (side === "hotel" ? hotelUser : event.organizerUser)?.id ?? null;
  const proposedAt = b.todayMs - r.int(20, 90) * DAY_MS - r.int(0, 43_200) * 1000;
  const acceptedAt = proposedAt + r.int(1, 10) * DAY_MS + r.int(0, 43_200) * 1000;
  const block: TBlockRow = {
    id: r.uuid(),
    eventId: event.row.id,
    hotelId: hotel.id,
    status,
    proposedBy,
    cutoffDate,
    minNights: 1,
    attritionPercent: r.pick([10, 15, 20, 25]),
    compPerPaid: 40,
    note: r.chance(0.5) ? `Team rate for ${event.row.name}.` : null,
    createdDate: new Date(proposedAt),
    updatedDate: new Date(status === "Accepted" ? acceptedAt : proposedAt),
    createdBy: userOf(proposedBy),
    updatedBy: userOf(status === "Accepted" ? other(proposedBy) : proposedBy),
  };
  const blockTypes = types.slice(0, r.int(1, Math.min(2, types.length)));
  const nights: TBlockNightRow[] = [];
  for (const type of blockTypes) {
    const share = 0.2 + r.next() * 0.3;
    const discount = 0.8 + r.next() * 0.1;
    for (const night of event.nights) {
      const cell = s.cells.get(cellKey(type.id, night))!;
      const free = cell.roomsToSell - cell.held - cell.booked;
      const held = Math.min(free, Math.max(MIN_HELD, Math.round(cell.roomsToSell * share)));
      if (held < MIN_HELD) continue;
      const row: TBlockNightRow = {
        blockId: block.id,
        roomTypeId: type.id,
        night,
        held,
        rate: Math.min(Math.round(cell.rate * discount), cell.rate - 1),
        booked: 0,
      };
      nights.push(row);
    }
  }
  // Rooms another event's block already holds may leave none to hold for this one.
  if (nights.length === 0) return;
  b.network.hotelBlocks.push(block);
  for (const row of nights) {
    b.network.blockNights.push(row);
    if (status === "Accepted") s.cells.get(cellKey(row.roomTypeId, row.night))!.held += row.held;
  }
  const heldNights = nights.reduce((sum, n) => sum + n.held, 0);
  const rates = nights.map((n) => n.rate);
  const terms = `${heldNights} room nights over ${event.nights.length} night${event.nights.length === 1 ? "" : "s"} at $${Math.min(...rates)}–$${Math.max(...rates)}, cut-off ${cutoffDate}`;
  b.network.blockChanges.push({
    id: r.uuid(),
    blockId: block.id,
    side: proposedBy,
    userId: userOf(proposedBy),
    action: "proposed",
    summary: `Proposed ${terms}`,
    createdDate: new Date(proposedAt),
  });
  if (status !== "Accepted") return;
  b.network.blockChanges.push({
    id: r.uuid(),
    blockId: block.id,
    side: other(proposedBy),
    userId: userOf(other(proposedBy)),
    action: "accepted",
    summary: `Accepted ${terms}`,
    createdDate: new Date(acceptedAt),
  });
  addBlockReservations(s, event, block, nights, acceptedAt);
}

const other = (side: "hotel" | "organizer") => (side === "hotel" ? "organizer" : "hotel");

/**
 * Books 20–90% of each block night: runs of consecutive nights still short, a few rooms at a time,
 * until every night has its share. The block night's booked grows with each reservation.
 */
function addBlockReservations(
  s: TState,
  event: TStayEvent,
  block: TBlockRow,
  nights: readonly TBlockNightRow[],
  acceptedAt: number,
): void {
  const { r } = s;
  const pickup = 0.2 + r.next() * 0.7;
  const byType = new Map<string, TBlockNightRow[]>();
  for (const n of nights) byType.set(n.roomTypeId, [...(byType.get(n.roomTypeId) ?? []), n]);
  for (const [roomTypeId, list] of byType) {
    const type = s.typesOf.get(block.hotelId)!.find((t) => t.id === roomTypeId)!;
    const sorted = [...list].sort((a, b) => a.night.localeCompare(b.night));
    const target = sorted.map((n) => {
      const wanted = Math.round(n.held * (pickup + (r.next() - 0.5) * 0.2));
      return Math.min(Math.floor(n.held * 0.9), Math.max(Math.ceil(n.held * 0.2), wanted));
    });
    for (;;) {
      const start = sorted.findIndex((n, i) => n.booked < target[i]!);
      if (start < 0) break;
      let end = start;
      while (
        end + 1 < sorted.length &&
        sorted[end + 1]!.night === addDays(sorted[end]!.night, 1) &&
        sorted[end + 1]!.booked < target[end + 1]! &&
        r.chance(0.85)
      ) {
        end++;
      }
      const run = sorted.slice(start, end + 1);
      const room = Math.min(...run.map((n, i) => target[start + i]! - n.booked));
      const rooms = Math.min(room, r.int(1, 4));
      for (const n of run) n.booked += rooms;
      addReservation(s, {
        hotelId: block.hotelId,
        type,
        eventId: event.row.id,
        blockId: block.id,
        cutoffDate: block.cutoffDate,
        rooms,
        nights: run.map((n) => ({ night: n.night, rate: n.rate })),
        createdAt: acceptedAt + r.next() * Math.max(DAY_MS, s.b.todayMs - acceptedAt),
        team: true,
      });
    }
  }
}

/** A few bookings outside blocks: 1–3 nights, 1–2 rooms, on nights with rooms free. */
function addCalendarReservations(s: TState, hotels: readonly TProfileRow[]): void {
  const { b, r } = s;
  for (const hotel of hotels) {
    if (!r.chance(0.25)) continue;
    const types = s.typesOf.get(hotel.id)!;
    for (let i = r.int(1, 3); i > 0; i--) {
      const type = r.pick(types);
      const checkIn = addDays(b.input.today, r.int(1, CALENDAR_DAYS - 4));
      const count = r.int(1, 3);
      const rooms = r.chance(0.8) ? 1 : 2;
      const cells = stayNights(checkIn, addDays(checkIn, count)).map(
        (night) => s.cells.get(cellKey(type.id, night))!,
      );
      if (cells.some((c) => c.roomsToSell - c.held - c.booked < rooms)) continue;
      for (const c of cells) c.booked += rooms;
      addReservation(s, {
        hotelId: hotel.id,
        type,
        eventId: null,
        blockId: null,
        cutoffDate: null,
        rooms,
        nights: cells.map((c) => ({ night: c.night, rate: c.rate })),
        createdAt: b.todayMs - r.int(1, 60) * DAY_MS - r.int(0, 86_399) * 1000,
        team: false,
      });
    }
  }
}

function confirmationNumber(s: TState): string {
  for (;;) {
    const code = `HF-${Array.from({ length: 8 }, () => s.r.pick([...CONFIRMATION_ALPHABET])).join("")}`;
    if (!s.confirmations.has(code)) {
      s.confirmations.add(code);
      return code;
    }
  }
}

/** A guest: now and then a demo account (so "my reservations" has some), mostly a traveller. */
function guestOf(r: TRandom) {
  if (r.chance(0.15)) {
    const user = r.pick([DEMO_USERS.coach, DEMO_USERS.organizer, DEMO_USERS.vendor]);
    return { userId: user.id, name: user.name, email: user.email };
  }
  const first = r.pick(FIRST_NAMES);
  const last = r.pick(SURNAMES);
  const email = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, "");
  return { userId: null, name: `${first} ${last}`, email: `${email}@example.com` };
}

function addReservation(
  s: TState,
  stay: {
    hotelId: string;
    type: TRoomTypeRow;
    eventId: string | null;
    blockId: string | null;
    cutoffDate: string | null;
    rooms: number;
    nights: readonly { night: string; rate: number }[];
    createdAt: number;
    team: boolean;
  },
): void {
  const { b, r } = s;
  const guest = guestOf(r);
  const checkIn = stay.nights[0]!.night;
  const checkOut = addDays(stay.nights[stay.nights.length - 1]!.night, 1);
  const created = new Date(Math.min(stay.createdAt, b.todayMs - 3_600_000));
  const id = r.uuid();
  const ageGroup = r.pick(["10U", "11U", "12U", "13U", "14U", "15U", "16U", "17U", "18U"]);
  b.network.reservations.push({
    id,
    confirmationNumber: confirmationNumber(s),
    status: "Confirmed",
    hotelId: stay.hotelId,
    eventId: stay.eventId,
    blockId: stay.blockId,
    roomTypeId: stay.type.id,
    guestUserId: guest.userId,
    checkIn,
    checkOut,
    rooms: stay.rooms,
    guests: stay.rooms * r.int(1, stay.type.maxOccupancy),
    total: money(stay.nights.reduce((sum, n) => sum + n.rate, 0) * stay.rooms),
    guestName: guest.name,
    email: guest.email,
    phone: `(${r.int(2, 9)}${r.int(0, 8)}${r.int(0, 9)}) 555-01${String(r.int(0, 99)).padStart(2, "0")}`,
    team: stay.team ? `${b.pickCity(r).name} ${r.pick(NICKNAMES)} ${ageGroup}` : null,
    changeableUntil: changeableUntil(checkIn, stay.cutoffDate),
    createdDate: created,
    updatedDate: created,
    createdBy: guest.userId,
    updatedBy: guest.userId,
  });
  for (const n of stay.nights) {
    b.network.reservationNights.push({
      reservationId: id,
      night: n.night,
      rate: n.rate,
      source: stay.blockId ? "block" : "calendar",
      blockId: stay.blockId,
    });
  }
}
