// What a venue's calendar says of each day, for its 12-month view: booked or held for the whole
// venue, partly taken (some of a space type's spaces), need dates (with the best discount), or free.
import type { TAvailabilityRange } from "@hostfield/domain/contracts";
import { eachDay } from "@hostfield/domain/rules";

export type TDayStatus = "booked" | "held" | "partly" | "need" | "free";

export type TDayState = { status: TDayStatus; discountPercent: number | null };

const FREE: TDayState = { status: "free", discountPercent: null };

/** Taken beats wanted: a day booked for the whole venue is booked, whatever else it has. */
const RANK: Record<TDayStatus, number> = { booked: 4, held: 3, partly: 2, need: 1, free: 0 };

function stateOf(range: TAvailabilityRange): TDayState {
  if (range.kind === "need") return { status: "need", discountPercent: range.discountPercent };
  if (range.spaceTypeId !== null) return { status: "partly", discountPercent: null };
  return { status: range.kind, discountPercent: null };
}

/** Each day from `from` to `to` that the ranges say something of (a day left out is free). */
export function dayStates(
  ranges: readonly TAvailabilityRange[],
  from: string,
  to: string,
): Map<string, TDayState> {
  const days = new Map<string, TDayState>();
  for (const range of ranges) {
    const state = stateOf(range);
    const start = range.startDate < from ? from : range.startDate;
    const end = range.endDate > to ? to : range.endDate;
    if (start > end) continue;
    for (const day of eachDay(start, end)) {
      const before = days.get(day) ?? FREE;
      if (RANK[state.status] > RANK[before.status]) days.set(day, state);
      else if (state.status === "need" && before.status === "need") {
        const best = Math.max(before.discountPercent ?? 0, state.discountPercent ?? 0);
        days.set(day, { status: "need", discountPercent: best > 0 ? best : null });
      }
    }
  }
  return days;
}

export const DAY_STATUS_LABELS: Record<TDayStatus, string> = {
  booked: "Booked",
  held: "Held",
  partly: "Partly booked",
  need: "Need dates",
  free: "Free",
};

/** "Need dates, 15% off", "Booked", "Free". */
export function dayStateLabel(state: TDayState): string {
  const label = DAY_STATUS_LABELS[state.status];
  return state.discountPercent ? `${label}, ${state.discountPercent}% off` : label;
}
