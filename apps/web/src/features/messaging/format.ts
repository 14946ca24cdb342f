// How the messaging screens write times, and how they read a message body (links, shared files).

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function sameDay(a: Date, b: Date): boolean {
  return (
    a.getFullYear() === b.getFullYear() &&
    a.getMonth() === b.getMonth() &&
    a.getDate() === b.getDate()
  );
}

/** A short "how long ago" for lists: just now, 5 min, 3 h, Yesterday, Mon, Mar 4, Mar 4, 2023. */
export function relativeTime(value: string | Date, now: Date = new Date()): string {
  const date = typeof value === "string" ? new Date(value) : value;
  const elapsed = now.getTime() - date.getTime();
  if (Number.isNaN(elapsed)) return "";
  if (elapsed < MINUTE) return "just now";
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min ago`;
  if (sameDay(date, now)) return `${Math.floor(elapsed / HOUR)} h ago`;
  const yesterday = new Date(now.getTime() - DAY);
  if (sameDay(date, yesterday)) return "Yesterday";
  if (elapsed < 6 * DAY) return date.toLocaleDateString(undefined, { weekday: "short" });
  if (date.getFullYear() === now.getFullYear()) {
    return date.toLocaleDateString(undefined, { month: "short", day: "numeric" });
  }
  return date.toLocaleDateString(undefined, { month: "short", day: "numeric", year: "numeric" });
}

/** The time beside a message: the clock time today, else the date and time. */
export function messageTime(value: string, now: Date = new Date()): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  const time = date.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" });
  if (sameDay(date, now)) return time;
  const day = date.toLocaleDateString(undefined, {
    month: "short",
    day: "numeric",
    ...(date.getFullYear() === now.getFullYear() ? {} : { year: "numeric" }),
  });
  return `${day}, ${time}`;
}

/** A piece of a message, with where it starts in the body. */
export type TBodyPart =
  | { kind: "text"; text: string; at: number }
  | { kind: "link"; href: string; at: number };

// Absolute http(s) links, and the product's own media files.
const LINK = /(https?:\/\/[^\s<>"]+|\/media\/[^\s<>"]+)/g;
const TRAILING_PUNCTUATION = /[.,;:!?)\]]+$/;

/** Splits a message into text and links (only http(s) and /media/ addresses become links). */
export function splitLinks(body: string): TBodyPart[] {
  const parts: TBodyPart[] = [];
  let last = 0;
  for (const match of body.matchAll(LINK)) {
    const start = match.index ?? 0;
    // Punctuation that ends a sentence is not part of the address.
    const href = match[0].replace(TRAILING_PUNCTUATION, "");
    if (start > last) parts.push({ kind: "text", text: body.slice(last, start), at: last });
    parts.push({ kind: "link", href, at: start });
    last = start + href.length;
  }
  if (last < body.length) parts.push({ kind: "text", text: body.slice(last), at: last });
  return parts;
}

export { parseAttachment, type TAttachment } from "@hostfield/domain/rules";

import { messageSnippet } from "@hostfield/domain/rules";

/** The one-line preview of a message in the conversation list. */
export const snippetOf = messageSnippet;
