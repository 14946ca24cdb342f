// The request wizard's date options (a request's `dateOptions`): the inputs as the editor holds
// them (strings, the weekdays ticked), the contract object they make, their errors beside the
// inputs (the contract's checks, then the domain's `requestDatesProblem`, the server's own words),
// the summary the editor shows, and the inputs an assistant's draft or a stored request fills.
import {
  REQUEST_MAX_DATE_SETS,
  REQUEST_MAX_SET_DAYS,
  REQUEST_MAX_WINDOW_DAYS,
  type TRequestDates,
  type TRfpDraft,
  ZRequestDates,
} from "@hostfield/domain/contracts";
import {
  describeRequestDates,
  diffDays,
  isIsoDate,
  requestDatesProblem,
  windowDateSets,
} from "@hostfield/domain/rules";
import type { TFieldErrors } from "../profiles";

/** How the request's dates work: the event's own, alternative date sets, or a window. */
export type TDatesKind = "event" | "sets" | "window";

export type TDateSetValues = { startDate: string; endDate: string };

/** The editor's inputs; the sets and the window are both kept while the organizer switches. */
export type TDateOptionsValues = {
  kind: TDatesKind;
  sets: TDateSetValues[];
  /** The window's first and last day, how many days in a row (as typed), and its weekdays. */
  from: string;
  to: string;
  days: string;
  /** 0 Sunday … 6 Saturday; none: any day. */
  weekdays: number[];
};

/** The default: the event's own dates (`dateOptions: null`). */
export const EVENT_DATES: TDateOptionsValues = {
  kind: "event",
  sets: [],
  from: "",
  to: "",
  days: "",
  weekdays: [],
};

export const DATES_KIND_LABELS: Record<TDatesKind, string> = {
  event: "The event's dates",
  sets: "Alternative dates",
  window: "A window",
};

export const WEEKDAY_NAMES = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;
/** The week as the weekday boxes list it: Monday first, so a weekend stays together. */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/** Quick picks of weekdays; each is a run of consecutive days (none: any day). */
export const WEEKDAY_PICKS: readonly { label: string; weekdays: readonly number[] }[] = [
  { label: "Weekend (Sat-Sun)", weekdays: [6, 0] },
  { label: "Fri-Sun", weekdays: [5, 6, 0] },
  { label: "Weekdays (Mon-Fri)", weekdays: [1, 2, 3, 4, 5] },
  { label: "Any day", weekdays: [] },
];

/** The error keys of the inputs (TFieldErrors of the wizard). */
export const DATE_ERROR_KEYS = {
  /** A problem of the whole options (the window as a whole, or the server's refusal). */
  options: "dateOptions",
  set: (index: number) => `dateSets.${index}`,
  setStart: (index: number) => `dateSets.${index}.startDate`,
  setEnd: (index: number) => `dateSets.${index}.endDate`,
  from: "dateFrom",
  to: "dateTo",
  days: "dateDays",
} as const;

type TEventDates = { startDate: string; endDate: string } | null;

const eventSet = (event: TEventDates): TDateSetValues =>
  event && isIsoDate(event.startDate)
    ? {
        startDate: event.startDate,
        endDate: isIsoDate(event.endDate) ? event.endDate : event.startDate,
      }
    : { startDate: "", endDate: "" };

/**
 * The inputs once `kind` is chosen. A kind used for the first time starts from the event's dates:
 * one date set of them, or a window over them of as many days as the event lasts.
 */
export function withKind(
  values: TDateOptionsValues,
  kind: TDatesKind,
  event: TEventDates,
): TDateOptionsValues {
  const out = { ...values, kind };
  const first = eventSet(event);
  if (kind === "sets" && out.sets.length === 0) out.sets = [first];
  if (kind === "window" && out.from === "" && out.to === "" && out.days === "") {
    out.from = first.startDate;
    out.to = first.endDate;
    const length =
      first.startDate && first.endDate >= first.startDate
        ? diffDays(first.startDate, first.endDate) + 1
        : 1;
    out.days = String(Math.min(length, REQUEST_MAX_SET_DAYS));
  }
  return out;
}

