// The seven listing kinds as the account and admin lists name and address them (from the kinds'
// definitions), the fields those lists show, and the calls behind them.
import {
  type TProfileListFilter,
  ZProfileListFilter,
  ZProfileStatus,
  ZTier,
} from "@hostfield/domain/contracts";
import { KINDS, PROFILE_KINDS, type TProfileKind } from "@hostfield/domain/kinds";
import type { TProfileStatus } from "@hostfield/domain/reference";
import { profileLink } from "@hostfield/domain/rules";
import { z } from "zod";
import { apiGetList, apiPatch, apiPostList, apiPut, type TListResult } from "../../lib/api";
import type { TPage } from "../../lib/offset-pages";

export type TListingKind = {
  kind: TProfileKind;
  /** Catalogue service: `/hotel-mgmt/api`. */
  service: string;
  /** Collection path segment, also the web path of one listing: `/hotels/{id}`. */
  path: string;
  label: string;
  plural: string;
  /** `likes` (my/liked) or `followers` (my/followed). */
  reaction: "likes" | "followers";
};

/** A kind as these lists show it, from its definition. */
function listingKind(kind: TProfileKind): TListingKind {
  const { api, label, plural, listNames } = KINDS[kind];
  return {
    kind,
    service: api.service,
    path: api.path,
    reaction: api.reaction,
    label: listNames?.one ?? label,
    plural: listNames?.many ?? plural,
  };
}

/** In the order of the domain's list of kinds. */
export const LISTING_KINDS: readonly TListingKind[] = PROFILE_KINDS.map(listingKind);

export function getListingKind(kind: TProfileKind): TListingKind {
  const found = LISTING_KINDS.find((candidate) => candidate.kind === kind);
  if (!found) throw new Error(`Unknown listing kind "${kind}".`);
  return found;
}

const enc = encodeURIComponent;

/** The API collection of a kind: `/hotel-mgmt/api/hotels`. */
export function listingsApiPath(kind: TListingKind, rest = ""): string {
  return `/${kind.service}/api/${kind.path}${rest}`;
}

/** The web page of one listing: `/hotels/{id}`. */
export function listingPagePath(kind: TListingKind, id: string): string {
  return profileLink(kind.kind, id);
}

/** The list call of what I like or follow, by the kind's reaction. */
export function myReactionPath(kind: TListingKind): string {
  return kind.reaction === "likes" ? "my/liked" : "my/followed";
}

/**
 * What the lists show of a listing: the shared profile fields, checked loosely so one kind's
 * extra fields (or a field the server adds later) never fails a list.
 */
export const ZListing = z.object({
  id: z.string().min(1),
  name: z.string(),
  status: ZProfileStatus,
  tier: ZTier,
  isActive: z.boolean(),
  description: z.string().nullable().optional(),
  address: z
    .object({ city: z.string().nullable().optional(), state: z.string().nullable().optional() })
    .nullable()
    .optional(),
  logo: z.string().nullable().optional(),
  website: z.string().nullable().optional(),
  email: z.string().nullable().optional(),
  phone: z.string().nullable().optional(),
  sports: z.array(z.string()).optional(),
  createdDate: z.string().optional(),
});
export type TListing = z.infer<typeof ZListing>;

/** A listing's status in words: pending ones wait for an admin's approval. */
export const LISTING_STATUS_LABELS: Record<TProfileStatus, string> = {
  pending: "Pending approval",
  approved: "Approved",
};

/** "Austin, Texas", or null when the listing gives no place. */
export function listingPlace(listing: TListing): string | null {
  const parts = [listing.address?.city, listing.address?.state].filter(Boolean);
  return parts.length > 0 ? parts.join(", ") : null;
}

export type { TPage };

/** One page of a kind's listings; the lists of the account and admin pages all come from one. */
export type TListingLoader = (
  kind: TListingKind,
  page: TPage,
  signal?: AbortSignal,
) => Promise<TListResult<TListing>>;

/** The listings of a kind I belong to (pending ones included). */
export const loadMyListings: TListingLoader = (kind, page, signal) =>
  apiGetList(listingsApiPath(kind, "/my"), { query: page, signal, schema: ZListing });

/** The listings of a kind I like or follow. */
export const loadMyReacted: TListingLoader = (kind, page, signal) =>
  apiGetList(listingsApiPath(kind, `/${myReactionPath(kind)}`), {
    query: page,
    signal,
    schema: ZListing,
  });

export type TListingFilter = TProfileListFilter;

/** A kind's listings by filter; admins also see pending ones. */
export function listListings(
  kind: TListingKind,
  filter: TListingFilter,
  page: TPage,
  signal?: AbortSignal,
): Promise<TListResult<TListing>> {
  // The shared contract checks (and trims) the filter before it leaves.
  return apiPostList(listingsApiPath(kind, "/filtered"), ZProfileListFilter.parse(filter), {
    query: page,
    signal,
    schema: ZListing,
  });
}

export function approveListing(kind: TListingKind, id: string): Promise<TListing> {
  return apiPut(listingsApiPath(kind, `/${enc(id)}/approve`), undefined, { schema: ZListing });
}

export type TListingChange = { path: "/tier" | "/isActive"; value: TListing["tier"] | boolean };

/** Changes the tier or the active flag (admins) with a one-operation JSON Patch. */
export function changeListing(
  kind: TListingKind,
  id: string,
  change: TListingChange,
): Promise<TListing> {
  return apiPatch(
    listingsApiPath(kind, `/${enc(id)}`),
    [{ op: "replace", path: change.path, value: change.value }],
    { schema: ZListing },
  );
}
