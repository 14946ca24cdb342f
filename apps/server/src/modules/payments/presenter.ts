// Rows to API shapes: prices in dollars, a listing's membership, ledger entries with their listing.
import type {
  TLedgerEntry,
  TListingMembership,
  TSoldTier,
  TTieredKind,
  TTierPrice,
} from "@hostfield/domain/contracts";
import type { TTier } from "@hostfield/domain/reference";
import type { TLedgerRow, TSubscriptionRow, TTierPriceRow } from "./repository";

const dollars = (cents: number) => Math.round(cents) / 100;
const iso = (date: Date | null) => (date ? date.toISOString() : null);

export const presentPrice = (row: TTierPriceRow): TTierPrice => ({
  tier: row.tier as TSoldTier,
  interval: row.interval,
  amount: dollars(row.amountCents),
  currency: "usd",
  updatedDate: row.updatedDate.toISOString(),
});

export function presentSubscription(
  row: TSubscriptionRow | null,
): TListingMembership["subscription"] {
  if (!row) return null;
  return {
    tier: row.tier as TSoldTier,
    interval: row.interval,
    state: row.state,
    currentPeriodEnd: iso(row.currentPeriodEnd),
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    graceUntil: iso(row.graceUntil),
    pending:
      row.pendingTier && row.pendingInterval
        ? { tier: row.pendingTier as TSoldTier, interval: row.pendingInterval }
        : null,
  };
}

export function presentMembership(input: {
  listing: { id: string; kind: TTieredKind; name: string; tier: TTier | null };
  subscription: TSubscriptionRow | null;
  /** What the listing's subscriptions give it now. */
  granted: TTier | null;
  plans: readonly TTierPriceRow[];
  paymentsEnabled: boolean;
}): TListingMembership {
  const { listing } = input;
  return {
    listing: { id: listing.id, kind: listing.kind, name: listing.name },
    tier: listing.tier,
    source:
      listing.tier === null
        ? null
        : input.granted !== null && input.granted === listing.tier
          ? "subscription"
          : "admin",
    subscription: presentSubscription(input.subscription),
    plans: input.paymentsEnabled ? input.plans.map(presentPrice) : [],
    paymentsEnabled: input.paymentsEnabled,
  };
}

export const presentEntry = (
  row: TLedgerRow,
  names: Map<string, { id: string; kind: string; name: string }>,
): TLedgerEntry => {
  const listing = row.listingId ? names.get(row.listingId) : undefined;
  return {
    id: row.id,
    kind: row.kind,
    providerId: row.providerId,
    type: row.type,
    amount: row.amountCents === null ? null : dollars(row.amountCents),
    currency: row.currency,
    listing: listing ? { id: listing.id, kind: listing.kind, name: listing.name } : null,
    state: row.state,
    problem: row.problem,
    attempts: row.attempts,
    createdDate: row.createdDate.toISOString(),
    processedDate: iso(row.processedDate),
  };
};
