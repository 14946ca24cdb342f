// Test-only search results and a stand-in for the marketplace calls.
import type { TProfileKind } from "@hostfield/domain/reference";
import { stubApi, type TApiCall, TEST_OIDC_CONFIG } from "../../test/api-stub";
import type { TMarketplaceProfile } from "./marketplace-api";

let serial = 0;

/** A search result as `POST /{kind}/search` returns it. */
export function buildSearchProfile(
  overrides: Partial<TMarketplaceProfile> & { kind?: TProfileKind } = {},
): TMarketplaceProfile {
  serial += 1;
  const n = String(serial).padStart(12, "0");
  return {
    id: `7f0c9a52-1c2d-4e3f-8a9b-${n}`,
    kind: "facility",
    name: `Riverside Sports Complex ${serial}`,
    slug: `riverside-sports-complex-${serial}`,
    description: null,
    address: {
      street: "1200 River Rd",
      city: "Austin",
      state: "Texas",
      postalCode: "78701",
      country: "US",
    },
    lat: 30.2672,
    lng: -97.7431,
    placeId: null,
    logo: null,
    headerImage: "/media/profiles/riverside-header.jpg",
    featuredVideo: null,
    website: null,
    phone: null,
    email: null,
    status: "approved",
    tier: null,
    isActive: true,
    likeCount: 0,
    followerCount: 0,
    createdDate: "2025-01-15T10:00:00.000Z",
    updatedDate: "2025-03-01T12:00:00.000Z",
    createdBy: null,
    updatedBy: null,
    sports: ["Soccer"],
    boosted: false,
    distanceMiles: null,
    facilityTypes: ["Sports Complex"],
    capacity: null,
    staff: null,
    availability: null,
    ...overrides,
  } as TMarketplaceProfile;
}

export function listReply(items: readonly TMarketplaceProfile[], count = items.length): Response {
  return Response.json({ data: items, _meta: { stats: { count } } });
}

export function errorReply(status: number, code: string, message: string): Response {
  return Response.json({ error: { code, message } }, { status });
}

/** May answer later: a test can hold a search back until it lets it go, or it is cancelled. */
export type TSearchHandler = (
  call: TApiCall,
) => Response | undefined | Promise<Response | undefined>;

/**
 * Answers the search call of `path` (e.g. `/facility-mgmt/api/facilities/search`) with `search`,
 * the client configuration with `map`, and the shell's status document.
 */
export function stubMarketplace(
  path: string,
  search: TSearchHandler,
  options: {
    map?: { tileUrl: string | null; attribution: string | null } | null;
    other?: TSearchHandler;
  } = {},
) {
  return stubApi((call) => {
    if (call.path === "/status.json") return Response.json({});
    if (call.path === "/api/client-config") {
      return Response.json({
        data: { oidc: TEST_OIDC_CONFIG, ...(options.map ? { map: options.map } : {}) },
      });
    }
    if (call.path === path && call.method === "POST") return search(call);
    return options.other?.(call);
  });
}

/** The `{data}` filter a search call sent. */
export function sentFilter(call: TApiCall | undefined): unknown {
  return (call?.body as { data?: unknown } | undefined)?.data;
}
