// The upsell where a tier matters: the locked RFP marketplace, the hot-lead delay notice and locked
// organization stats link to the membership of my listings a plan would help, and only when
// payments are on.
import { screen, within } from "@testing-library/react";
import { http } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildSignedInAuth } from "../../test/factories";
import { errorReply, sent, serveBase, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import {
  buildVenue,
  FACILITY_ID,
  leadsHandlers,
  leadsWorld,
  NOW,
  RFP_SEARCH,
  type TLeadsWorld,
} from "../leads/testing";
import { REPORTS, reportsHandlers, reportsWorld } from "../reports/testing";
import {
  CONFIG_URL,
  PAYMENTS_OFF,
  paymentsHandlers,
  paymentsWorld,
  type TPaymentsWorld,
  uuid,
} from "./testing";

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(NOW));
});

afterEach(() => {
  vi.useRealTimers();
});

const OTHER_FACILITY_ID = uuid(9001);
const BUSINESS_ID = uuid(9002);
const ORGANIZATION_ID = uuid(9003);

const LOCKED_TEXT = "Choose a Bronze plan or higher for your listing to open the RFP marketplace.";
const HOT_LEADS_TEXT = "Upgrade to Silver to see hot requests as soon as they are published.";

/** The marketplace, over `leads`, with payments as `payments` says (off when null). */
async function openMarketplace(leads: TLeadsWorld, payments: TPaymentsWorld | null) {
  serveBase(...leadsHandlers(leads));
  if (payments) serveBase(...paymentsHandlers(payments));
  const rendered = await renderApp({ path: "/rfps", auth: buildSignedInAuth() });
  return { ...rendered, main: within(screen.getByRole("main")) };
}

function lockedMarketplace() {
  server.use(
    http.post(RFP_SEARCH, () =>
      errorReply(403, "RFP_MARKETPLACE_LOCKED", "The RFP marketplace is part of memberships."),
    ),
  );
}

const riverside = { id: FACILITY_ID, name: "Riverside Fieldhouse", tier: "Legacy" as const };

describe("the upsell", () => {
  it("on the locked marketplace, links to the plans of my listing when payments are on", async () => {
    lockedMarketplace();
    const { main } = await openMarketplace(
      leadsWorld({ destinations: [], facilities: [buildVenue("facility", riverside)] }),
      // My listings as the leads' world lists them.
      paymentsWorld(),
    );
    expect(await main.findByText(LOCKED_TEXT)).toBeTruthy();
    expect(main.getByRole("link", { name: "See plans" }).getAttribute("href")).toBe(
      `/facilities/${FACILITY_ID}#membership`,
    );
    // Today's explanation stays above it.
    expect(main.getByRole("heading", { name: "Unlock the RFP marketplace" })).toBeTruthy();
  });

  it("on the locked marketplace, keeps today's text alone when payments are off", async () => {
    lockedMarketplace();
    const { main } = await openMarketplace(
      leadsWorld({ destinations: [], facilities: [buildVenue("facility", riverside)] }),
      paymentsWorld({ config: PAYMENTS_OFF }),
    );
    expect(await main.findByText("Riverside Fieldhouse")).toBeTruthy();
    await vi.waitFor(() => expect(sent.to(CONFIG_URL, "GET")).toHaveLength(1));
    expect(main.queryByText(LOCKED_TEXT)).toBeNull();
    expect(main.queryByRole("link", { name: /See plans/ })).toBeNull();
  });

  it("beside the hot-lead delay, links to each of my listings without hot leads", async () => {
    const { main } = await openMarketplace(
      leadsWorld({
        heldBack: { requests: 2, listings: 2, nextVisibleFrom: "2026-03-11T15:00:00.000Z" },
      }),
      paymentsWorld({
        mine: {
          facility: [
            { id: FACILITY_ID, name: "Riverside Fieldhouse", tier: "Bronze", isActive: true },
            { id: OTHER_FACILITY_ID, name: "Lakeside Courts", tier: "Gold", isActive: true },
          ],
          destination: [{ id: uuid(9004), name: "Visit Lakeside", tier: null, isActive: true }],
        },
      }),
    );
    expect(await main.findByText(HOT_LEADS_TEXT)).toBeTruthy();
    const links = main.getAllByRole("link", { name: /^See plans for / });
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["See plans for Visit Lakeside", `/destinations/${uuid(9004)}#membership`],
      ["See plans for Riverside Fieldhouse", `/facilities/${FACILITY_ID}#membership`],
    ]);
  });

  it("beside the hot-lead delay, says nothing more when payments are off", async () => {
    const { main } = await openMarketplace(
      leadsWorld({
        heldBack: { requests: 1, listings: 1, nextVisibleFrom: "2026-03-11T15:00:00.000Z" },
      }),
      null,
    );
    expect(
      await main.findByRole("heading", { name: "Hot requests are on their way to you" }),
    ).toBeTruthy();
    await vi.waitFor(() => expect(sent.to(CONFIG_URL, "GET")).toHaveLength(1));
    expect(main.queryByText(HOT_LEADS_TEXT)).toBeNull();
  });

  it("on locked organization stats, links to the plans of my business", async () => {
    serveBase(...reportsHandlers(reportsWorld()));
    serveBase(
      ...paymentsHandlers(
        paymentsWorld({
          mine: {
            business: [{ id: BUSINESS_ID, name: "Harbor Grill", tier: null, isActive: false }],
          },
        }),
      ),
    );
    server.use(
      http.get(`${REPORTS}/*`, () =>
        errorReply(
          403,
          "ORGANIZATION_STATS_LOCKED",
          "Organization reports come with an active destination, facility or business membership.",
        ),
      ),
    );
    await renderApp({
      path: `/reports/organization/${ORGANIZATION_ID}`,
      auth: buildSignedInAuth(),
    });
    const main = within(screen.getByRole("main"));
    expect(
      await main.findByText(
        "Choose a plan for your listing, from Bronze up, to see organization stats.",
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(main.getByText("Organization stats come with a membership")).toBeTruthy();
    expect(main.getByRole("link", { name: "See plans" }).getAttribute("href")).toBe(
      `/businesses/${BUSINESS_ID}#membership`,
    );
  });
});
