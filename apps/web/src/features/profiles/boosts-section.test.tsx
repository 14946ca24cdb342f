// The boosts form says the limit an owner books under and how many of the month's included boost
// days are used, shows the server's refusal as it is (with, for days beyond the quota that can be
// bought, the button that buys them through the hosted checkout), and waits for the listing's
// approval before it offers to boost at all.
import { addDays, BOOST_MAX_DAYS, todayUtc } from "@hostfield/domain/rules";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildSignedInAuth } from "../../test/factories";
import { errorReply, sent, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import {
  addListing,
  buildListing,
  FACILITY_ID,
  keepProfileChanges,
  OWNER_ABILITIES,
  profilesHandlers,
  profilesWorld,
  setChildren,
} from "./testing";

const API = `/facility-mgmt/api/facilities/${FACILITY_ID}`;
// The editors load on demand: their first import in a run can take longer than a second.
const LAZY = { timeout: 10_000 };
const LONG_BOOST = `A boost runs at most ${BOOST_MAX_DAYS} days from its first day to its last; book a longer one in parts.`;

function myFacility(
  status: "approved" | "pending",
  options: { tier?: "Silver"; boosts?: [string, string, "included" | "paid" | "admin"][] } = {},
) {
  const world = profilesWorld();
  addListing(
    world,
    buildListing("facility", { id: FACILITY_ID, status, tier: options.tier ?? null }),
    OWNER_ABILITIES,
  );
  setChildren(
    world,
    FACILITY_ID,
    "boosts",
    (options.boosts ?? []).map(([startDate, endDate, source], i) => ({
      id: `0b0b0b0b-0000-4000-8000-00000000000${i}`,
      profileId: FACILITY_ID,
      startDate,
      endDate,
      profileName: "Riverside Sports Complex",
      source,
      state: "active" as const,
      createdDate: "2025-01-15T10:00:00.000Z",
    })),
  );
  server.use(...keepProfileChanges(world), ...profilesHandlers(world));
}

const CHECKOUT = `/payment-mgmt/api/payments/listings/facility/${FACILITY_ID}/boosts/checkout`;
const CHECKOUT_URL = "https://checkout.stripe.test/pay/cs_test_boost";
/** The first day of the month after next (UTC), a month the test has to itself. */
function monthStart(n: number) {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + n, 1))
    .toISOString()
    .slice(0, 10);
}
const QUOTA_MESSAGE = "Silver includes 7 boost days a month; March has 2 left, this boost needs 4.";
const quotaRefusal = (buyable: boolean) =>
  errorReply(409, "BOOST_QUOTA_EXCEEDED", QUOTA_MESSAGE, {
    tier: "Silver",
    months: [{ month: "2030-03", included: 7, used: 5, needed: 4, extraDays: 2 }],
    extraDays: 2,
    buyable,
    dayPrice: buyable ? 12.5 : null,
    amount: buyable ? 25 : null,
  });

afterEach(() => vi.unstubAllGlobals());

const openFacility = () =>
  renderApp({ path: `/facilities/${FACILITY_ID}`, auth: buildSignedInAuth() });

