// Shortlist rows to the API's shapes.
import type { TShortlist, TShortlistRow } from "@hostfield/domain/contracts";
import type { TShortlistKind } from "@hostfield/domain/reference";
import { iso, mediaRef, type TListingFacts } from "../../profiles";
import type { TShortlistRow as TListRow, TShortlistItemRow } from "./repository";

export function presentShortlist(list: TListRow, items: readonly TShortlistItemRow[]): TShortlist {
  return {
    id: list.id,
    name: list.name,
    itemCount: items.length,
    entries: items.map((i) => ({ kind: i.kind, id: i.profileId })),
    shareToken: list.shareToken,
    createdDate: iso(list.createdDate),
    updatedDate: iso(list.updatedDate),
  };
}

export type TRowFacts = {
  item: TShortlistItemRow;
  /** Null when the listing is no longer listed. */
  listing: TListingFacts | null;
  distanceMiles: number | null;
  responseMs: number | null;
};

const HOUR_MS = 3_600_000;
const oneDecimal = (n: number) => Math.round(n * 10) / 10;

function capacityOf(detail: Record<string, unknown> | null): number | null {
  const value = detail?.capacity;
  return typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : null;
}

export function presentRow(
  { item, listing, distanceMiles, responseMs }: TRowFacts,
  options: { withNotes: boolean },
): TShortlistRow {
  const note = options.withNotes ? item.note : null;
  const base = {
    kind: item.kind satisfies TShortlistKind,
    id: item.profileId,
    note,
    addedDate: iso(item.addedDate),
  };
  if (!listing) {
    return {
      ...base,
      listed: false,
      name: null,
      city: null,
      state: null,
      image: null,
      sports: [],
      spaceCount: 0,
      capacity: null,
      distanceMiles: null,
      responseHours: null,
    };
  }
  return {
    ...base,
    listed: true,
    name: listing.name,
    city: listing.city,
    state: listing.state,
    image: mediaRef(listing.headerImage ?? listing.logo),
    sports: listing.sports,
    spaceCount: listing.spaces.reduce((sum, space) => sum + space.count, 0),
    capacity: capacityOf(listing.detail),
    distanceMiles: distanceMiles === null ? null : oneDecimal(distanceMiles),
    responseHours: responseMs === null ? null : oneDecimal(Math.max(0, responseMs) / HOUR_MS),
  };
}
