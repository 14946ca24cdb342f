import { type TLead, type TProposalLine, ZLead, ZProposal } from "@hostfield/domain/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import { delay, http } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildSignedInAuth } from "../../test/factories";
import { dataOf, pageReply, sent, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import { buildRequest, proposalVersion } from "../leads/testing";
import { COMPARE_TABLE, LOADING_COMPARISON, NO_PROPOSALS_TO_COMPARE } from "./compare-proposals";
import { addEvent, buildBid, buildEvent, EVENT_ID, EVENTS, serveRequests } from "./testing";

// The Spring Classic runs Sat Mar 7 – Mon Mar 9, 2026.
const PAGE = `/events/${EVENT_ID}/proposals`;
const PAST = "2020-01-31";
const FUTURE = "2099-12-31";
const FILTERED = `${EVENTS}/${EVENT_ID}/leads/filtered`;

const line = (overrides: Partial<TProposalLine> = {}): TProposalLine => ({
  kind: "space",
  description: "Four hardwood courts",
  dates: [],
  quantity: 4,
  unit: "Per Day",
  unitPrice: 500,
  ...overrides,
});

/** Venue n's proposal (the contract's defaults under `proposal`), Interested unless told. */
function bid(n: number, name: string, proposal: object, lead: Partial<TLead> = {}): TLead {
  return buildBid(n, {
    status: "Interested",
    owner: { ...buildBid(n).owner, name },
    createdDate: "2026-01-10T09:00:00.000Z",
    firstResponseDate: "2026-01-10T12:00:00.000Z",
    ...lead,
    proposal: {
      ...ZProposal.parse({ message: `${name} can host.`, ...proposal }),
      submittedDate: "2026-01-10T12:00:00.000Z",
    },
  });
}

/**
 * The organizer's calls over the world's leads, and the filtered leads call the comparison reads
 * every proposal through (by status, a page at a time), answered after `wait` ms.
 */
function serveCompared(wait = 0) {
  const world = serveRequests();
  server.use(
    http.post(`${EVENTS}/:id/leads/filtered`, async ({ params, request }) => {
      if (wait > 0) await delay(wait);
      const filter = (await dataOf<{ status?: string[] } | undefined>(request)) ?? {};
      const chosen = world.bids.leads.filter(
        (lead) =>
          lead.eventId === params.id && (!filter.status || filter.status.includes(lead.status)),
      );
      return pageReply(ZLead, chosen, request);
    }),
  );
  return world;
}

/**
 * Lakeside Arena: courts every day, rooms and an extra, $8,800, the better match. Fieldhouse
 * North: courts on two of the three days, no rooms, $5,600, with a deposit and concessions. Quiet
 * Gym has not answered: nothing to compare. The request asks for courts and 120 room nights.
 */
function comparingServer() {
  const world = serveCompared();
  addEvent(world, buildEvent());
  const request = buildRequest({ roomNights: 120 });
  world.bids.leads.push(
    buildBid(1, { owner: { ...buildBid(1).owner, name: "Quiet Gym" } }),
    bid(
      2,
      "Lakeside Arena",
      {
        dates: ["2026-03-07", "2026-03-08", "2026-03-09"],
        lines: [
          line(),
          line({
            kind: "rooms",
            description: "Hotel rooms",
            quantity: 40,
            unitPrice: 40,
            dates: ["2026-03-07"],
            unit: "Per Night",
          }),
          line({
            kind: "extra",
            description: "Scoreboards",
            quantity: 1,
            unit: "Each",
            unitPrice: 1200,
          }),
        ],
        expiresOn: FUTURE,
      },
      { score: 92, reasons: ["1 of 1 sports", "4 hardwood courts, needs 4"], request },
    ),
    bid(
      3,
      "Fieldhouse North",
      {
        dates: ["2026-03-07", "2026-03-08"],
        lines: [line({ dates: ["2026-03-07", "2026-03-08"], unitPrice: 700 })],
        concessions: ["Free parking", "Concessions stand revenue shared"],
        deposit: { percent: 25, dueDate: "2026-02-15" },
      },
      {
        score: 71,
        reasons: ["1 of 1 sports", "30 mi from Indianapolis, IN"],
        firstResponseDate: "2026-01-12T09:00:00.000Z",
        request,
      },
    ),
  );
  return world;
}

/** The comparison's cells in the row headed `head`, column by column. */
function cells(head: string) {
  const row = screen.getByText(head, { selector: "th" }).closest("tr")!;
  return Array.from(row.querySelectorAll("td"), (td) => td.textContent);
}

/** The venues heading the columns, left to right. */
function venues() {
  const table = screen.getByRole("table", { name: COMPARE_TABLE });
  return Array.from(table.querySelectorAll("thead th a"), (a) => a.textContent);
}

afterEach(() => vi.restoreAllMocks());

describe("/events/{id}/proposals?view=compare: proposals in columns", { timeout: 60_000 }, () => {
  it("the toggle turns the list into columns, one per venue with a proposal, and back", async () => {
    comparingServer();
    const { user, router } = await renderApp({ path: PAGE, auth: buildSignedInAuth() });
    await screen.findByRole("table", { name: "Proposals side by side" });
    await user.click(screen.getByRole("button", { name: "Compare" }));
    await screen.findByRole("table", { name: COMPARE_TABLE });
    expect(new URLSearchParams(router.state.location.search).get("view")).toBe("compare");
    // The silent venue has no column.
    expect(venues()).toEqual(["Fieldhouse North", "Lakeside Arena"]);
    // The columns scroll sideways in a box the keyboard reaches.
    const region = screen.getByRole("region", { name: /Proposals in columns/ });
    expect(region.tabIndex).toBe(0);
    await user.click(screen.getByRole("button", { name: "List" }));
    expect(await screen.findByRole("table", { name: "Proposals side by side" })).toBeTruthy();
    expect(screen.queryByRole("table", { name: COMPARE_TABLE })).toBeNull();
  });

  it("shows each venue's total and its cost on each event day", async () => {
    comparingServer();
    await renderApp({ path: `${PAGE}?view=compare`, auth: buildSignedInAuth() });
    await screen.findByRole("table", { name: COMPARE_TABLE });
    // Cheapest first: Fieldhouse 4 × $700 × 2 days; Lakeside 4 × $500 × 3 + 40 × $40 + $1,200.
    expect(venues()).toEqual(["Fieldhouse North", "Lakeside Arena"]);
    expect(cells("Total")).toEqual(["$5,600", "$8,800"]);
    expect(cells("Sat, Mar 7th, 2026")).toEqual(["$2,800", "$3,600"]);
    expect(cells("Sun, Mar 8th, 2026")).toEqual(["$2,800", "$2,000"]);
    expect(cells("Mon, Mar 9th, 2026")).toEqual(["Not offered", "$2,000"]);
    expect(cells("Not tied to a day")).toEqual(["—", "$1,200"]);
    expect(cells("Leaves out")).toEqual([
      "Not offered: Mon, Mar 9th, 2026No hotel rooms priced (asked: 120 room nights)",
      "Nothing missing",
    ]);
    expect(cells("Concessions")).toEqual(["Free parkingConcessions stand revenue shared", "None"]);
    expect(cells("Deposit")).toEqual(["25% due by Sun, Feb 15th, 2026$1,400", "None asked"]);
    expect(cells("Expires")).toEqual(["No expiry date", "Thu, Dec 31st, 2099"]);
    expect(cells("Response")).toEqual(["Responded in 2 days", "Responded in 3 h"]);
    expect(cells("Match")).toEqual([
      "Score 71 of 1001 of 1 sports30 mi from Indianapolis, IN",
      "Score 92 of 1001 of 1 sports4 hardwood courts, needs 4",
    ]);
  });

  it("orders by total or by match, the choice kept in the address", async () => {
    comparingServer();
    const { user, router } = await renderApp({
      path: `${PAGE}?view=compare`,
      auth: buildSignedInAuth(),
    });
    await screen.findByRole("table", { name: COMPARE_TABLE });
    const order = within(screen.getByRole("group", { name: "Order by" }));
    expect(order.getByRole("button", { name: "Total" }).getAttribute("aria-pressed")).toBe("true");
    expect(venues()).toEqual(["Fieldhouse North", "Lakeside Arena"]);
    await user.click(order.getByRole("button", { name: "Match" }));
    await waitFor(() => expect(venues()).toEqual(["Lakeside Arena", "Fieldhouse North"]));
    expect(new URLSearchParams(router.state.location.search).get("sort")).toBe("match");
    expect(cells("Total")).toEqual(["$8,800", "$5,600"]);
    await user.click(order.getByRole("button", { name: "Total" }));
    await waitFor(() => expect(venues()).toEqual(["Fieldhouse North", "Lakeside Arena"]));
    expect(new URLSearchParams(router.state.location.search).get("sort")).toBeNull();
  });

  it("opens in the order a shared link asks for", async () => {
    comparingServer();
    await renderApp({ path: `${PAGE}?view=compare&sort=match`, auth: buildSignedInAuth() });
    await screen.findByRole("table", { name: COMPARE_TABLE });
    expect(venues()).toEqual(["Lakeside Arena", "Fieldhouse North"]);
  });

  it("marks an expired proposal and will not award it; the others still can be", async () => {
    const world = comparingServer();
    world.bids.leads = world.bids.leads.map((lead) =>
      lead.owner.name === "Fieldhouse North"
        ? { ...lead, proposal: { ...lead.proposal!, expiresOn: PAST } }
        : lead,
    );
    const { user } = await renderApp({ path: `${PAGE}?view=compare`, auth: buildSignedInAuth() });
    await screen.findByRole("table", { name: COMPARE_TABLE });
    expect(cells("Expires")[0]).toBe("Fri, Jan 31st, 2020 (expired)");
    const head = screen.getByText("Fieldhouse North", { selector: "thead th a" }).closest("th")!;
    expect(within(head).getByText("Expired")).toBeTruthy();
    const award = screen.getByRole("button", { name: "Award Fieldhouse North" });
    expect((award as HTMLButtonElement).disabled).toBe(true);
    expect(award.getAttribute("aria-describedby")).toBeTruthy();
    expect(document.getElementById(award.getAttribute("aria-describedby")!)?.textContent).toBe(
      "Expired: ask the venue for a new proposal to award it.",
    );
    // It can still be declined; the other venue can be awarded, through the page's own dialog.
    expect(
      (screen.getByRole("button", { name: "Decline Fieldhouse North" }) as HTMLButtonElement)
        .disabled,
    ).toBe(false);
    await user.click(screen.getByRole("button", { name: "Award Lakeside Arena" }));
    expect(
      await screen.findByRole("dialog", { name: "Award the event to Lakeside Arena?" }),
    ).toBeTruthy();
  });

  it("the Decide row asks a venue to revise, and shows an open ask and a revised proposal's versions", async () => {
    const world = comparingServer();
    world.bids.leads = world.bids.leads.map((lead) =>
      lead.owner.name === "Fieldhouse North"
        ? {
            ...lead,
            proposalVersion: 2,
            revisionRequest: {
              message: "Could the deposit wait until March?",
              changes: ["terms"],
              requestedDate: "2026-01-14T15:00:00.000Z",
            },
          }
        : lead,
    );
    const fieldhouse = world.bids.leads.find((lead) => lead.owner.name === "Fieldhouse North")!;
    world.bids.versions[fieldhouse.id] = [
      proposalVersion(1, { message: "Two days of courts." }),
      proposalVersion(2, { message: "Two days of courts, with a deposit." }),
    ];
    const { user } = await renderApp({ path: `${PAGE}?view=compare`, auth: buildSignedInAuth() });
    await screen.findByRole("table", { name: COMPARE_TABLE });
    expect(cells("Decide")).toEqual([
      "AwardDeclineRevision asked Jan 14, 2026To change: termsVersion 2Versions",
      "AwardDeclineAsk to revise",
    ]);
    await user.click(
      screen.getByRole("button", { name: "Versions of Fieldhouse North's proposal" }),
    );
    const versions = within(
      await screen.findByRole("dialog", { name: "Versions of Fieldhouse North's proposal" }),
    );
    expect(
      (await versions.findAllByRole("heading", { level: 3 })).map((h) => h.textContent),
    ).toEqual(["Version 2", "Version 1"]);
    await user.click(versions.getByRole("button", { name: "Close" }));
    await user.click(screen.getByRole("button", { name: "Ask to revise: Lakeside Arena" }));
    expect(
      await screen.findByRole("dialog", { name: "Ask Lakeside Arena to revise its proposal" }),
    ).toBeTruthy();
  });

  it("keeps the columns on a phone, scrolling sideways rather than stacking", async () => {
    comparingServer();
    await renderApp({ path: `${PAGE}?view=compare`, auth: buildSignedInAuth(), width: 375 });
    await screen.findByRole("table", { name: COMPARE_TABLE });
    expect(screen.queryByRole("list", { name: "Proposals" })).toBeNull();
    expect(venues()).toEqual(["Fieldhouse North", "Lakeside Arena"]);
    expect(screen.getByRole("region", { name: /scrolls sideways/ }).tabIndex).toBe(0);
  });

  it("Print / Save as PDF opens the browser's print dialog", async () => {
    comparingServer();
    const print = vi.spyOn(window, "print").mockImplementation(() => undefined);
    const { user } = await renderApp({ path: `${PAGE}?view=compare`, auth: buildSignedInAuth() });
    await screen.findByRole("table", { name: COMPARE_TABLE });
    await user.click(screen.getByRole("button", { name: "Print / Save as PDF" }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it("a lone price reads as it was sent; a price per participant is no total and sorts last", async () => {
    const world = serveCompared();
    addEvent(world, buildEvent());
    world.bids.leads.push(
      bid(2, "Per Head Gym", { dates: [], price: 25, priceUnit: "Per Participant" }),
      bid(3, "Flat Fee Hall", { dates: ["2026-03-07"], price: 9000, priceUnit: "Total" }),
    );
    await renderApp({ path: `${PAGE}?view=compare`, auth: buildSignedInAuth() });
    await screen.findByRole("table", { name: COMPARE_TABLE });
    expect(venues()).toEqual(["Flat Fee Hall", "Per Head Gym"]);
    expect(cells("Total")).toEqual([
      "$9,000One price, not itemized",
      "$25 / ParticipantNot a total",
    ]);
    expect(cells("Sun, Mar 8th, 2026")).toEqual(["Not offered", "—"]);
    expect(cells("Leaves out")).toEqual([
      "Not offered: Sun, Mar 8th, 2026Not offered: Mon, Mar 9th, 2026",
      "Dates not stated",
    ]);
  });

  it("without a proposal yet: an empty state instead of columns", async () => {
    const world = serveCompared();
    addEvent(world, buildEvent());
    world.bids.leads.push(buildBid(1), buildBid(4, { status: "Passed" }));
    await renderApp({ path: `${PAGE}?view=compare`, auth: buildSignedInAuth() });
    const panel = (await screen.findByRole("heading", { name: NO_PROPOSALS_TO_COMPARE })).closest(
      "[role=status]",
    );
    expect(panel).toBeTruthy();
    expect(screen.queryByRole("table", { name: COMPARE_TABLE })).toBeNull();
    expect(screen.queryByRole("button", { name: "Print / Save as PDF" })).toBeNull();
  });
  it("compares every proposal of the event, not only the list's page of leads", async () => {
    const world = serveCompared();
    addEvent(world, buildEvent());
    // The list's first page (25) holds twenty unanswered leads and five of the thirty proposals.
    world.bids.leads.push(
      ...Array.from({ length: 20 }, (_, i) => buildBid(i + 1)),
      ...Array.from({ length: 30 }, (_, i) =>
        bid(21 + i, `Venue ${21 + i}`, {
          dates: ["2026-03-07", "2026-03-08", "2026-03-09"],
          lines: [line({ unitPrice: 100 + i })],
        }),
      ),
    );
    const { user } = await renderApp({ path: PAGE, auth: buildSignedInAuth() });
    const list = await screen.findByRole("table", { name: "Proposals side by side" });
    expect(within(list).queryByRole("link", { name: "Venue 50" })).toBeNull();
    expect(screen.getByRole("navigation", { name: "Pages of proposals" })).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Compare" }));
    await screen.findByRole("table", { name: COMPARE_TABLE });
    expect(screen.getByText("Comparing all 30 proposals.")).toBeTruthy();
    // Cheapest first: Venue 21 (4 × $100 × 3 days) to Venue 50 (4 × $129 × 3 days).
    expect(venues()).toEqual(Array.from({ length: 30 }, (_, i) => `Venue ${21 + i}`));
    expect(cells("Total").at(-1)).toBe("$1,548");
    // No pager under the columns: they are every proposal.
    expect(screen.queryByRole("navigation", { name: "Pages of proposals" })).toBeNull();
    // One call: the leads that may carry a proposal, the most a page gives.
    const calls = sent.to(FILTERED, "POST");
    expect(calls.map((call) => call.body)).toEqual([
      { data: { status: ["Interested", "Won", "Lost"] } },
    ]);
    expect(calls.map((call) => call.url.searchParams.get("take"))).toEqual(["100"]);
  });

  it("reads the leads past the first hundred, all of them before comparing", async () => {
    const world = serveCompared();
    addEvent(world, buildEvent());
    // 101 lost leads that never proposed come first; the two proposals are on the second page.
    world.bids.leads.push(
      ...Array.from({ length: 101 }, (_, i) => buildBid(i + 1, { status: "Lost" })),
      bid(102, "Lakeside Arena", {
        dates: ["2026-03-07"],
        lines: [line({ dates: ["2026-03-07"] })],
      }),
      bid(103, "Fieldhouse North", {
        dates: ["2026-03-07"],
        lines: [line({ dates: ["2026-03-07"], unitPrice: 400 })],
      }),
    );
    await renderApp({ path: `${PAGE}?view=compare`, auth: buildSignedInAuth() });
    await screen.findByRole("table", { name: COMPARE_TABLE });
    expect(venues()).toEqual(["Fieldhouse North", "Lakeside Arena"]);
    expect(screen.getByText("Comparing all 2 proposals.")).toBeTruthy();
    const offsets = sent.to(FILTERED, "POST").map((call) => call.url.searchParams.get("offset"));
    expect(offsets).toEqual(["0", "100"]);
  });

  it("shows the comparison loading until every proposal is read", async () => {
    const world = serveCompared(400);
    addEvent(world, buildEvent());
    world.bids.leads.push(bid(2, "Lakeside Arena", { dates: ["2026-03-07"] }));
    await renderApp({ path: `${PAGE}?view=compare`, auth: buildSignedInAuth() });
    expect(await screen.findByRole("status", { name: LOADING_COMPARISON })).toBeTruthy();
    expect(screen.queryByRole("table", { name: COMPARE_TABLE })).toBeNull();
    await screen.findByRole("table", { name: COMPARE_TABLE });
    expect(screen.getByText("Comparing the one proposal.")).toBeTruthy();
    expect(screen.queryByRole("status", { name: LOADING_COMPARISON })).toBeNull();
  });
});
