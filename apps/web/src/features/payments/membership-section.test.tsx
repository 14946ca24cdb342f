// The membership section on a facility's page, for its owner: the tier and plans, the hosted
// checkout (and a provider that is down), an upgrade waiting for its payment, a cancellation at
// period end and its undoing, payments off, and the return from the checkout.
import { screen, waitFor, within } from "@testing-library/react";
import { http } from "msw";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { buildSignedInAuth } from "../../test/factories";
import { sent, serveBase, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import {
  addListing,
  buildListing,
  FACILITY_ID,
  OWNER_ABILITIES,
  profilesHandlers,
  profilesWorld,
} from "../profiles/testing";
import {
  CHECKOUT_CANCELLED,
  CHECKOUT_PENDING,
  PAYMENTS_OFF_TEXT,
  PROVIDER_DOWN,
} from "./membership-section";
import { rememberCheckout } from "./payments-format";
import {
  addMembership,
  buildMembership,
  buildSubscription,
  checkoutUrl,
  membershipUrl,
  paymentsError,
  paymentsHandlers,
  paymentsWorld,
  subscriptionUrl,
  type TPaymentsWorld,
} from "./testing";

// The section's code loads on demand: loaded once here, a test's first render waits for the page
// rather than for the transform of its modules.
beforeAll(async () => {
  await import("./membership-section");
}, 60_000);

const LAZY = { timeout: 10_000 };
const LISTING = { id: FACILITY_ID, kind: "facility" as const, name: "Riverside Sports Complex" };
const PAGE = `/facilities/${FACILITY_ID}`;

/** Riverside Sports Complex, which I own, with `membership` (no tier, nothing bought, by default). */
function worldWith(overrides: Parameters<typeof buildMembership>[1] = {}): TPaymentsWorld {
  const world = paymentsWorld();
  addMembership(world, buildMembership(LISTING, overrides));
  return world;
}

async function openFacility(world: TPaymentsWorld | null, path = PAGE) {
  const profiles = profilesWorld();
  addListing(
    profiles,
    buildListing("facility", { id: FACILITY_ID, name: LISTING.name }),
    OWNER_ABILITIES,
  );
  // Under the test's own answers (server.use); without a world of its own the page meets the
  // profiles' default: payments off.
  serveBase(...profilesHandlers(profiles));
  if (world) serveBase(...paymentsHandlers(world));
  const rendered = await renderApp({ path, auth: buildSignedInAuth() });
  const region = await screen.findByRole("region", { name: "Membership" }, LAZY);
  return { ...rendered, section: within(region), region };
}

const plan = (section: ReturnType<typeof within>, tier: string) =>
  within(section.getByRole("listitem", { name: tier }));

/** Replaces window.location with one whose assign is recorded. */
function stubAssign() {
  const assign = vi.fn();
  vi.stubGlobal("location", { ...window.location, assign });
  return assign;
}

describe("the membership section of a listing's page", () => {
  it("shows the tier, where it comes from, and the plans with their prices by month or year", async () => {
    const { section, user, region } = await openFacility(
      worldWith({ tier: "Bronze", source: "admin" }),
    );
    expect(region.closest("#membership")).toBeTruthy();
    expect(await section.findByText("Bronze", { selector: "strong" })).toBeTruthy();
    expect(section.getByText("Set by Hostfield's team")).toBeTruthy();
    expect(plan(section, "Bronze").getByText("$29 a month")).toBeTruthy();
    expect(plan(section, "Silver").getByText("$59 a month")).toBeTruthy();
    expect(plan(section, "Gold").getByText("$99 a month")).toBeTruthy();
    expect(
      plan(section, "Bronze").getByText("The RFP marketplace and organization stats."),
    ).toBeTruthy();
    expect(
      plan(section, "Silver").getByText("Everything in Bronze, and hot requests 24 hours earlier."),
    ).toBeTruthy();
    expect(plan(section, "Gold").getByText("Everything in Silver.")).toBeTruthy();

    await user.click(section.getByRole("button", { name: "Yearly" }));
    expect(plan(section, "Silver").getByText("$590 a year")).toBeTruthy();
    expect(section.getByRole("button", { name: "Choose Gold" })).toBeTruthy();
    expect(section.queryByRole("button", { name: "Cancel at period end" })).toBeNull();
  });

  it("starts the hosted checkout of the plan chosen and sends the browser there", async () => {
    const world = worldWith();
    const { section, user } = await openFacility(world);
    await user.click(await section.findByRole("button", { name: "Yearly" }));
    const assign = stubAssign();
    await user.click(section.getByRole("button", { name: "Choose Silver" }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith(world.checkoutUrl));
    expect(sent.bodies(checkoutUrl("facility", FACILITY_ID), "POST")).toEqual([
      { data: { tier: "Silver", interval: "year", returnPath: PAGE } },
    ]);
  });

  it("says so when the provider cannot be reached, and tries again", async () => {
    const world = worldWith();
    let calls = 0;
    server.use(
      http.post(checkoutUrl("facility", FACILITY_ID), () =>
        calls++ === 0
          ? paymentsError(503, "PAYMENTS_UNAVAILABLE", "The payment provider is unavailable.")
          : undefined,
      ),
    );
    const { section, user } = await openFacility(world);
    const assign = stubAssign();
    await user.click(await section.findByRole("button", { name: "Choose Bronze" }));

    expect(await section.findByText(PROVIDER_DOWN)).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
    await user.click(section.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(world.checkoutUrl));
    expect(sent.to(checkoutUrl("facility", FACILITY_ID), "POST")).toHaveLength(2);
  });

  it("upgrades a subscription after asking, and shows the upgrade waiting for its payment", async () => {
    const world = worldWith({
      tier: "Silver",
      source: "subscription",
      subscription: buildSubscription({ tier: "Silver", interval: "month" }),
    });
    const { section, user } = await openFacility(world);
    expect(await section.findByText("Subscription: Silver, monthly")).toBeTruthy();
    expect(section.getByText("Renews on Apr 1, 2026.")).toBeTruthy();
    expect(section.getByText("From the subscription")).toBeTruthy();
    expect(plan(section, "Silver").getByText("Current plan")).toBeTruthy();
    expect(
      plan(section, "Bronze").getByRole("button", { name: "Downgrade to Bronze" }),
    ).toBeTruthy();
    expect(section.queryByRole("button", { name: /^Choose/ })).toBeNull();

    await user.click(plan(section, "Gold").getByRole("button", { name: "Upgrade to Gold" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Upgrade to Gold?" }));
    await user.click(dialog.getByRole("button", { name: "Upgrade to Gold" }));

    await waitFor(() =>
      expect(sent.bodies(subscriptionUrl("facility", FACILITY_ID), "PUT")).toEqual([
        { data: { tier: "Gold", interval: "month" } },
      ]),
    );
    expect(
      await section.findByText(
        "Change pending: Gold, monthly, starts once its payment is confirmed.",
      ),
    ).toBeTruthy();
    // The dialog has gone (while it shows, the page behind is hidden from role queries).
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(plan(section, "Gold").getByText("Waiting for payment")).toBeTruthy();
    // Nothing is granted before the money: the tier is still Silver.
    expect(section.getByText("Silver", { selector: "strong" })).toBeTruthy();
  });

  it("cancels at period end only once confirmed", async () => {
    const world = worldWith({
      tier: "Silver",
      source: "subscription",
      subscription: buildSubscription(),
    });
    const { section, user } = await openFacility(world);
    await user.click(await section.findByRole("button", { name: "Cancel at period end" }));
    let dialog = within(await screen.findByRole("dialog"));
    expect(
      dialog.getByText(
        "Riverside Sports Complex keeps Silver until Apr 1, 2026; then its tier ends and nothing more is charged.",
      ),
    ).toBeTruthy();
    await user.click(dialog.getByRole("button", { name: "Keep the subscription" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent.to(subscriptionUrl("facility", FACILITY_ID), "DELETE")).toHaveLength(0);

    await user.click(section.getByRole("button", { name: "Cancel at period end" }));
    dialog = within(await screen.findByRole("dialog"));
    await user.click(dialog.getByRole("button", { name: "Cancel at period end" }));
    expect(await section.findByText("Ends on Apr 1, 2026; the tier lapses then.")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent.to(subscriptionUrl("facility", FACILITY_ID), "DELETE")).toHaveLength(1);
    expect(section.queryByRole("button", { name: "Cancel at period end" })).toBeNull();

    // Changed one's mind: keeping the plan undoes the cancellation.
    await user.click(section.getByRole("button", { name: "Keep the subscription" }));
    expect(await section.findByText("Renews on Apr 1, 2026.")).toBeTruthy();
    expect(sent.bodies(subscriptionUrl("facility", FACILITY_ID), "PUT")).toEqual([
      { data: { tier: "Silver", interval: "month" } },
    ]);
    expect(section.getByRole("button", { name: "Cancel at period end" })).toBeTruthy();
  });

  it("warns of a payment past due, with the day the tier is kept until", async () => {
    const { section } = await openFacility(
      worldWith({
        tier: "Silver",
        source: "subscription",
        subscription: buildSubscription({
          state: "past_due",
          graceUntil: "2026-03-17T12:00:00.000Z",
        }),
      }),
    );
    expect(
      await section.findByText(
        /Past due: the last payment failed\. Silver is kept until Mar 17, 2026/,
      ),
    ).toBeTruthy();
  });

  it("without payments, says who sets tiers and offers nothing to buy", async () => {
    const { section } = await openFacility(null);
    expect(await section.findByText(PAYMENTS_OFF_TEXT, { exact: false })).toBeTruthy();
    expect(section.getByRole("link", { name: "contact us" }).getAttribute("href")).toBe("/contact");
    expect(section.queryByRole("button")).toBeNull();
    expect(section.queryByRole("list", { name: "Plans" })).toBeNull();
  });

  it("back from the checkout, asks again until the provider's confirmation grants the tier", async () => {
    const world = worldWith();
    rememberCheckout({ kind: "facility", id: FACILITY_ID, tier: "Silver", interval: "month" });
    const url = membershipUrl("facility", FACILITY_ID);
    let calls = 0;
    server.use(
      http.get(url, () => {
        calls += 1;
        // The provider confirms the payment between the second and the third look.
        if (calls === 3) {
          addMembership(
            world,
            buildMembership(LISTING, {
              tier: "Silver",
              source: "subscription",
              subscription: buildSubscription(),
            }),
          );
        }
        return undefined;
      }),
    );
    const { section } = await openFacility(world, `${PAGE}?checkout=success`);
    expect(await section.findByText(CHECKOUT_PENDING)).toBeTruthy();
    expect(
      await section.findByText(
        "Payment confirmed: Riverside Sports Complex is now Silver.",
        {},
        { timeout: 9_000 },
      ),
    ).toBeTruthy();
    expect(section.getByText("Silver", { selector: "strong" })).toBeTruthy();
    const asked = sent.to(url, "GET").length;
    expect(asked).toBeGreaterThanOrEqual(3);
    // Confirmed: it stops asking.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(sent.to(url, "GET")).toHaveLength(asked);
  }, 20_000);

  it("back from a cancelled checkout, says nothing was charged", async () => {
    const { section } = await openFacility(worldWith(), `${PAGE}?checkout=cancelled`);
    expect(await section.findByText(CHECKOUT_CANCELLED)).toBeTruthy();
    expect(await section.findByRole("button", { name: "Choose Bronze" })).toBeTruthy();
  });

  it("offers Retry when the membership does not load", async () => {
    const world = worldWith();
    let calls = 0;
    server.use(
      http.get(membershipUrl("facility", FACILITY_ID), () =>
        calls++ === 0 ? paymentsError(500, "INTERNAL_ERROR", "The membership broke.") : undefined,
      ),
    );
    const { section, user } = await openFacility(world);
    expect(await section.findByText("The membership broke.")).toBeTruthy();
    await user.click(section.getByRole("button", { name: "Retry" }));
    expect(await section.findByRole("button", { name: "Choose Bronze" })).toBeTruthy();
  });
});
