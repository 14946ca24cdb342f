// The days a report shows, kept in the address so a link reproduces the view: `?days=90` for the
// last 90 days up to today (UTC), `?from=2026-01-01&to=2026-03-31` for a custom range, nothing for
// the default 30 days. A malformed or too long custom range falls back to the default.
import {
  REPORT_DEFAULT_DAYS,
  REPORT_MAX_DAYS,
  REPORT_PRESET_DAYS,
} from "@hostfield/domain/contracts";
import { addDays, diffDays, isIsoDate, todayUtc } from "@hostfield/domain/rules";
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import type { TDateRange } from "./reports-api";

export type TPresetDays = (typeof REPORT_PRESET_DAYS)[number];
/** Which range the picker shows chosen: a preset's days, or a custom range. */
export type TRangeChoice = { preset: TPresetDays } | { preset: "custom" };

const isPreset = (days: number): days is TPresetDays =>
  (REPORT_PRESET_DAYS as readonly number[]).includes(days);

/** The last `days` days up to `today`, both included. */
export function lastDays(days: number, today: string): TDateRange {
  return { startDate: addDays(today, -(days - 1)), endDate: today };
}

/** Why a custom range cannot be asked for, or null when it can. */
export function customRangeProblem(from: string, to: string): string | null {
  if (!isIsoDate(from) || !isIsoDate(to)) return "Pick both days.";
  if (from > to) return "The range ends before it starts.";
  if (diffDays(from, to) + 1 > REPORT_MAX_DAYS) {
    return `A report covers at most ${REPORT_MAX_DAYS} days.`;
  }
  return null;
}

/** The range and the picker's choice the address asks for. */
export function readRange(
  params: URLSearchParams,
  today: string,
): { range: TDateRange; choice: TRangeChoice } {
  const from = params.get("from");
  const to = params.get("to");
  if (from && to && customRangeProblem(from, to) === null) {
    return { range: { startDate: from, endDate: to }, choice: { preset: "custom" } };
  }
  const days = Number(params.get("days"));
  const preset = isPreset(days) ? days : (REPORT_DEFAULT_DAYS as TPresetDays);
  return { range: lastDays(preset, today), choice: { preset } };
}

/** The range in the address, and the ways to change it (each a history entry of its own). */
export function useReportRange() {
  const [params, setParams] = useSearchParams();
  const today = todayUtc();
  const key = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the string is the params' identity.
  const read = useMemo(() => readRange(params, today), [key, today]);

  const choosePreset = useCallback(
    (days: TPresetDays) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.delete("from");
        next.delete("to");
        if (days === REPORT_DEFAULT_DAYS) next.delete("days");
        else next.set("days", String(days));
        return next;
      }),
    [setParams],
  );

  const chooseCustom = useCallback(
    (range: TDateRange) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.delete("days");
        next.set("from", range.startDate);
        next.set("to", range.endDate);
        return next;
      }),
    [setParams],
  );

  return { ...read, choosePreset, chooseCustom };
}

/** The address's range part (`?days=90`, `?from=…&to=…`), for links between tabs. */
export function rangeSearch(params: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const name of ["days", "from", "to"]) {
    const value = params.get(name);
    if (value) kept.set(name, value);
  }
  const text = kept.toString();
  return text ? `?${text}` : "";
}
