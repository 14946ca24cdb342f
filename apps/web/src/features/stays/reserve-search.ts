// The reserve page's search as its address keeps it (`?eventId=&checkIn=&checkOut=&rooms=&guests=`,
// and `change`, `teamLink`), and what the dates, rooms and guests form may search: inside the
// event's stay window, or the nights its hotel blocks hold around it.
import {
  RESERVATION_MAX_ROOMS,
  STAY_MAX_NIGHTS,
  type TEventStayInfo,
  ZId,
} from "@hostfield/domain/contracts";
import { diffDays, isIsoDate } from "@hostfield/domain/rules";
import type { TStaySearch } from "./stays-api";
import { formatDay } from "./stays-format";

const positiveInt = (value: string | null, max: number): number | undefined => {
  if (value === null || !/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 && n <= max ? n : undefined;
};

export type TAddress = {
  /** The reservation whose stay is being changed. */
  change?: string;
  eventId?: string;
  checkIn?: string;
  checkOut?: string;
  rooms?: number;
  guests?: number;
  /** A team's booking link token: the booking is for that team, in the event's blocks only. */
  teamLink?: string;
};

export function readAddress(params: URLSearchParams): TAddress {
  const eventId = params.get("eventId");
  const change = params.get("change");
  const teamLink = params.get("teamLink");
  const date = (name: string) => {
    const value = params.get(name);
    return value && isIsoDate(value) ? value : undefined;
  };
  return {
    change: change || undefined,
    eventId: eventId && ZId.safeParse(eventId).success ? eventId : undefined,
    checkIn: date("checkIn"),
    checkOut: date("checkOut"),
    rooms: positiveInt(params.get("rooms"), RESERVATION_MAX_ROOMS),
    guests: positiveInt(params.get("guests"), RESERVATION_MAX_ROOMS * 20),
    teamLink: teamLink && teamLink.length <= 200 ? teamLink : undefined,
  };
}

/** The event's stay window (what the form offers first) and what may be booked around it. */
export type TWindow = Pick<TEventStayInfo, "checkIn" | "checkOut" | "bookable">;

/** Whether the event's blocks hold nights outside its stay window. */
export const widened = (w: TWindow) =>
  w.bookable.checkIn !== w.checkIn || w.bookable.checkOut !== w.checkOut;
export type TDraft = { checkIn: string; checkOut: string; rooms: string; guests: string };
type TDraftErrors = Partial<Record<keyof TDraft, string>>;

/** What is wrong with the form, field by field; empty when it can be searched. */
export function draftErrors(draft: TDraft, stayWindow: TWindow | null): TDraftErrors {
  const errors: TDraftErrors = {};
  if (!isIsoDate(draft.checkIn)) errors.checkIn = "Choose the check-in date.";
  if (!isIsoDate(draft.checkOut)) errors.checkOut = "Choose the check-out date.";
  if (!errors.checkIn && !errors.checkOut) {
    const nights = diffDays(draft.checkIn, draft.checkOut);
    if (nights < 1) errors.checkOut = "Check-out must be after check-in.";
    else if (nights > STAY_MAX_NIGHTS) errors.checkOut = `Stay at most ${STAY_MAX_NIGHTS} nights.`;
    const bounds = stayWindow?.bookable;
    const what =
      stayWindow && widened(stayWindow) ? "the event's hotel blocks" : "the event's stay";
    if (bounds && draft.checkIn < bounds.checkIn) {
      errors.checkIn = `Check in on ${formatDay(bounds.checkIn)} or later: ${what}.`;
    }
    if (bounds && draft.checkOut > bounds.checkOut) {
      errors.checkOut = `Check out on ${formatDay(bounds.checkOut)} or earlier: ${what}.`;
    }
  }
  const rooms = positiveInt(draft.rooms, RESERVATION_MAX_ROOMS);
  if (rooms === undefined) errors.rooms = `From 1 to ${RESERVATION_MAX_ROOMS} rooms.`;
  const guests = positiveInt(draft.guests, RESERVATION_MAX_ROOMS * 20);
  if (guests === undefined) errors.guests = "At least 1 guest.";
  else if (rooms !== undefined && guests < rooms) errors.guests = "At least one guest per room.";
  return errors;
}

/** The search the address asks for, when it is complete and inside the window. */
export function searchOf(address: TAddress, stayWindow: TWindow | null): TStaySearch | null {
  if (!address.checkIn || !address.checkOut) return null;
  const draft = {
    checkIn: address.checkIn,
    checkOut: address.checkOut,
    rooms: String(address.rooms ?? 1),
    guests: String(address.guests ?? address.rooms ?? 1),
  };
  if (Object.keys(draftErrors(draft, stayWindow)).length > 0) return null;
  return {
    checkIn: draft.checkIn,
    checkOut: draft.checkOut,
    rooms: Number(draft.rooms),
    guests: Number(draft.guests),
    ...(address.eventId ? { eventId: address.eventId } : {}),
  };
}
