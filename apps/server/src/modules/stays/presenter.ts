// Rows of the stays module to the API's shapes.
import type {
  TBlock,
  TBlockAmendment,
  TCalendarCell,
  TReservation,
  TReservationGuarantee,
  TRoomType,
} from "@hostfield/domain/contracts";
import type * as repo from "./repository";

const iso = (d: Date) => d.toISOString();

export const presentRoomType = (row: repo.TRoomTypeRow): TRoomType => ({
  id: row.id,
  hotelId: row.hotelId,
  name: row.name,
  beds: row.beds,
  maxOccupancy: row.maxOccupancy,
  rackRate: row.rackRate,
  description: row.description,
  photos: row.photos,
  createdDate: iso(row.createdDate),
});

export const presentCell = (row: repo.TRoomNightRow): TCalendarCell => ({
  roomTypeId: row.roomTypeId,
  night: row.night,
  roomsToSell: row.roomsToSell,
  rate: row.rate,
  held: row.held,
  booked: row.booked,
});

export type TNamed = { id: string; name: string };

export function presentBlock(
  row: repo.TBlockRow,
  names: {
    event: TNamed & { startDate: string; endDate: string };
    hotel: TNamed & { logo: string | null };
    roomTypes: Map<string, string>;
    /** Who took each step; a user who hides themselves is named by their side only. */
    people: Map<string, string>;
  },
  nights: readonly repo.TBlockNightRow[],
  changes: readonly repo.TBlockChangeRow[],
): TBlock {
  return {
    id: row.id,
    event: names.event,
    hotel: names.hotel,
    status: row.status,
    proposedBy: row.proposedBy,
    cutoffDate: row.cutoffDate,
    minNights: row.minNights,
    attritionPercent: row.attritionPercent,
    compPerPaid: row.compPerPaid,
    note: row.note,
    requireCardGuarantee: row.requireCardGuarantee,
    requirementId: row.requirementId,
    leadId: row.leadId,
    nights: nights.map((n) => ({
      roomTypeId: n.roomTypeId,
      roomTypeName: names.roomTypes.get(n.roomTypeId) ?? "Room",
      night: n.night,
      held: n.held,
      rate: n.rate,
      booked: n.booked,
    })),
    held: nights.reduce((sum, n) => sum + n.held, 0),
    booked: nights.reduce((sum, n) => sum + n.booked, 0),
    history: changes.map((c) => ({
      date: iso(c.createdDate),
      side: c.side,
      by:
        c.userId && names.people.has(c.userId)
          ? { id: c.userId, name: names.people.get(c.userId)! }
          : null,
      action: c.action,
      summary: c.summary,
    })),
    amendment: row.amendment ? presentAmendment(row.amendment, names) : null,
    createdDate: iso(row.createdDate),
    updatedDate: iso(row.updatedDate),
  };
}

/** The amendment on the table, its nights named, its proposer named unless they hide. */
function presentAmendment(
  a: NonNullable<repo.TBlockRow["amendment"]>,
  names: { roomTypes: Map<string, string>; people: Map<string, string> },
): TBlockAmendment {
  return {
    ...(a.nights
      ? {
          nights: a.nights.map((n) => ({
            roomTypeId: n.roomTypeId,
            roomTypeName: names.roomTypes.get(n.roomTypeId) ?? "Room",
            night: n.night,
            rooms: n.rooms,
            rate: n.rate,
          })),
        }
      : {}),
    ...(a.cutoffDate !== undefined ? { cutoffDate: a.cutoffDate } : {}),
    ...(a.minNights !== undefined ? { minNights: a.minNights } : {}),
    ...(a.attritionPercent !== undefined ? { attritionPercent: a.attritionPercent } : {}),
    ...(a.compPerPaid !== undefined ? { compPerPaid: a.compPerPaid } : {}),
    ...(a.note !== undefined ? { note: a.note } : {}),
    ...(a.requireCardGuarantee !== undefined
      ? { requireCardGuarantee: a.requireCardGuarantee }
      : {}),
    side: a.side,
    by: names.people.has(a.userId) ? { id: a.userId, name: names.people.get(a.userId)! } : null,
    date: a.date,
  };
}

export function presentReservation(
  row: repo.TReservationRow,
  names: { hotel: string; event: string | null; roomType: string },
  nights: readonly repo.TReservationNightRow[],
  /** The payments module's guarantee, when one was asked at booking. */
  guarantee: TReservationGuarantee | null = null,
): TReservation {
  return {
    id: row.id,
    confirmationNumber: row.confirmationNumber,
    status: row.status,
    hotel: { id: row.hotelId, name: names.hotel },
    event: row.eventId && names.event ? { id: row.eventId, name: names.event } : null,
    blockId: row.blockId,
    roomType: { id: row.roomTypeId, name: names.roomType },
    checkIn: row.checkIn,
    checkOut: row.checkOut,
    rooms: row.rooms,
    guests: row.guests,
    nights: nights.map((n) => ({ night: n.night, rate: n.rate, source: n.source })),
    total: row.total,
    guestName: row.guestName,
    email: row.email,
    phone: row.phone,
    team: row.team,
    teamId: row.teamId,
    changeableUntil: row.changeableUntil,
    cancelledDate: row.status === "Cancelled" ? iso(row.cancelledDate ?? row.updatedDate) : null,
    guarantee,
    createdDate: iso(row.createdDate),
    updatedDate: iso(row.updatedDate),
  };
}