/** One more date set (empty), up to REQUEST_MAX_DATE_SETS. */
export function addDateSet(values: TDateOptionsValues): TDateOptionsValues {
  if (values.sets.length >= REQUEST_MAX_DATE_SETS) return values;
  return { ...values, sets: [...values.sets, { startDate: "", endDate: "" }] };
}

export function removeDateSet(values: TDateOptionsValues, index: number): TDateOptionsValues {
  return { ...values, sets: values.sets.filter((_set, i) => i !== index) };
}

/**
 * A set's day changed. A first day after the last one (or no last one yet) moves the last day
 * with it, so a one-day set is one input away.
 */
export function changeDateSet(
  values: TDateOptionsValues,
  index: number,
  end: keyof TDateSetValues,
  day: string,
): TDateOptionsValues {
  const sets = values.sets.map((set, i) => {
    if (i !== index) return set;
    const next = { ...set, [end]: day };
    if (end === "startDate" && isIsoDate(day) && (next.endDate === "" || next.endDate < day)) {
      next.endDate = day;
    }
    return next;
  });
  return { ...values, sets };
}

export function toggleWeekday(values: TDateOptionsValues, day: number): TDateOptionsValues {
  const weekdays = values.weekdays.includes(day)
    ? values.weekdays.filter((d) => d !== day)
    : [...values.weekdays, day];
  return { ...values, weekdays: sortWeek(weekdays) };
}

const weekPlace = (day: number) => (WEEK_ORDER as readonly number[]).indexOf(day);
const sortWeek = (weekdays: readonly number[]) =>
  [...weekdays].sort((a, b) => weekPlace(a) - weekPlace(b));

/**
 * A quick pick: its weekdays, and no more days in a row than the pick holds (a weekend holds 2);
 * "any day" keeps the days.
 */
export function pickWeekdays(
  values: TDateOptionsValues,
  weekdays: readonly number[],
): TDateOptionsValues {
  const days = Number(values.days);
  const limited =
    weekdays.length > 0 && Number.isInteger(days) && days > weekdays.length
      ? String(weekdays.length)
      : values.days;
  return { ...values, weekdays: sortWeek(weekdays), days: limited };
}

/** True when the ticked weekdays are exactly the pick's. */
export function isPicked(values: TDateOptionsValues, weekdays: readonly number[]): boolean {
  return (
    values.weekdays.length === weekdays.length && weekdays.every((d) => values.weekdays.includes(d))
  );
}

/** The object the inputs make (possibly invalid: `dateOptionsErrors` says why); null: the event's. */
export function dateOptionsBody(values: TDateOptionsValues): Record<string, unknown> | null {
  if (values.kind === "event") return null;
  if (values.kind === "sets") {
    return { kind: "sets", sets: values.sets.map((s) => ({ ...s })) };
  }
  const days = values.days.trim();
  return {
    kind: "window",
    from: values.from,
    to: values.to,
    days: days === "" ? Number.NaN : Number(days),
    weekdays: [...values.weekdays],
  };
}

/** The checked options, or null (the event's dates, or inputs that do not pass the contract). */
export function dateOptionsOf(values: TDateOptionsValues): TRequestDates | null {
  const body = dateOptionsBody(values);
  if (!body) return null;
  const parsed = ZRequestDates.safeParse(body);
  return parsed.success ? parsed.data : null;
}

/** The words an input's contract issue is said with. */
function issueWords(key: string, message: string): string {
  if (/\.startDate$/.test(key)) {
    return message.startsWith("Expected a date") ? "Enter the first day." : message;
  }
  if (/\.endDate$/.test(key)) {
    return message.startsWith("Expected a date") ? "Enter the last day." : message;
  }
  if (key === DATE_ERROR_KEYS.from) return "Enter the window's first day.";
  if (key === DATE_ERROR_KEYS.to) {
    return message.startsWith("Expected a date") ? "Enter the window's last day." : message;
  }
  if (key === DATE_ERROR_KEYS.days) {
    return `Enter a number of days from 1 to ${REQUEST_MAX_SET_DAYS}.`;
  }
  return message;
}

