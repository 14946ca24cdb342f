// The tier a subscription gives its listing, from its state as the payment provider reports it:
// active gives its tier; past due keeps it through the grace (PAST_DUE_GRACE_DAYS after it went past
// due); cancelled at period end keeps it until the period ends; cancelled, or not yet paid, gives
// none. The server applies it on every webhook and hourly; the web shows the same words.
import {
  PAST_DUE_GRACE_DAYS,
  type TSoldTier,
  type TSubscriptionState,
} from "../contracts/payments";

export type TSubscriptionFacts = {
  tier: TSoldTier;
  state: TSubscriptionState;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
  graceUntil: Date | null;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** The provider's subscription status as one of ours: trialing counts as active, unpaid as past due. */
export function subscriptionStateOf(providerStatus: string): TSubscriptionState {
  switch (providerStatus) {
    case "active":
    case "trialing":
      return "active";
    case "past_due":
    case "unpaid":
      return "past_due";
    case "canceled":
    case "incomplete_expired":
      return "canceled";
    default:
      return "incomplete";
  }
}

/**
 * Until when a past-due subscription keeps its tier: the grace that began when it went past due is
 * kept (`since`), else it begins `now`. Null for any other state.
 */
export function graceUntilOf(
  state: TSubscriptionState,
  before: { state: TSubscriptionState; graceUntil: Date | null } | null,
  now: Date,
): Date | null {
  if (state !== "past_due") return null;
  if (before?.state === "past_due" && before.graceUntil) return before.graceUntil;
  return new Date(now.getTime() + PAST_DUE_GRACE_DAYS * DAY_MS);
}

/** The tier the subscription gives now, or null. Nothing is given before the money is confirmed. */
export function tierFromSubscription(s: TSubscriptionFacts, now: Date): TSoldTier | null {
  const periodOver = s.currentPeriodEnd !== null && s.currentPeriodEnd.getTime() <= now.getTime();
  switch (s.state) {
    case "active":
      return s.cancelAtPeriodEnd && periodOver ? null : s.tier;
    case "past_due":
      if (s.cancelAtPeriodEnd && periodOver) return null;
      return s.graceUntil !== null && now.getTime() < s.graceUntil.getTime() ? s.tier : null;
    default:
      return null;
  }
}

/**
 * What a listing's subscriptions give it together: the newest that gives a tier (a listing that
 * changed plans has an old one cancelled and a new one active, reported in any order), else null.
 */
export function tierFromSubscriptions(
  subscriptions: readonly (TSubscriptionFacts & { createdDate: Date })[],
  now: Date,
): TSoldTier | null {
  const newestFirst = [...subscriptions].sort(
    (a, b) => b.createdDate.getTime() - a.createdDate.getTime(),
  );
  for (const s of newestFirst) {
    const tier = tierFromSubscription(s, now);
    if (tier) return tier;
  }
  return null;
}
