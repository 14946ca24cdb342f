// What a venue's calendar says of each day, for its 12-month view: booked or held for the whole
// venue, partly taken (some of a space type's spaces: "2 of 4 courts booked"), need dates (with the
// best discount), or free.
import type { TAvailabilityRange } from "@hostfield/domain/contracts";
import { NO_SURFACE } from "@hostfield/domain/reference";
import { eachDay } from "@hostfield/domain/rules";

export type TDayStatus = "booked" | "held" | "partly" | "need" | "free";

/** A facility's space type as the calendar names it (the listing's space types). */
export type TCalendarSpace = {
  id: string;
  name: string;
  count: number;
  surface: string;
  location: string;
};

/** Some of one space type's spaces taken on a day: how many (null: all), booked or held. */
export type TTakenSpaces = {
  spaceTypeId: string;
  spaces: number | null;
  kinds: ("booked" | "held")[];
};

export type TDayState = {
  status: TDayStatus;
  discountPercent: number | null;
  /** A partly taken day: the spaces taken, by space type. */
  taken?: TTakenSpaces[];
};

const FREE: TDayState = { status: "free", discountPercent: null };

/** Taken beats wanted: a day booked for the whole venue is booked, whatever else it has. */
const RANK: Record<TDayStatus, number> = { booked: 4, held: 3, partly: 2, need: 1, free: 0 };

function stateOf(range: TAvailabilityRange): TDayState {
  if (range.kind === "need") return { status: "need", discountPercent: range.discountPercent };
  if (range.spaceTypeId !== null) {
    return {
      status: "partly",
      discountPercent: null,
      taken: [{ spaceTypeId: range.spaceTypeId, spaces: range.spaces, kinds: [range.kind] }],
    };
  }
  return { status: range.kind, discountPercent: null };
}

/** Two partly taken days' spaces together: the same space type's counts add up (null is all). */
function addTaken(a: readonly TTakenSpaces[], b: readonly TTakenSpaces[]): TTakenSpaces[] {
  const out = a.map((t) => ({ ...t, kinds: [...t.kinds] }));
  for (const t of b) {
    const same = out.find((o) => o.spaceTypeId === t.spaceTypeId);
    if (!same) out.push({ ...t, kinds: [...t.kinds] });
    else {
      same.spaces = same.spaces === null || t.spaces === null ? null : same.spaces + t.spaces;
      for (const kind of t.kinds) if (!same.kinds.includes(kind)) same.kinds.push(kind);
    }
  }
  return out;
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
      } else if (state.status === "partly" && before.status === "partly") {
        days.set(day, { ...before, taken: addTaken(before.taken ?? [], state.taken ?? []) });
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

/** "court" → "courts", "batting cage" → "batting cages", "lanes" stays, "1 pool" stays one. */
export function spaceNoun(name: string, count: number): string {
  const noun = name.toLowerCase();
  if (count === 1 || noun.endsWith("s")) return noun;
  return /(ch|sh|x)$/.test(noun) ? `${noun}es` : `${noun}s`;
}

/**
 * "2 of 4 courts booked", "All 3 fields held", "1 of 4 courts, 2 of 2 pools taken": the spaces a
 * partly taken day has taken, by name when the facility's space types are known; else null.
 */
export function takenLabel(
  taken: readonly TTakenSpaces[],
  spaces: readonly TCalendarSpace[] | undefined,
): string | null {
  if (!spaces || taken.length === 0) return null;
  const parts: string[] = [];
  for (const t of taken) {
    const space = spaces.find((s) => s.id === t.spaceTypeId);
    if (!space) return null;
    const n = t.spaces === null ? space.count : Math.min(t.spaces, space.count);
    const noun = spaceNoun(space.name, space.count);
    const all = n === space.count && taken.length === 1;
    parts.push(
      all ? (n === 1 ? `The ${noun}` : `All ${n} ${noun}`) : `${n} of ${space.count} ${noun}`,
    );
  }
  const kinds = new Set(taken.flatMap((t) => t.kinds));
  const verb = kinds.size > 1 ? "taken" : kinds.has("held") ? "held" : "booked";
  return `${parts.join(", ")} ${verb}`;
}

/** "Need dates, 15% off", "Booked", "2 of 4 courts booked", "Free". */
export function dayStateLabel(state: TDayState, spaces?: readonly TCalendarSpace[]): string {
  if (state.status === "partly") {
    return takenLabel(state.taken ?? [], spaces) ?? DAY_STATUS_LABELS.partly;
  }
  const label = DAY_STATUS_LABELS[state.status];
  return state.discountPercent ? `${label}, ${state.discountPercent}% off` : label;
}

/** "Court · Indoor · Hardwood (4)": a space type as the form offers it. */
export function spaceOptionLabel(space: TCalendarSpace): string {
  const surface = space.surface === NO_SURFACE ? null : space.surface;
  return `${[space.name, space.location, surface].filter(Boolean).join(" · ")} (${space.count})`;
}
