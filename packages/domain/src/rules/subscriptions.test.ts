import { describe, expect, it } from "vitest";
import {
  graceUntilOf,
  subscriptionStateOf,
  type TSubscriptionFacts,
  tierFromSubscription,
  tierFromSubscriptions,
} from "./subscriptions";

const NOW = new Date("2027-05-10T12:00:00Z");
const at = (iso: string) => new Date(iso);
const silver = (over: Partial<TSubscriptionFacts> = {}): TSubscriptionFacts => ({
  tier: "Silver",
  state: "active",
  cancelAtPeriodEnd: false,
  currentPeriodEnd: at("2027-06-01T00:00:00Z"),
  graceUntil: null,
  ...over,
});

describe("subscriptionStateOf", () => {
  it("reads the provider's statuses as ours", () => {
    expect(
      [
        "active",
        "trialing",
        "past_due",
        "unpaid",
        "canceled",
        "incomplete_expired",
        "incomplete",
        "paused",
      ].map(subscriptionStateOf),
    ).toEqual([
      "active",
      "active",
      "past_due",
      "past_due",
      "canceled",
      "canceled",
      "incomplete",
      "incomplete",
    ]);
  });
});

describe("tierFromSubscription", () => {
  it("gives an active subscription's tier", () => {
    expect(tierFromSubscription(silver(), NOW)).toBe("Silver");
  });

  it("gives nothing before the money is confirmed (incomplete) and nothing once cancelled", () => {
    expect(tierFromSubscription(silver({ state: "incomplete" }), NOW)).toBeNull();
    expect(tierFromSubscription(silver({ state: "canceled" }), NOW)).toBeNull();
  });

  it("keeps a past-due subscription's tier through its grace, not after", () => {
    const pastDue = silver({ state: "past_due", graceUntil: at("2027-05-12T00:00:00Z") });
    expect(tierFromSubscription(pastDue, NOW)).toBe("Silver");
    expect(tierFromSubscription(pastDue, at("2027-05-12T00:00:00Z"))).toBeNull();
    expect(tierFromSubscription(silver({ state: "past_due", graceUntil: null }), NOW)).toBeNull();
  });

  it("keeps a subscription cancelled at period end until the period ends", () => {
    const ending = silver({
      cancelAtPeriodEnd: true,
      currentPeriodEnd: at("2027-05-11T00:00:00Z"),
    });
    expect(tierFromSubscription(ending, NOW)).toBe("Silver");
    expect(tierFromSubscription(ending, at("2027-05-11T00:00:01Z"))).toBeNull();
  });
});

describe("graceUntilOf", () => {
  it("starts seven days of grace when a subscription goes past due, and keeps it after", () => {
    const first = graceUntilOf("past_due", { state: "active", graceUntil: null }, NOW);
    expect(first?.toISOString()).toBe("2027-05-17T12:00:00.000Z");
    const later = graceUntilOf(
      "past_due",
      { state: "past_due", graceUntil: first },
      at("2027-05-13T00:00:00Z"),
    );
    expect(later?.toISOString()).toBe("2027-05-17T12:00:00.000Z");
    expect(graceUntilOf("past_due", null, NOW)?.toISOString()).toBe("2027-05-17T12:00:00.000Z");
  });

  it("is none for any other state", () => {
    expect(graceUntilOf("active", { state: "past_due", graceUntil: NOW }, NOW)).toBeNull();
  });
});

describe("tierFromSubscriptions", () => {
  it("takes the newest subscription that gives a tier, whatever ended before or after it", () => {
    const old = { ...silver({ state: "canceled" }), createdDate: at("2027-01-01T00:00:00Z") };
    const gold = {
      ...silver({ tier: "Gold" }),
      createdDate: at("2027-05-01T00:00:00Z"),
    } as const;
    expect(tierFromSubscriptions([gold, old], NOW)).toBe("Gold");
    expect(tierFromSubscriptions([old, gold], NOW)).toBe("Gold");
    expect(tierFromSubscriptions([old], NOW)).toBeNull();
    expect(tierFromSubscriptions([], NOW)).toBeNull();
  });
});
