// Rules of hotel stays both sides read: the nights of a stay, pickup against a block, the attrition
// warning, complimentary nights, until when a guest may change a booking, a hotel's match score, and
// when a hotel sold out on a stay's nights is not suggested for it.
import { ATTRITION_WARNING_DAYS } from "../contracts/stays";
import { addDays, diffDays } from "./dates";
import { HOTEL_MATCH_FULL_AMENITIES, HOTEL_MATCH_PARTS } from "./scores";

/** The nights of a stay: check-in up to, not including, check-out. */
export function stayNights(checkIn: string, checkOut: string): string[] {
  const count = diffDays(checkIn, checkOut);
  return Array.from({ length: Math.max(0, count) }, (_, i) => addDays(checkIn, i));
}

/** Booked as a share of held, 0-100 with one decimal; 0 when nothing is held. */
export function pickupPercent(held: number, booked: number): number {
  if (held <= 0) return 0;
  return Math.round((booked / held) * 1000) / 10;
}

/**
 * Within ATTRITION_WARNING_DAYS of the cut-off (and not after it), pickup below
 * (100 - allowance)% of the rooms held costs the organizer attrition: say so, with the shortfall.
 */
export function attritionWarning(input: {
  held: number;
  booked: number;
  attritionPercent: number;
  cutoffDate: string;
  today: string;
}): string | null {
  const daysLeft = diffDays(input.today, input.cutoffDate);
  if (input.held <= 0 || daysLeft < 0 || daysLeft > ATTRITION_WARNING_DAYS) return null;
  const needed = Math.ceil((input.held * (100 - input.attritionPercent)) / 100);
  if (input.booked >= needed) return null;
  const short = needed - input.booked;
  const when = daysLeft === 0 ? "today" : `in ${daysLeft} day${daysLeft === 1 ? "" : "s"}`;
  return `Pickup is ${pickupPercent(input.held, input.booked)}%: ${short} more room night${short === 1 ? "" : "s"} must be booked by the cut-off (${when}) to stay within the ${input.attritionPercent}% attrition allowance.`;
}

/** One free room night per `compPerPaid` booked; none without a comp policy. */
export function compNights(booked: number, compPerPaid: number | null): number {
  if (!compPerPaid || compPerPaid <= 0) return 0;
  return Math.floor(booked / compPerPaid);
}

/**
 * The last day a guest may change or cancel: the block's cut-off for a stay booked in a block,
 * otherwise the day before check-in. After it, only the hotel may.
 */
export function changeableUntil(checkIn: string, blockCutoff: string | null): string {
  const dayBefore = addDays(checkIn, -1);
  if (!blockCutoff) return dayBefore;
  return blockCutoff < dayBefore ? blockCutoff : dayBefore;
}

/**
 * How far from an event's venue a hotel may be and still suit its stay: teams drive from the hotel
 * to their games every day, and farther than this the hotel is somewhere else (a block the
 * organizer agreed with one is still listed, but not called a match).
 */
export const HOTEL_REACH_MILES = 50;

/** A distance as the hotel lists write it: one decimal under 10 miles ("0.8 mi"), whole above. */
export const milesText = (miles: number) =>
  `${miles < 10 ? miles.toFixed(1) : Math.round(miles)} mi`;

/** Why a hotel is not suggested for a stay: it has no room left on any night of it. */
export const SOLD_OUT_EVERY_NIGHT = "Sold out on every night of the stay";

/**
 * Whether a hotel is sold out on every night of a stay, given each night of the hotel as a whole
 * (the most rooms any of its room types has left, and a rate when any room type is on sale): such
 * a hotel is not suggested for the stay. A night without a rate is not on sale yet ("No rates
 * yet"), not sold out, so a hotel with such a night is still suggested; so is one with a room left
 * on some night.
 */
export function soldOutEveryNight(
  nights: readonly { roomsLeft: number; rate: number | null }[],
): boolean {
  return nights.length > 0 && nights.every((n) => n.rate !== null && n.roomsLeft <= 0);
}

/**
 * How well a hotel suits a stay, 0-100, with the reasons a person reads, from HOTEL_MATCH_PARTS:
 * distance to the venue (full at 1 mile or less, none at the radius), rooms left every night (full
 * when the rooms asked for are there; a block adds its own part), the rate against the others
 * offered (full for the cheapest) and amenities (full at HOTEL_MATCH_FULL_AMENITIES). A hotel beyond
 * HOTEL_REACH_MILES of the venue gets no score: it is far from the venue, whatever it offers.
 */
export function hotelMatchScore(input: {
  distanceMiles: number | null;
  radiusMiles: number;
  /** Fewest rooms left on any night of the stay. */
  roomsLeft: number;
  roomsWanted: number;
  inBlock: boolean;
  rate: number | null;
  /** Some night of the stay has no rate yet: its rooms are not on sale, not sold out. */
  unpricedNights?: boolean;
  /** No room left on any night of the stay (soldOutEveryNight): it says so. */
  soldOut?: boolean;
  /** The lowest and highest rates among the hotels compared. */
  rateRange: { min: number; max: number } | null;
  amenities: number;
}): { score: number | null; reasons: string[] } {
  if (input.distanceMiles !== null && input.distanceMiles > HOTEL_REACH_MILES) {
    return { score: null, reasons: [`Far from the venue, ${milesText(input.distanceMiles)}`] };
  }
  const reasons: string[] = [];
  let score = 0;
  if (input.distanceMiles !== null) {
    const d = input.distanceMiles;
    const share = d <= 1 ? 1 : Math.max(0, 1 - (d - 1) / Math.max(1, input.radiusMiles - 1));
    score += HOTEL_MATCH_PARTS.distance.points * share;
    reasons.push(`${milesText(d)} from the venue`);
  }
  if (input.roomsLeft >= input.roomsWanted) {
    score += HOTEL_MATCH_PARTS.rooms.points;
    reasons.push(
      `${input.roomsLeft} room${input.roomsLeft === 1 ? "" : "s"} left every night${input.inBlock ? " in the event's block" : ""}`,
    );
  } else if (input.roomsLeft > 0) {
    score += HOTEL_MATCH_PARTS.rooms.points * (input.roomsLeft / input.roomsWanted);
    reasons.push(`Only ${input.roomsLeft} of ${input.roomsWanted} rooms left on some nights`);
  } else if (input.soldOut) {
    reasons.push(SOLD_OUT_EVERY_NIGHT);
  } else if (input.unpricedNights) {
    reasons.push("No rates yet for some nights");
  } else {
    reasons.push("Sold out on at least one night");
  }
  if (input.inBlock) {
    score += HOTEL_MATCH_PARTS.block.points;
    reasons.push("Group rate negotiated for the event");
  }
  if (input.rate !== null && input.rateRange) {
    const { min, max } = input.rateRange;
    const share = max > min ? (max - input.rate) / (max - min) : 1;
    score += HOTEL_MATCH_PARTS.rate.points * share;
    reasons.push(
      `From $${Math.round(input.rate)} a night${share === 1 ? ", the lowest nearby" : ""}`,
    );
  }
  score +=
    HOTEL_MATCH_PARTS.amenities.points * Math.min(1, input.amenities / HOTEL_MATCH_FULL_AMENITIES);
  if (input.amenities > 0) reasons.push(`${input.amenities} amenities`);
  return { score: Math.max(0, Math.min(100, Math.round(score))), reasons };
}