describe("the boosts of my listing", { timeout: 60_000 }, () => {
  it(`says the ${BOOST_MAX_DAYS}-day limit and shows the server's refusal of a longer boost`, async () => {
    myFacility("approved");
    server.use(http.post(`${API}/boosts`, () => errorReply(400, "VALIDATION_FAILED", LONG_BOOST)));
    const { user } = await openFacility();
    const section = within(await screen.findByRole("region", { name: "Boosts" }, LAZY));
    expect(section.getByText(new RegExp(`up to ${BOOST_MAX_DAYS} days at a time`))).toBeTruthy();
    const form = within(await section.findByRole("form", { name: "Add a boost" }, LAZY));
    const today = todayUtc();
    fireEvent.change(form.getByLabelText(/^First day/), { target: { value: today } });
    fireEvent.change(form.getByLabelText(/^Last day/), {
      target: { value: addDays(today, BOOST_MAX_DAYS + 1) },
    });
    await user.click(form.getByRole("button", { name: "Boost these dates" }));
    await waitFor(() => expect(sent.to(`${API}/boosts`, "POST")).toHaveLength(1));
    expect(await form.findByText(LONG_BOOST)).toBeTruthy();
  });

  it("offers no boost form while the listing waits for approval, and says why", async () => {
    myFacility("pending");
    await openFacility();
    const section = within(await screen.findByRole("region", { name: "Boosts" }, LAZY));
    expect(section.getByText("Boosts open once an admin approves this listing.")).toBeTruthy();
    expect(section.queryByRole("form", { name: "Add a boost" })).toBeNull();
    expect(sent.to(`${API}/boosts`, "POST")).toHaveLength(0);
  });

  it("says how many of the month's included days are used, for the month of the first day chosen", async () => {
    const month = monthStart(2);
    // 3 days of the listing's own and 2 an admin booked (which count in no quota) that month.
    myFacility("approved", {
      tier: "Silver",
      boosts: [
        [month, addDays(month, 2), "included"],
        [addDays(month, 10), addDays(month, 11), "admin"],
      ],
    });
    await openFacility();
    const section = within(await screen.findByRole("region", { name: "Boosts" }, LAZY));
    expect(section.getByText(/Silver includes 7 boost days a month/)).toBeTruthy();
    expect(await section.findByText(/^0 of 7 boost days used in /)).toBeTruthy();
    expect(section.getByText(/Booked by an admin/)).toBeTruthy();
    const form = within(await section.findByRole("form", { name: "Add a boost" }, LAZY));
    fireEvent.change(form.getByLabelText(/^First day/), { target: { value: addDays(month, 20) } });
    const name = new Intl.DateTimeFormat("en-US", { month: "long", timeZone: "UTC" }).format(
      new Date(`${month}T00:00:00Z`),
    );
    expect(await section.findByText(`3 of 7 boost days used in ${name}`)).toBeTruthy();
  });

  it("shows the quota's refusal and buys the extra days through the hosted checkout", async () => {
    myFacility("approved", { tier: "Silver" });
    server.use(http.post(`${API}/boosts`, () => quotaRefusal(true)));
    server.use(http.post(CHECKOUT, () => HttpResponse.json({ data: { url: CHECKOUT_URL } })));
    const { user } = await openFacility();
    const section = within(await screen.findByRole("region", { name: "Boosts" }, LAZY));
    const form = within(await section.findByRole("form", { name: "Add a boost" }, LAZY));
    fireEvent.change(form.getByLabelText(/^First day/), { target: { value: "2030-03-20" } });
    fireEvent.change(form.getByLabelText(/^Last day/), { target: { value: "2030-03-23" } });
    await user.click(form.getByRole("button", { name: "Boost these dates" }));
    expect(await form.findByText(QUOTA_MESSAGE)).toBeTruthy();
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    const buy = form.getByRole("button", { name: "Buy 2 extra days for $25" });
    // Keyboard: focus it and press Enter.
    buy.focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(assign).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(sent.bodies(CHECKOUT, "POST")).toEqual([
      {
        data: {
          startDate: "2030-03-20",
          endDate: "2030-03-23",
          returnPath: `/facilities/${FACILITY_ID}`,
        },
      },
    ]);
  });

  it("offers nothing to buy when the extra days are not on sale", async () => {
    myFacility("approved", { tier: "Silver" });
    server.use(http.post(`${API}/boosts`, () => quotaRefusal(false)));
    const { user } = await openFacility();
    const section = within(await screen.findByRole("region", { name: "Boosts" }, LAZY));
    const form = within(await section.findByRole("form", { name: "Add a boost" }, LAZY));
    fireEvent.change(form.getByLabelText(/^First day/), { target: { value: "2030-03-20" } });
    fireEvent.change(form.getByLabelText(/^Last day/), { target: { value: "2030-03-23" } });
    await user.click(form.getByRole("button", { name: "Boost these dates" }));
    expect(await form.findByText(QUOTA_MESSAGE)).toBeTruthy();
    expect(form.queryByRole("button", { name: /^Buy / })).toBeNull();
  });

  it("says when the checkout cannot be opened, and the button may be pressed again", async () => {
    myFacility("approved", { tier: "Silver" });
    server.use(http.post(`${API}/boosts`, () => quotaRefusal(true)));
    server.use(
      http.post(CHECKOUT, () =>
        errorReply(503, "PAYMENTS_UNAVAILABLE", "The payment provider is unavailable."),
      ),
    );
    const { user } = await openFacility();
    const section = within(await screen.findByRole("region", { name: "Boosts" }, LAZY));
    const form = within(await section.findByRole("form", { name: "Add a boost" }, LAZY));
    fireEvent.change(form.getByLabelText(/^First day/), { target: { value: "2030-03-20" } });
    fireEvent.change(form.getByLabelText(/^Last day/), { target: { value: "2030-03-23" } });
    await user.click(form.getByRole("button", { name: "Boost these dates" }));
    await user.click(await form.findByRole("button", { name: "Buy 2 extra days for $25" }));
    expect(await form.findByText("The payment provider is unavailable.")).toBeTruthy();
    expect(
      (form.getByRole("button", { name: "Buy 2 extra days for $25" }) as HTMLButtonElement)
        .disabled,
    ).toBe(false);
  });
});
