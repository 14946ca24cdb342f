// The shape of a hotel block an organizer proposes: which nights to hold and how many rooms each,
// from the event's dates and the rooms wanted on the busiest night. Planners hold fewer rooms on
// the shoulders: some teams arrive the night before the first day, and some leave before the last
// night, so the first and the last night held get a share of the peak and the nights between it.
import { addDays, diffDays, isIsoDate } from "./dates";

/** The shoulders' share of the peak: half, rounded up, and at least 1 room. */
export const BLOCK_SHOULDER_SHARE = 0.5;

/** The most nights a proposed shape holds (a month and the shoulders). */
export const BLOCK_SHAPE_MAX_NIGHTS = 32;

export type TShapedNight = { night: string; rooms: number; shoulder: boolean };

/** Rooms on a shoulder night for a peak: half rounded up, at least 1 (none for no peak). */
export function shoulderRooms(peak: number, share = BLOCK_SHOULDER_SHARE): number {
  const whole = Math.floor(peak);
  if (!(whole > 0)) return 0;
  return Math.max(1, Math.ceil(whole * share));
}

/**
 * The nights to hold for an event running `startDate`..`endDate` (days, inclusive): from the night
 * before the first day (the arrival shoulder) through the night before the last day, and the last
 * day's night too when `lastNight` (teams that stay after the final games). A night is the date it
 * starts. The peak is on the core nights; the first and last nights held are shoulders once there
 * are three nights or more. With two, only the arrival night is (the other is the night before the
 * last day, when every team is still in); one night is the peak. A peak below 1 gives 0 rooms on
 * every night; dates that are not days, or an end before the start, give no nights.
 */
export function proposedBlockNights(input: {
  startDate: string;
  endDate: string;
  peakRooms: number;
  lastNight?: boolean;
  shoulderShare?: number;
}): TShapedNight[] {
  const { startDate, endDate } = input;
  if (!isIsoDate(startDate) || !isIsoDate(endDate) || endDate < startDate) return [];
  const first = addDays(startDate, -1);
  const last = input.lastNight ? endDate : addDays(endDate, -1);
  const count = Math.min(diffDays(first, last) + 1, BLOCK_SHAPE_MAX_NIGHTS);
  const peak = Math.max(0, Math.floor(input.peakRooms) || 0);
  const shoulder = shoulderRooms(peak, input.shoulderShare);
  return Array.from({ length: count }, (_, i) => {
    const isShoulder = count >= 2 && (i === 0 || (count >= 3 && i === count - 1));
    return { night: addDays(first, i), rooms: isShoulder ? shoulder : peak, shoulder: isShoulder };
  });
}

/** The peak that spreads `roomNights` over `nights` nights: rounded up (0 without nights). */
export function peakForRoomNights(roomNights: number, nights: number): number {
  if (nights <= 0 || roomNights <= 0) return 0;
  return Math.ceil(roomNights / nights);
}
