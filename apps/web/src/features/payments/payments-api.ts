// The payment service's calls (/payment-mgmt/api/payments): whether payments are on, a listing's
// membership with its subscription and the plans on sale, the hosted checkout, changing and
// cancelling a subscription, and the admin's prices and ledger (with a failed webhook's replay);
// and the user's own tiered listings, which the upsell links to.
import {
  type LEDGER_KINDS,
  type LEDGER_STATES,
  type TCheckoutStart,
  type TLedgerEntry,
  type TListingMembership,
  type TPaymentsConfig,
  type TSubscriptionChange,
  type TTierCheckoutInput,
  type TTieredKind,
  type TTierPrice,
  type TTierPricesInput,
  ZCheckoutStart,
  ZLedgerEntry,
  ZListingMembership,
  ZPaymentsConfig,
  ZTier,
  ZTierPrice,
} from "@hostfield/domain/contracts";
import { PROFILE_API } from "@hostfield/domain/reference";
import { z } from "zod";
import {
  ApiError,
  apiDelete,
  apiGet,
  apiGetList,
  apiPost,
  apiPut,
  type TListResult,
} from "../../lib/api";

const enc = encodeURIComponent;
export const PAYMENTS_API = "/payment-mgmt/api/payments";

export type TLedgerKind = (typeof LEDGER_KINDS)[number];
export type TLedgerState = (typeof LEDGER_STATES)[number];
/** A page of the ledger, of one kind or state when given. */
export type TLedgerFilter = {
  offset: number;
  take: number;
  kind?: TLedgerKind;
  state?: TLedgerState;
};

export const paymentsKeys = {
  all: ["payments"] as const,
  config: ["payments", "config"] as const,
  membership: (kind: TTieredKind, id: string) => ["payments", "membership", kind, id] as const,
  myListings: (viewer: string) => ["payments", "my-listings", viewer] as const,
  prices: ["payments", "admin", "prices"] as const,
  ledgers: ["payments", "admin", "ledger"] as const,
  ledger: (filter: TLedgerFilter) => ["payments", "admin", "ledger", filter] as const,
};

// ---- the codes the payment calls refuse with ----

/** The listing has a subscription already: change it instead (409). */
export const SUBSCRIPTION_EXISTS = "SUBSCRIPTION_EXISTS";
/** Payments are off on this server (409). */
export const PAYMENTS_NOT_CONFIGURED = "PAYMENTS_NOT_CONFIGURED";
/** The provider cannot be reached (503). */
export const PAYMENTS_UNAVAILABLE = "PAYMENTS_UNAVAILABLE";

/**
 * Whether a failed call was refused with `code`. The client keeps only the codes the domain lists
 * (another is read as HTTP_ERROR), so the status the code comes with counts too.
 */
export function refusedWith(
  error: unknown,
  code: typeof SUBSCRIPTION_EXISTS | typeof PAYMENTS_NOT_CONFIGURED | typeof PAYMENTS_UNAVAILABLE,
): boolean {
  if (!(error instanceof ApiError)) return false;
  if (String(error.code) === code) return true;
  if (code === PAYMENTS_UNAVAILABLE) return error.status === 503;
  return false;
}

// ---- anyone ----

export function getPaymentsConfig(signal?: AbortSignal): Promise<TPaymentsConfig> {
  return apiGet(`${PAYMENTS_API}/config`, { schema: ZPaymentsConfig, signal });
}

// ---- a listing's managers ----

const listingUrl = (kind: TTieredKind, id: string, rest: string) =>
  `${PAYMENTS_API}/listings/${kind}/${enc(id)}${rest}`;

export function getMembership(
  kind: TTieredKind,
  id: string,
  signal?: AbortSignal,
): Promise<TListingMembership> {
  return apiGet(listingUrl(kind, id, "/membership"), { schema: ZListingMembership, signal });
}

/** Starts the provider's hosted checkout of a first subscription; answers where to send the browser. */
export function startCheckout(
  kind: TTieredKind,
  id: string,
  input: TTierCheckoutInput,
): Promise<TCheckoutStart> {
  return apiPost(listingUrl(kind, id, "/checkout"), input, { schema: ZCheckoutStart });
}

/** Another tier or interval; an upgrade waits for its payment as `subscription.pending`. */
export function changeSubscription(
  kind: TTieredKind,
  id: string,
  change: TSubscriptionChange,
): Promise<TListingMembership> {
  return apiPut(listingUrl(kind, id, "/subscription"), change, { schema: ZListingMembership });
}

/** Cancels at the end of the paid period: the tier stays until then. */
export function cancelSubscription(kind: TTieredKind, id: string): Promise<TListingMembership> {
  return apiDelete(listingUrl(kind, id, "/subscription"), { schema: ZListingMembership });
}

// ---- my own tiered listings (the upsell's links) ----

/** What the upsell reads of one of my listings: where it goes and what its tier opens. */
export type TMyTieredListing = {
  kind: TTieredKind;
  id: string;
  name: string;
  tier: z.infer<typeof ZTier>;
  isActive: boolean;
};

const ZMyListing = z.object({
  id: z.string().min(1),
  name: z.string(),
  tier: ZTier,
  isActive: z.boolean(),
});

/** The listings of `kinds` I belong to (`GET /{service}/api/{path}/my`), in the order of `kinds`. */
export async function listMyTieredListings(
  kinds: readonly TTieredKind[],
  signal?: AbortSignal,
): Promise<TMyTieredListing[]> {
  const lists = await Promise.all(
    kinds.map(async (kind) => {
      const { service, path } = PROFILE_API[kind];
      const page = await apiGetList(`/${service}/api/${path}/my`, {
        query: { offset: 0, take: 100 },
        schema: ZMyListing,
        signal,
      });
      return page.items.map((listing) => ({ ...listing, kind }));
    }),
  );
  return lists.flat();
}

// ---- admins ----

export function getPrices(signal?: AbortSignal): Promise<TTierPrice[]> {
  return apiGet(`${PAYMENTS_API}/admin/prices`, { schema: z.array(ZTierPrice), signal });
}

export function setPrices(input: TTierPricesInput): Promise<TTierPrice[]> {
  return apiPut(`${PAYMENTS_API}/admin/prices`, input, { schema: z.array(ZTierPrice) });
}

export function listLedger(
  filter: TLedgerFilter,
  signal?: AbortSignal,
): Promise<TListResult<TLedgerEntry>> {
  return apiGetList(`${PAYMENTS_API}/admin/ledger`, {
    query: filter,
    schema: ZLedgerEntry,
    signal,
  });
}

/** Processes a failed or flagged webhook again; answers the entry in its new state. */
export function replayWebhook(entryId: string): Promise<TLedgerEntry> {
  return apiPost(`${PAYMENTS_API}/admin/webhooks/${enc(entryId)}/replay`, undefined, {
    schema: ZLedgerEntry,
  });
}