function keyOfIssue(path: readonly PropertyKey[]): string {
  const [head, index, end] = path.map(String);
  if (head === "sets" && index !== undefined && (end === "startDate" || end === "endDate")) {
    return end === "startDate"
      ? DATE_ERROR_KEYS.setStart(Number(index))
      : DATE_ERROR_KEYS.setEnd(Number(index));
  }
  if (head === "from") return DATE_ERROR_KEYS.from;
  if (head === "to") return DATE_ERROR_KEYS.to;
  if (head === "days") return DATE_ERROR_KEYS.days;
  return DATE_ERROR_KEYS.options;
}

/**
 * Errors of the date options on `today` (YYYY-MM-DD), by input: first the contract's (a day not
 * given, a set or a window that ends before it starts, days out of range), then the domain's
 * problem, the message the server would answer with: beside the date set it is about, or for the
 * window as a whole.
 */
export function dateOptionsErrors(values: TDateOptionsValues, today: string): TFieldErrors {
  const body = dateOptionsBody(values);
  if (!body) return {};
  if (values.kind === "sets" && values.sets.length === 0) {
    return { [DATE_ERROR_KEYS.options]: "Add at least one date set." };
  }
  const parsed = ZRequestDates.safeParse(body);
  if (!parsed.success) {
    const errors: TFieldErrors = {};
    for (const issue of parsed.error.issues) {
      const key = keyOfIssue(issue.path);
      if (!errors[key]) errors[key] = issueWords(key, issue.message);
    }
    return errors;
  }
  const options = parsed.data;
  if (options.kind === "sets") {
    const errors: TFieldErrors = {};
    options.sets.forEach((set, index) => {
      const problem = requestDatesProblem({ kind: "sets", sets: [set] }, today);
      if (problem) errors[DATE_ERROR_KEYS.set(index)] = problem.message;
    });
    return errors;
  }
  const problem = requestDatesProblem(options, today);
  return problem ? { [DATE_ERROR_KEYS.options]: problem.message } : {};
}

/** True when an error is about the date options (so the dates editor shows it). */
export const isDateErrorKey = (key: string) =>
  key === DATE_ERROR_KEYS.options ||
  key.startsWith("dateSets.") ||
  key === DATE_ERROR_KEYS.from ||
  key === DATE_ERROR_KEYS.to ||
  key === DATE_ERROR_KEYS.days;

/** What the editor says of the options so far: their words and how many date sets they hold. */
export type TDatesSummary = { words: string; setCount: number };

/** The summary of the inputs; null for the event's dates or inputs not yet complete. */
export function datesSummary(values: TDateOptionsValues): TDatesSummary | null {
  const options = dateOptionsOf(values);
  if (!options) return null;
  const words = describeRequestDates(options) ?? "";
  if (options.kind === "sets") return { words, setCount: options.sets.length };
  // A window's sets are counted day by day: only for a span the contract allows.
  if (diffDays(options.from, options.to) + 1 > REQUEST_MAX_WINDOW_DAYS) return null;
  return { words, setCount: windowDateSets(options).length };
}

/** The inputs that say `options` (a stored request's, or what the assistant understood). */
export function dateOptionsValuesFrom(options: TRequestDates | null): TDateOptionsValues {
  if (!options) return EVENT_DATES;
  if (options.kind === "sets") {
    return { ...EVENT_DATES, kind: "sets", sets: options.sets.map((s) => ({ ...s })) };
  }
  return {
    ...EVENT_DATES,
    kind: "window",
    from: options.from,
    to: options.to,
    days: String(options.days),
    weekdays: sortWeek(options.weekdays),
  };
}

/**
 * The inputs with what a draft of the RFP assistant understood of the dates: its `dateOptions`
 * when it gives some ("a weekend in March or April"); otherwise the inputs stay as they are.
 */
export function dateOptionsFromDraft(
  draft: Pick<TRfpDraft, "dateOptions">,
  values: TDateOptionsValues,
): TDateOptionsValues {
  return draft.dateOptions ? dateOptionsValuesFrom(draft.dateOptions) : values;
}
