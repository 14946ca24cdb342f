// Test-only payment records in the contract shapes (each checked as it is built): prices, a
// listing's membership and subscription, ledger entries, and the world the payments handlers
// answer from.
import {
  type TBoostDayPrice,
  type TLedgerEntry,
  type TListingMembership,
  type TPaymentsConfig,
  type TTieredKind,
  type TTierPrice,
  ZLedgerEntry,
  ZListingMembership,
  ZTierPrice,
} from "@hostfield/domain/contracts";

export const uuid = (n: number) => `00000000-0000-4000-9000-${String(n).padStart(12, "0")}`;

export const T0 = "2026-03-01T09:00:00.000Z";
export const NOW = "2026-03-10T15:00:00.000Z";
/** The end of the paid period of the subscriptions built here. */
export const PERIOD_END = "2026-04-01T09:00:00.000Z";

export const PAYMENTS_ON: TPaymentsConfig = { enabled: true, publishableKey: "pk_test_hostfield" };
export const PAYMENTS_OFF: TPaymentsConfig = { enabled: false, publishableKey: null };

export function buildPrice(
  tier: TTierPrice["tier"],
  interval: TTierPrice["interval"],
  amount: number,
): TTierPrice {
  return ZTierPrice.parse({ tier, interval, amount, currency: "usd", updatedDate: T0 });
}

/** Bronze $29/$290, Silver $59/$590, Gold $99/$990. */
export const PRICES: TTierPrice[] = [
  buildPrice("Bronze", "month", 29),
  buildPrice("Bronze", "year", 290),
  buildPrice("Silver", "month", 59),
  buildPrice("Silver", "year", 590),
  buildPrice("Gold", "month", 99),
  buildPrice("Gold", "year", 990),
];

type TSubscription = NonNullable<TListingMembership["subscription"]>;

export function buildSubscription(overrides: Partial<TSubscription> = {}): TSubscription {
  return {
    tier: "Silver",
    interval: "month",
    state: "active",
    currentPeriodEnd: PERIOD_END,
    cancelAtPeriodEnd: false,
    graceUntil: null,
    pending: null,
    ...overrides,
  };
}

/** A listing's membership: no tier, no subscription, the prices on sale, payments on. */
export function buildMembership(
  listing: { id: string; kind: TTieredKind; name: string },
  overrides: Partial<TListingMembership> = {},
): TListingMembership {
  return ZListingMembership.parse({
    listing,
    tier: null,
    source: null,
    subscription: null,
    plans: PRICES,
    paymentsEnabled: true,
    ...overrides,
  } satisfies TListingMembership);
}

let next = 100;

export function buildLedgerEntry(overrides: Partial<TLedgerEntry> = {}): TLedgerEntry {
  const id = overrides.id ?? uuid(next++);
  return ZLedgerEntry.parse({
    id,
    kind: "webhook",
    providerId: `evt_${id.slice(-6)}`,
    type: "invoice.paid",
    amount: 59,
    currency: "usd",
    listing: null,
    state: "processed",
    problem: null,
    attempts: 1,
    createdDate: T0,
    processedDate: T0,
    ...overrides,
  } satisfies TLedgerEntry);
}

/** One of my listings as `GET /{service}/api/{path}/my` lists it (the fields the upsell reads). */
export type TMyListing = {
  id: string;
  name: string;
  tier: TTierPrice["tier"] | "Legacy" | null;
  isActive: boolean;
};

/** What the payments handlers answer from; tests change it, and the writes change it too. */
export type TPaymentsWorld = {
  config: TPaymentsConfig;
  /** Memberships by `kind/id`. */
  memberships: Map<string, TListingMembership>;
  /** Where a checkout sends the browser. */
  checkoutUrl: string;
  prices: TTierPrice[];
  /** Newest first, as the server orders it. */
  ledger: TLedgerEntry[];
  /** My listings of each tiered kind; a kind left out is not answered here. */
  mine: Partial<Record<TTieredKind, TMyListing[]>>;
  /** The price of a boost day (the admin's). */
  boostDayPrice: TBoostDayPrice;
};

export const membershipKey = (kind: TTieredKind, id: string) => `${kind}/${id}`;

export function paymentsWorld(overrides: Partial<TPaymentsWorld> = {}): TPaymentsWorld {
  return {
    config: PAYMENTS_ON,
    memberships: new Map(),
    checkoutUrl: "https://checkout.provider.example/c/pay/cs_test_1",
    prices: PRICES,
    ledger: [],
    mine: {},
    boostDayPrice: { amount: null, currency: "usd", updatedDate: null },
    ...overrides,
  };
}

/** Puts a membership in the world, by its listing. */
export function addMembership(world: TPaymentsWorld, membership: TListingMembership): void {
  world.memberships.set(membershipKey(membership.listing.kind, membership.listing.id), membership);
}
