// Dates and times as the pages write them in full ("Mar 1, 2025"; "Mar 1, 2025, 12:00 PM"), in
// one locale so every page agrees.
import { once } from "./once";

const dateFormat = once(() => new Intl.DateTimeFormat("en-US", { dateStyle: "medium" }));
const dateTimeFormat = once(
  () => new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" }),
);

function parse(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Mar 1, 2025"; empty for a missing or broken date. */
export function formatDate(value: string | null | undefined): string {
  const date = parse(value);
  return date ? dateFormat().format(date) : "";
}

/** "Mar 1, 2025, 12:00 PM"; empty for a missing or broken date. */
export function formatDateTime(value: string | null | undefined): string {
  const date = parse(value);
  return date ? dateTimeFormat().format(date) : "";
}
