// Shortlists: an organizer's named lists of venues saved from cards and pages, compared side by
// side, shared read-only by a link, and sent one request together.
import { z } from "zod";
import { SHORTLIST_KINDS, SHORTLIST_NAME_MAX, SHORTLIST_NOTE_MAX } from "../reference/shortlists";

const name = z.string().trim().min(1, "Give the shortlist a name.").max(SHORTLIST_NAME_MAX);

/** A new shortlist, or its new name. */
export const ZShortlistInput = z.object({ name });
export type TShortlistInput = z.infer<typeof ZShortlistInput>;

/** A listing to add, with an optional note. */
export const ZShortlistItemInput = z.object({
  kind: z.enum(SHORTLIST_KINDS),
  id: z.uuid(),
  note: z.string().trim().max(SHORTLIST_NOTE_MAX).nullable().optional(),
});
export type TShortlistItemInput = z.infer<typeof ZShortlistItemInput>;

/** A listing on a shortlist, by kind and id (what the save menu marks as saved). */
export const ZShortlistEntry = z.object({ kind: z.enum(SHORTLIST_KINDS), id: z.uuid() });
export type TShortlistEntry = z.infer<typeof ZShortlistEntry>;

/** One of my shortlists, as the list of them and the save menu read it. */
export const ZShortlist = z.object({
  id: z.uuid(),
  name: z.string(),
  itemCount: z.number().int().min(0),
  /** The listings on it (at most SHORTLIST_MAX_ITEMS), so a save menu knows what is saved where. */
  entries: z.array(ZShortlistEntry),
  /** The read-only link's token, or null when the list is not shared. */
  shareToken: z.string().nullable(),
  createdDate: z.iso.datetime(),
  updatedDate: z.iso.datetime(),
});
export type TShortlist = z.infer<typeof ZShortlist>;

/** A listing on a shortlist as the comparison shows it: one row of comparable facts. */
export const ZShortlistRow = z.object({
  kind: z.enum(SHORTLIST_KINDS),
  id: z.uuid(),
  /** False when the listing is no longer public (pending, inactive or deleted): no facts then. */
  listed: z.boolean(),
  name: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  image: z.string().nullable(),
  sports: z.array(z.string()),
  /** Playing spaces (courts, fields, rinks…), summed over the listing's space types. */
  spaceCount: z.number().int().min(0),
  /** People the venue holds, as its listing states it; null when it states none. */
  capacity: z.number().int().min(0).nullable(),
  /** Miles from the comparison's place; null without a place or a point on the listing. */
  distanceMiles: z.number().min(0).nullable(),
  /** Median hours from a request reaching it to its first answer; null before any answer. */
  responseHours: z.number().min(0).nullable(),
  note: z.string().nullable(),
  addedDate: z.iso.datetime(),
});
export type TShortlistRow = z.infer<typeof ZShortlistRow>;

/** Where distances are measured from, as the gazetteer read the place asked for. */
export const ZShortlistOrigin = z.object({ label: z.string(), lat: z.number(), lng: z.number() });

/** A shortlist with its rows, oldest addition first (the owner's view). */
export const ZShortlistDetail = ZShortlist.extend({
  rows: z.array(ZShortlistRow),
  origin: ZShortlistOrigin.nullable(),
});
export type TShortlistDetail = z.infer<typeof ZShortlistDetail>;

/** The read-only view behind a share link: the name and the public listings' rows, no notes. */
export const ZSharedShortlist = z.object({
  name: z.string(),
  updatedDate: z.iso.datetime(),
  rows: z.array(ZShortlistRow),
  origin: ZShortlistOrigin.nullable(),
});
export type TSharedShortlist = z.infer<typeof ZSharedShortlist>;

/** The comparison's query: `from`, a city or postal code to measure distances from. */
export const ZShortlistCompareQuery = z.object({
  from: z.string().trim().min(1).max(120).optional(),
});
