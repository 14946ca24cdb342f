// How the payment pages write money, intervals and plans: "$49 a month", what each tier opens (read
// from the membership rules, so the plans say what the server grants), which tier change is an
// upgrade, and what a checkout in progress remembers across the trip to the provider.
import {
  BILLING_INTERVALS,
  SOLD_TIERS,
  type TBillingInterval,
  type TListingMembership,
  type TSoldTier,
  type TTieredKind,
} from "@hostfield/domain/contracts";
import type { TTier } from "@hostfield/domain/reference";
import {
  HOT_LEAD_HEAD_START_MS,
  tierAllowsHotLeads,
  tierAllowsRfpMarketplace,
} from "@hostfield/domain/rules";

const money = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const wholeMoney = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumFractionDigits: 0,
});

/** "$49", "$49.50". */
export function formatMoney(amount: number): string {
  return Number.isInteger(amount) ? wholeMoney.format(amount) : money.format(amount);
}

export const INTERVAL_LABELS: Record<TBillingInterval, string> = {
  month: "Monthly",
  year: "Yearly",
};

/** "$49 a month". */
export function priceText(amount: number, interval: TBillingInterval): string {
  return `${formatMoney(amount)} a ${interval}`;
}

export const isInterval = (value: unknown): value is TBillingInterval =>
  (BILLING_INTERVALS as readonly unknown[]).includes(value);

/** The hot-lead head start in words: "24 hours". */
export function headStartWords(): string {
  const hours = Math.round(HOT_LEAD_HEAD_START_MS / 3_600_000);
  return `${hours} hour${hours === 1 ? "" : "s"}`;
}

/**
 * What an active membership of `tier` opens for a listing of `kind`, per the rules the server
 * applies: the RFP marketplace and hot leads go to destinations and facilities, organization stats
 * to any active membership.
 */
function opens(kind: TTieredKind, tier: TSoldTier): string[] {
  const membership = { isActive: true, tier };
  const venue = kind !== "business";
  return [
    ...(venue && tierAllowsRfpMarketplace(membership) ? ["the RFP marketplace"] : []),
    ...(venue && tierAllowsHotLeads(membership)
      ? [`hot requests ${headStartWords()} earlier`]
      : []),
    "organization stats",
  ];
}

const joinAnd = (items: readonly string[]) =>
  items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A plan's line: the first tier's benefits, each next tier what it adds to the one below ("Everything
 * in Bronze, and hot requests 24 hours earlier."; only "Everything in Silver." when it adds none).
 */
export function planLine(kind: TTieredKind, tier: TSoldTier): string {
  const index = SOLD_TIERS.indexOf(tier);
  const mine = opens(kind, tier);
  const below = SOLD_TIERS[index - 1];
  if (!below) return `${capitalized(joinAnd(mine))}.`;
  const before = opens(kind, below);
  const added = mine.filter((benefit) => !before.includes(benefit));
  return added.length > 0
    ? `Everything in ${below}, and ${joinAnd(added)}.`
    : `Everything in ${below}.`;
}

/** The lowest tier on sale that gets hot leads (Silver), and the lowest that opens the marketplace. */
export const HOT_LEADS_TIER: TSoldTier =
  SOLD_TIERS.find((tier) => tierAllowsHotLeads({ isActive: true, tier })) ?? "Silver";
export const MARKETPLACE_TIER: TSoldTier =
  SOLD_TIERS.find((tier) => tierAllowsRfpMarketplace({ isActive: true, tier })) ?? "Bronze";

/** Whether going from `from` to `to` is an upgrade (a higher tier), a downgrade or neither. */
export function changeDirection(from: TSoldTier, to: TSoldTier): "up" | "down" | "same" {
  const a = SOLD_TIERS.indexOf(from);
  const b = SOLD_TIERS.indexOf(to);
  return b > a ? "up" : b < a ? "down" : "same";
}

/** "Bronze", or "No tier". */
export const tierName = (tier: TTier | null) => tier ?? "No tier";

// ---- a checkout in progress ----

/** What the page remembers while the browser is at the provider's checkout. */
export type TCheckoutMemory = {
  kind: TTieredKind;
  id: string;
  tier: TSoldTier;
  interval: TBillingInterval;
};

const CHECKOUT_KEY = "hostfield.payments.checkout";

export function rememberCheckout(memory: TCheckoutMemory): void {
  try {
    window.sessionStorage.setItem(CHECKOUT_KEY, JSON.stringify(memory));
  } catch {
    // A full or blocked storage only costs knowing which tier to wait for.
  }
}

/** The tier the checkout of this listing bought, when this tab remembers it. */
export function recalledCheckout(kind: TTieredKind, id: string): TCheckoutMemory | null {
  try {
    const raw = window.sessionStorage.getItem(CHECKOUT_KEY);
    if (!raw) return null;
    const memory = JSON.parse(raw) as Partial<TCheckoutMemory>;
    return memory.kind === kind && memory.id === id && memory.tier && isInterval(memory.interval)
      ? (memory as TCheckoutMemory)
      : null;
  } catch {
    return null;
  }
}

export function forgetCheckout(): void {
  try {
    window.sessionStorage.removeItem(CHECKOUT_KEY);
  } catch {
    // Nothing to forget.
  }
}

/**
 * Whether the provider has confirmed the checkout: the subscription is active and grants the tier
 * bought (any tier from a subscription when the tab does not remember which).
 */
export function checkoutConfirmed(
  membership: TListingMembership,
  bought: TSoldTier | null,
): boolean {
  if (membership.subscription?.state !== "active") return false;
  return bought
    ? membership.tier === bought && membership.source === "subscription"
    : membership.source === "subscription";
}
