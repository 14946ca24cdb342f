// Test-only listings and a stand-in for the seven kinds' list calls.
import type { TProfileKind } from "@hostfield/domain/reference";
import type { TApiCall } from "../../test/api-stub";
import { LISTING_KINDS, type TListingKind } from "./listing-kinds";

let serial = 0;

/** A stable-looking uuid per call, e.g. 00000000-0000-4000-8000-000000000001. */
export function testListingId(): string {
  serial += 1;
  return `00000000-0000-4000-8000-${String(serial).padStart(12, "0")}`;
}

/** A profile as the API returns it (`zProfile` of a kind), with the kind's fields left out. */
export function buildListing(overrides: Record<string, unknown> & { kind?: TProfileKind } = {}) {
  const id = (overrides.id as string | undefined) ?? testListingId();
  return {
    id,
    kind: "hotel" as TProfileKind,
    name: "Riverside Inn",
    slug: "riverside-inn",
    description: "Forty rooms by the river, ten minutes from the fields.",
    address: {
      street: "1 River Rd",
      city: "Austin",
      state: "Texas",
      postalCode: "78701",
      country: "US",
    },
    lat: 30.26,
    lng: -97.74,
    placeId: null,
    logo: null,
    headerImage: null,
    featuredVideo: null,
    website: "https://riverside.example",
    phone: "+1 512 555 0100",
    email: "desk@riverside.example",
    status: "pending",
    tier: null,
    isActive: true,
    likeCount: 0,
    followerCount: 0,
    sports: [],
    boosted: false,
    createdDate: "2025-03-01T12:00:00.000Z",
    updatedDate: "2025-03-01T12:00:00.000Z",
    createdBy: null,
    updatedBy: null,
    ...overrides,
  };
}

export type TTestListing = ReturnType<typeof buildListing>;

export function listReply(items: readonly unknown[], count = items.length): Response {
  return Response.json({ data: items, _meta: { stats: { count } } });
}

/** The kind whose API collection a call addresses, and the rest of its path. */
export function kindOfCall(call: TApiCall): { kind: TListingKind; rest: string } | null {
  for (const kind of LISTING_KINDS) {
    const base = `/${kind.service}/api/${kind.path}`;
    if (call.path === base || call.path.startsWith(`${base}/`)) {
      return { kind, rest: call.path.slice(base.length) };
    }
  }
  return null;
}

/**
 * Answers one list call (`rest`, e.g. "/filtered" or "/my") of every kind from `byKind`,
 * paging by the call's offset and take; kinds not given have nothing.
 */
export function listingLists(
  method: string,
  rest: string,
  byKind: Partial<Record<TProfileKind, TTestListing[]>>,
) {
  return (call: TApiCall): Response | undefined => {
    const found = kindOfCall(call);
    if (!found || call.method !== method || found.rest !== rest) return undefined;
    const all = byKind[found.kind.kind] ?? [];
    const offset = Number(call.url.searchParams.get("offset") ?? 0);
    const take = Number(call.url.searchParams.get("take") ?? 20);
    return listReply(all.slice(offset, offset + take), all.length);
  };
}
