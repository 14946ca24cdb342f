// Scalar schemas every contract shares: ids, calendar dates, timestamps, links.
import { z } from "zod";
import { DATE_PICKER_BOUNDS } from "../reference/constants";
import { isIsoDate } from "../rules/dates";

export const ZId = z.uuid();
export type TId = z.infer<typeof ZId>;

const { min: EARLIEST, max: LATEST } = DATE_PICKER_BOUNDS;
const BOUNDS_MESSAGE = `Expected a date from ${EARLIEST} to ${LATEST}`;

/**
 * A calendar date `YYYY-MM-DD` that exists (2024-02-29 yes, 2023-02-29 no), within the dates the
 * product takes (DATE_PICKER_BOUNDS): a year like 9999 would overflow the day arithmetic behind it.
 */
export const ZIsoDate = z
  .string()
  .refine(isIsoDate, { message: "Expected a date as YYYY-MM-DD" })
  .refine((value) => value >= EARLIEST && value <= LATEST, { message: BOUNDS_MESSAGE });
export type TIsoDate = z.infer<typeof ZIsoDate>;

/** An instant with its offset, e.g. 2025-03-01T12:00:00Z, on a day within the same bounds. */
export const ZIsoDateTime = z.iso.datetime({ offset: true }).refine(
  (value) => {
    const day = Number.isNaN(Date.parse(value)) ? "" : new Date(value).toISOString().slice(0, 10);
    return day >= EARLIEST && day <= LATEST;
  },
  { message: BOUNDS_MESSAGE },
);
export type TIsoDateTime = z.infer<typeof ZIsoDateTime>;

/** An absolute http(s) link. */
export const ZHttpUrl = z.url({ protocol: /^https?$/ });

/** An image reference: a stored file key or path, or an absolute link. */
export const ZImageRef = z.string().min(1).max(2048);

/**
 * One of our stored files as the API names it: `/media/` and the file's key, with the grant a
 * pending listing's addresses carry (the server stores the file without it), nothing else.
 */
const MEDIA_PATH = /^\/media\/[A-Za-z0-9][\w.-]*(\/[A-Za-z0-9][\w.-]*)*(\?grant=[\w-]+)?$/;

const HTTPS_LINK = z.url({ protocol: /^https$/ });
const isHttpsLink = (value: string) =>
  value.startsWith("https://") && HTTPS_LINK.safeParse(value).success;

/**
 * An image a client may set (a listing's logo or header image): one of our stored files as the
 * API returns it (`/media/<key>`) or an absolute https link. A protocol-relative link
 * (`//host/x.png`), another scheme (`javascript:`, `data:`, `http:`) or a bare path is refused.
 */
export const ZImageInput = ZImageRef.refine(
  (value) => MEDIA_PATH.test(value) || isHttpsLink(value),
  { message: "Expected one of our images (/media/…) or an https:// link" },
);

/** createdDate, updatedDate, createdBy, updatedBy: set by the server, never by a patch. */
export const ZAuditFields = z.object({
  createdDate: ZIsoDateTime,
  updatedDate: ZIsoDateTime,
  createdBy: ZId.nullable(),
  updatedBy: ZId.nullable(),
});
export type TAuditFields = z.infer<typeof ZAuditFields>;

/** One rule for an e-mail address, for what we accept and what we return. */
export const ZEmail = z.email().max(254);
