import { NO_PROPOSAL_TERMS, ZLead } from "@hostfield/domain/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import { http } from "msw";
import { describe, expect, it } from "vitest";
import { formatDateTime } from "../../lib/date-format";
import { buildSignedInAuth } from "../../test/factories";
import { dataReply, errorReply, sent, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import { acceptMove, buildRequest, proposalVersion } from "../leads/testing";
import { buildDeposit, depositHandlers } from "../payments/testing";
import { NO_PROPOSALS, PROPOSALS_TITLE } from "./proposals-page";
import {
  addEvent,
  asksRevision,
  buildBid,
  buildEvent,
  EVENT_ID,
  GROUP_ID,
  serveRequests,
  uuid,
  VISITOR_ABILITIES,
} from "./testing";

const LEADS = `/event-mgmt/api/events/${EVENT_ID}/leads`;

/** Three bidders: one with a full proposal, one with a bare one, one that has not answered. */
function biddingServer() {
  const world = serveRequests();
  addEvent(world, buildEvent());
  world.bids.leads.push(
    buildBid(1, { owner: { ...buildBid(1).owner, name: "Quiet Gym" } }),
    buildBid(2, {
      status: "Interested",
      owner: {
        ownerType: "Facility",
        ownerId: uuid(302),
        name: "Lakeside Arena",
        city: "Carmel",
        state: "IN",
        responseTime: "usually responds within 4 h",
      },
      reasons: ["1 of 1 sports", "4 hardwood courts, needs 4", "38 mi from Indianapolis, IN"],
      distanceMiles: 38.2,
      groupId: GROUP_ID,
      createdDate: "2026-01-10T09:00:00.000Z",
      firstResponseDate: "2026-01-10T11:30:00.000Z",
      proposal: {
        message: "Four courts, locker rooms, parking for 400.",
        dates: ["2026-03-07", "2026-03-08"],
        price: 12000,
        priceUnit: "Total",
        ...NO_PROPOSAL_TERMS,
        submittedDate: "2026-01-10T11:30:00.000Z",
      },
    }),
    buildBid(3, {
      status: "Interested",
      owner: { ...buildBid(3).owner, ownerType: "Destination", name: "Visit Fishers" },
      distanceMiles: 20,
      firstResponseDate: "2026-01-12T09:00:00.000Z",
      proposal: {
        message: "We can host at two sites.",
        dates: [],
        price: 25,
        priceUnit: "Per Participant",
        ...NO_PROPOSAL_TERMS,
        submittedDate: "2026-01-12T09:00:00.000Z",
      },
    }),
  );
  world.bids.history[uuid(202)] = [
    {
      id: uuid(900),
      fromStatus: null,
      toStatus: "Open",
      reason: null,
      reasonCode: null,
      by: null,
      at: "2026-01-10T09:00:00.000Z",
    },
    {
      id: uuid(901),
      fromStatus: "Open",
      toStatus: "Interested",
      reason: null,
      reasonCode: null,
      by: { id: uuid(902), name: "Dana Reyes", avatarUrl: null },
      at: "2026-01-10T11:30:00.000Z",
    },
  ];
  return world;
}

/** The table row of a venue (found by its link's text: role queries crawl a whole page slowly). */
function row(name: string) {
  return within(screen.getByText(name, { selector: "th a" }).closest("tr")!);
}

describe("/events/{id}/proposals: comparing proposals", { timeout: 60_000 }, () => {
  it("says the alternative dates its request asked for, once however many leads carry them", async () => {
    const world = serveRequests();
    addEvent(world, buildEvent());
    const request = buildRequest({
      dateOptions: {
        kind: "sets",
        sets: [
          { startDate: "2026-03-07", endDate: "2026-03-08" },
          { startDate: "2026-03-14", endDate: "2026-03-15" },
        ],
      },
    });
    world.bids.leads.push(buildBid(1, { request }), buildBid(2, { request }));
    await renderApp({ path: `/events/${EVENT_ID}/proposals`, auth: buildSignedInAuth() });
    await screen.findByRole("table", { name: "Proposals side by side" });
    const asked = screen.getAllByText(/^Dates asked:/);
    expect(asked.map((line) => line.parentElement?.textContent)).toEqual([
      "Dates asked: Sat, Mar 7th - Sun, Mar 8th, 2026 or Sat, Mar 14th - Sun, Mar 15th, 2026",
    ]);
  });

  it("puts the proposals side by side in a table on wide screens", async () => {
    biddingServer();
    await renderApp({ path: `/events/${EVENT_ID}/proposals`, auth: buildSignedInAuth() });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(PROPOSALS_TITLE);
    const table = within(await screen.findByRole("table", { name: "Proposals side by side" }));
    expect(table.getAllByRole("columnheader").map((th) => th.textContent)).toEqual([
      "Venue",
      "Status",
      "Proposal",
      "Price",
      "Distance",
      "Why it reached them",
      "Response",
      "Actions",
    ]);
    // Proposals first, the silent bidder last.
    expect(table.getAllByRole("rowheader").map((th) => th.querySelector("a")?.textContent)).toEqual(
      ["Lakeside Arena", "Visit Fishers", "Quiet Gym"],
    );
    const lakeside = row("Lakeside Arena");
    expect(lakeside.getByRole("link", { name: "Lakeside Arena" }).getAttribute("href")).toBe(
      `/facilities/${uuid(302)}`,
    );
    expect(lakeside.getByText("Facility · Carmel, IN")).toBeTruthy();
    expect(lakeside.getByText("Interested")).toBeTruthy();
    expect(lakeside.getByText("Offers Sat, Mar 7th, 2026; Sun, Mar 8th, 2026")).toBeTruthy();
    expect(lakeside.getByText("$12,000 total")).toBeTruthy();
    expect(lakeside.getByText("38 mi")).toBeTruthy();
    expect(lakeside.getByText("4 hardwood courts, needs 4")).toBeTruthy();
    expect(lakeside.getByText("Responded in 3 h")).toBeTruthy();
    expect(lakeside.getByText("usually responds within 4 h")).toBeTruthy();
    expect(
      lakeside.getByRole("link", { name: "Conversation with Lakeside Arena" }).getAttribute("href"),
    ).toBe(`/groups/${GROUP_ID}`);
    expect(row("Visit Fishers").getByText("$25 / Participant")).toBeTruthy();
    expect(row("Visit Fishers").getByText("Responded in 2 days")).toBeTruthy();
    const quiet = row("Quiet Gym");
    expect(quiet.getByText("No proposal yet")).toBeTruthy();
    expect(quiet.getByText("No response yet")).toBeTruthy();
    // Only answered leads can be decided.
    expect(quiet.queryByRole("button", { name: "Award Quiet Gym" })).toBeNull();
    expect(screen.getByText(/3 leads/)).toBeTruthy();
  });

  it("awards with a confirmation that carries the winner's words and the reason the others read; then all is final", async () => {
    const world = biddingServer();
    // The award: Lakeside wins with its words, and every other venue still in the running loses,
    // with theirs.
    server.use(
      http.patch(`${LEADS}/${uuid(202)}`, () => {
        world.bids.leads = world.bids.leads.map((lead) =>
          lead.id === uuid(202)
            ? { ...lead, status: "Won", statusReason: "Your courts fit us best" }
            : { ...lead, status: "Lost", statusReason: "Closer to our hotels" },
        );
        return dataReply(ZLead, world.bids.leads.find((lead) => lead.id === uuid(202))!);
      }),
    );
    const { user } = await renderApp({
      path: `/events/${EVENT_ID}/proposals`,
      auth: buildSignedInAuth(),
    });
    await user.click(await screen.findByRole("button", { name: "Award Lakeside Arena" }));
    const dialog = within(
      await screen.findByRole("dialog", { name: "Award the event to Lakeside Arena?" }),
    );
    expect(dialog.getByText(/The 2 other venues still in the running lose/)).toBeTruthy();
    const words = dialog.getByRole("textbox", { name: "A word to Lakeside Arena" });
    expect((words as HTMLInputElement).value).toBe("");
    expect(dialog.getByText(/Only Lakeside Arena reads this/)).toBeTruthy();
    const reason = dialog.getByRole("textbox", { name: "Reason shown to the other venues" });
    expect((reason as HTMLInputElement).value).toBe("Another venue was chosen");
    // Cancel first, then confirm (spec §2).
    expect(dialog.getAllByRole("button").map((b) => b.textContent)).toEqual(["Cancel", "Award"]);
    await user.type(words, "Your courts fit us best");
    await user.clear(reason);
    await user.type(reason, "Closer to our hotels");
    await user.click(dialog.getByRole("button", { name: "Award" }));

    await waitFor(() => expect(sent.to(`${LEADS}/${uuid(202)}`, "PATCH")).toHaveLength(1));
    expect(sent.to(`${LEADS}/${uuid(202)}`, "PATCH")[0]?.body).toEqual([
      { op: "replace", path: "/status", value: "Won" },
      { op: "replace", path: "/reason", value: "Your courts fit us best" },
      { op: "replace", path: "/othersReason", value: "Closer to our hotels" },
    ]);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await screen.findByText("Lakeside Arena won. The other venues are told.")).toBeTruthy();
    // Everything reloaded: the winner, the losers with the reason, no more decisions.
    await waitFor(() => expect(row("Lakeside Arena").getByText("Won · final")).toBeTruthy());
    expect(row("Visit Fishers").getByText("Lost · final")).toBeTruthy();
    expect(row("Visit Fishers").getByText("“Closer to our hotels”")).toBeTruthy();
    expect(row("Quiet Gym").getByText("Lost · final")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Award / })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Decline / })).toBeNull();
    expect(screen.getByText(/Won and lost proposals are final/)).toBeTruthy();
    // The award opens a hotel block for the event in one step, carrying the lead.
    expect(screen.getByRole("link", { name: "Hold hotel rooms" }).getAttribute("href")).toBe(
      `/events/${EVENT_ID}/hotels?leadId=${uuid(202)}`,
    );
    expect(sent.to(LEADS, "GET").length).toBeGreaterThanOrEqual(2);
  });

  it("shows the awarded proposal's deposit with the way to pay it", async () => {
    const world = biddingServer();
    world.bids.leads = world.bids.leads.map((lead) =>
      lead.id === uuid(202) && lead.proposal
        ? {
            ...lead,
            status: "Won",
            proposal: {
              ...lead.proposal,
              deposit: { percent: 20, dueDate: "2030-05-01", refundableUntil: "2030-04-20" },
            },
          }
        : lead,
    );
    server.use(
      ...depositHandlers(
        new Map([
          [
            uuid(202),
            buildDeposit(uuid(202), {
              amount: 2400,
              actions: { pay: true, refund: false, refundPart: false },
            }),
          ],
        ]),
      ),
    );
    await renderApp({ path: `/events/${EVENT_ID}/proposals`, auth: buildSignedInAuth() });
    const deposit = within(await screen.findByRole("region", { name: "Deposit" }));
    expect(
      await deposit.findByText("Deposit: $2,400 (20%) due by Wed, May 1st, 2030"),
    ).toBeTruthy();
    expect(deposit.getByRole("button", { name: "Pay deposit" })).toBeTruthy();
  });

  it("declining needs a reason from the list, words optional; cancelling sends nothing", async () => {
    const world = biddingServer();
    const fishers = world.bids.leads.find((lead) => lead.id === uuid(203))!;
    server.use(
      acceptMove(world.bids, {
        ...fishers,
        status: "Lost",
        statusReason: "Courts for less nearby",
        statusReasonCode: "budget",
      }),
    );
    const { user } = await renderApp({
      path: `/events/${EVENT_ID}/proposals`,
      auth: buildSignedInAuth(),
    });
    await user.click(await screen.findByRole("button", { name: "Decline Visit Fishers" }));
    let dialog = within(
      await screen.findByRole("dialog", { name: "Decline Visit Fishers's proposal?" }),
    );
    await user.click(dialog.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent.to(`${LEADS}/${uuid(203)}`, "PATCH")).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Decline Visit Fishers" }));
    dialog = within(await screen.findByRole("dialog"));
    await user.click(dialog.getByRole("button", { name: "Decline" }));
    expect(dialog.getByText("Pick the reason closest to yours.")).toBeTruthy();
    expect(sent.to(`${LEADS}/${uuid(203)}`, "PATCH")).toHaveLength(0);
    // Every coded reason is offered, by its words.
    const reasons = dialog.getByRole("radiogroup", { name: "Reason" });
    expect(within(reasons).getAllByRole("radio")).toHaveLength(6);
    await user.click(within(reasons).getByRole("radio", { name: "Over our budget" }));
    await user.type(
      dialog.getByRole("textbox", { name: "In your words (optional)" }),
      "Courts for less nearby{Enter}",
    );
    await waitFor(() => expect(sent.to(`${LEADS}/${uuid(203)}`, "PATCH")).toHaveLength(1));
    expect(sent.to(`${LEADS}/${uuid(203)}`, "PATCH")[0]?.body).toEqual([
      { op: "replace", path: "/status", value: "Lost" },
      { op: "replace", path: "/reason", value: "Courts for less nearby" },
      { op: "replace", path: "/reasonCode", value: "budget" },
    ]);
    await waitFor(() => expect(row("Visit Fishers").getByText("Lost · final")).toBeTruthy());
    expect(
      row("Visit Fishers").getByText("“Over our budget: Courts for less nearby”"),
    ).toBeTruthy();
    // The others stay in the running.
    expect(
      row("Lakeside Arena").getByRole("button", { name: "Award Lakeside Arena" }),
    ).toBeTruthy();
  });

  it("a refused decision keeps the dialog open with the server's words", async () => {
    biddingServer();
    server.use(
      http.patch(`${LEADS}/${uuid(202)}`, () =>
        errorReply(409, "LEAD_TRANSITION_REFUSED", "This lead is Passed; it cannot move to Won."),
      ),
    );
    const { user } = await renderApp({
      path: `/events/${EVENT_ID}/proposals`,
      auth: buildSignedInAuth(),
    });
    await user.click(await screen.findByRole("button", { name: "Award Lakeside Arena" }));
    const dialog = within(await screen.findByRole("dialog"));
    await user.click(dialog.getByRole("button", { name: "Award" }));
    expect((await dialog.findByRole("alert")).textContent).toBe(
      "This lead is Passed; it cannot move to Won.",
    );
    expect(screen.getByRole("dialog")).toBeTruthy();
  });

  it("shows a lead's history", async () => {
    biddingServer();
    const { user } = await renderApp({
      path: `/events/${EVENT_ID}/proposals`,
      auth: buildSignedInAuth(),
    });
    await user.click(await screen.findByRole("button", { name: "History of Lakeside Arena" }));
    const dialog = within(await screen.findByRole("dialog", { name: "History of Lakeside Arena" }));
    const entries = within(await dialog.findByRole("list", { name: /Status changes/ }));
    // Oldest first, each with who and when.
    expect(entries.getAllByRole("listitem").map((li) => li.firstChild?.textContent)).toEqual([
      "Received as Open",
      "Open → Interested",
    ]);
    expect(entries.getByText(/^Dana Reyes ·/)).toBeTruthy();
  });

  it("stacks the proposals as cards on a phone", async () => {
    biddingServer();
    await renderApp({
      path: `/events/${EVENT_ID}/proposals`,
      auth: buildSignedInAuth(),
      width: 375,
    });
    const cards = within(await screen.findByRole("list", { name: "Proposals" }));
    expect(screen.queryByRole("table")).toBeNull();
    expect(cards.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual([
      "Lakeside ArenaFacility · Carmel, IN",
      "Visit FishersDestination · Carmel, IN",
      "Quiet GymFacility · Carmel, IN",
    ]);
    expect(cards.getByRole("button", { name: "Award Lakeside Arena" })).toBeTruthy();
    expect(cards.getByText("$12,000 total")).toBeTruthy();
  });

  /**
   * Hoosier Courts' own lead, and Visit Indy's, which reached the destination through Hoosier
   * Courts alone (the server's reasons say so); Pacers Gym's lead repeats a reason.
   */
  function venueServer() {
    const world = serveRequests();
    addEvent(world, buildEvent());
    const facility = (n: number, name: string) => ({
      ownerType: "Facility" as const,
      ownerId: uuid(300 + n),
      name,
      city: "Indianapolis",
      state: "IN",
      responseTime: null,
    });
    world.bids.leads.push(
      buildBid(1, {
        owner: facility(1, "Hoosier Courts"),
        reasons: [
          "1 of 1 sport",
          "6 hardwood courts, needs 4",
          "Indoor",
          "3 mi from Indianapolis, IN",
        ],
      }),
      buildBid(2, {
        status: "Interested",
        owner: { ...facility(2, "Visit Indy"), ownerType: "Destination" },
        reasons: [
          "1 listed facility qualifies",
          "1 of 1 sport at Hoosier Courts",
          "6 hardwood courts at Hoosier Courts, needs 4",
          "Indoor",
          "Under 1 mi from Indianapolis, IN",
        ],
        firstResponseDate: "2026-01-12T09:00:00.000Z",
        proposal: {
          message: "Hoosier Courts, all six courts.",
          dates: [],
          price: null,
          priceUnit: null,
          ...NO_PROPOSAL_TERMS,
          submittedDate: "2026-01-12T09:00:00.000Z",
        },
      }),
      buildBid(3, {
        owner: facility(3, "Pacers Gym"),
        reasons: ["1 of 1 sport", "1 of 1 sport", "9 mi from Indianapolis, IN"],
      }),
    );
    return world;
  }

  const chipsIn = (list: HTMLElement) =>
    Array.from(list.querySelectorAll("li"), (chip) => chip.textContent);
  const chips = (name: string) =>
    chipsIn(row(name).getByRole("list", { name: "Why it reached them" }));

  it("groups a destination under the one facility it proposes, its reasons said once, as chips", async () => {
    venueServer();
    await renderApp({ path: `/events/${EVENT_ID}/proposals`, auth: buildSignedInAuth() });
    const table = await screen.findByRole("table", { name: "Proposals side by side" });
    // The venue's own lead, then the destination proposing it, in one group; Pacers Gym apart.
    const groups = within(table)
      .getAllByRole("rowgroup")
      .slice(1)
      .map((body) =>
        within(body)
          .getAllByRole("rowheader")
          .map((th) => th.querySelector("a")?.textContent),
      );
    expect(groups).toEqual([["Hoosier Courts", "Visit Indy"], ["Pacers Gym"]]);
    expect(row("Visit Indy").getByText("Proposes Hoosier Courts")).toBeTruthy();
    expect(row("Hoosier Courts").queryByText(/^Proposes/)).toBeNull();
    expect(chips("Hoosier Courts")).toEqual([
      "1 of 1 sport",
      "6 hardwood courts, needs 4",
      "Indoor",
      "3 mi from Indianapolis, IN",
    ]);
    // What the facility's row says already is not said again; the destination's own distance is.
    expect(chips("Visit Indy")).toEqual(["Under 1 mi from Indianapolis, IN"]);
    expect(chips("Pacers Gym")).toEqual(["1 of 1 sport", "9 mi from Indianapolis, IN"]);
    // Each lead keeps its own actions.
    expect(row("Visit Indy").getByRole("button", { name: "Award Visit Indy" })).toBeTruthy();
    expect(
      row("Hoosier Courts").getByRole("button", { name: "History of Hoosier Courts" }),
    ).toBeTruthy();
  });

  it("keeps a destination apart when several of its facilities qualify", async () => {
    const world = venueServer();
    world.bids.leads[1] = {
      ...world.bids.leads[1]!,
      reasons: [
        "2 listed facilities qualify",
        "1 of 1 sport at Hoosier Courts",
        "Under 1 mi from Indianapolis, IN",
      ],
    };
    await renderApp({ path: `/events/${EVENT_ID}/proposals`, auth: buildSignedInAuth() });
    const table = await screen.findByRole("table", { name: "Proposals side by side" });
    expect(within(table).getAllByRole("rowgroup")).toHaveLength(4);
    expect(row("Visit Indy").queryByText(/^Proposes/)).toBeNull();
    expect(chips("Visit Indy")).toEqual([
      "2 listed facilities qualify",
      "1 of 1 sport at Hoosier Courts",
      "Under 1 mi from Indianapolis, IN",
    ]);
  });

  /** Whether an element's text is cut to one line ending in an ellipsis (MUI's chip label). */
  const cutShort = (element: Element) => {
    const style = getComputedStyle(element);
    return style.whiteSpace === "nowrap" && style.textOverflow === "ellipsis";
  };

  it("shows each reason whole, wrapping in its cell; a lost lead's row is not faded below contrast", async () => {
    const world = venueServer();
    world.bids.leads[2] = { ...world.bids.leads[2]!, status: "Lost" };
    await renderApp({ path: `/events/${EVENT_ID}/proposals`, auth: buildSignedInAuth() });
    await screen.findByRole("table", { name: "Proposals side by side" });
    const labels = row("Hoosier Courts")
      .getByRole("list", { name: "Why it reached them" })
      .querySelectorAll(".MuiChip-label");
    expect(labels).toHaveLength(4);
    for (const label of labels) expect(cutShort(label), label.textContent ?? "").toBe(false);
    // Opacity greys the row's text (and its secondary text) under 4.5:1 against the page.
    const lost = screen.getByText("Pacers Gym", { selector: "th a" }).closest("tr")!;
    expect(["", "1"]).toContain(getComputedStyle(lost).opacity);
  });

  it("on a phone the destination's card follows its venue's, with the reasons said once", async () => {
    venueServer();
    await renderApp({
      path: `/events/${EVENT_ID}/proposals`,
      auth: buildSignedInAuth(),
      width: 375,
    });
    const cards = within(await screen.findByRole("list", { name: "Proposals" }));
    expect(
      cards.getAllByRole("heading", { level: 2 }).map((h) => h.querySelector("a")?.textContent),
    ).toEqual(["Hoosier Courts", "Visit Indy", "Pacers Gym"]);
    const indy = within(cards.getByText("Proposes Hoosier Courts").closest("li")!);
    expect(chipsIn(indy.getByRole("list", { name: "Why it reached them" }))).toEqual([
      "Under 1 mi from Indianapolis, IN",
    ]);
  });

  it("without leads: an empty state that offers a request", async () => {
    addEvent(serveRequests(), buildEvent());
    await renderApp({ path: `/events/${EVENT_ID}/proposals`, auth: buildSignedInAuth() });
    const panel = (await screen.findByRole("heading", { name: NO_PROPOSALS })).closest(
      "[role=status]",
    ) as HTMLElement;
    expect(
      within(panel).getByRole("link", { name: "Request proposals" }).getAttribute("href"),
    ).toBe(`/events/${EVENT_ID}/request`);
  });

  it("a failed load offers a retry", async () => {
    biddingServer();
    server.use(
      http.get(LEADS, () => errorReply(500, "INTERNAL_ERROR", "Server trouble."), { once: true }),
    );
    const { user } = await renderApp({
      path: `/events/${EVENT_ID}/proposals`,
      auth: buildSignedInAuth(),
    });
    const alert = within(await screen.findByRole("alert"));
    expect(alert.getByText("The proposals did not load")).toBeTruthy();
    await user.click(alert.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("table", { name: "Proposals side by side" })).toBeTruthy();
  });

  it("only the event's organizers may compare", async () => {
    addEvent(serveRequests(), buildEvent(), VISITOR_ABILITIES);
    // Only the event's organizers read its leads.
    const organizersOnly = () =>
      errorReply(403, "FORBIDDEN", "Only the event's organizers can do this.");
    server.use(http.get(LEADS, organizersOnly), http.post(`${LEADS}/stats`, organizersOnly));
    await renderApp({ path: `/events/${EVENT_ID}/proposals`, auth: buildSignedInAuth() });
    expect(
      await screen.findByRole("heading", {
        name: "Only the event's organizers can compare proposals",
      }),
    ).toBeTruthy();
  });
});

describe("/events/{id}/proposals: a lead held back from its venue", { timeout: 60_000 }, () => {
  const HOUR = 3_600_000;

  /** Quiet Gym has the request and has not answered; Bronze Box gets it in 20 hours. */
  function heldBackServer() {
    const world = serveRequests();
    addEvent(world, buildEvent());
    const sentAt = new Date(Date.now() - 4 * HOUR).toISOString();
    const arrives = new Date(Date.parse(sentAt) + 24 * HOUR).toISOString();
    world.bids.leads.push(
      buildBid(1, { owner: { ...buildBid(1).owner, name: "Quiet Gym" } }),
      buildBid(4, {
        owner: { ...buildBid(4).owner, name: "Bronze Box" },
        createdDate: sentAt,
        visibleFrom: arrives,
      }),
    );
    return { arrives };
  }

  const NOTE = "This venue's membership gets hot requests 24 hours after Gold and Silver listings.";

  it("reads when it reaches its venue instead of Open with no response", async () => {
    const { arrives } = heldBackServer();
    await renderApp({ path: `/events/${EVENT_ID}/proposals`, auth: buildSignedInAuth() });
    await screen.findByRole("table", { name: "Proposals side by side" });
    const bronze = row("Bronze Box");
    expect(bronze.getByText(`Reaches this venue on ${formatDateTime(arrives)}`)).toBeTruthy();
    expect(bronze.getByText("On its way")).toBeTruthy();
    expect(bronze.getByText(NOTE)).toBeTruthy();
    expect(bronze.queryByText("No response yet")).toBeNull();
    expect(bronze.queryByText("Open")).toBeNull();
    // A venue that has the request still owes its answer.
    const quiet = row("Quiet Gym");
    expect(quiet.getByText("Open")).toBeTruthy();
    expect(quiet.getByText("No response yet")).toBeTruthy();
    expect(quiet.queryByText(/Reaches this venue/)).toBeNull();
  });

  it("reads the same on a phone's card", async () => {
    const { arrives } = heldBackServer();
    await renderApp({
      path: `/events/${EVENT_ID}/proposals`,
      auth: buildSignedInAuth(),
      width: 375,
    });
    const cards = within(await screen.findByRole("list", { name: "Proposals" }));
    const bronze = within(cards.getByText("Bronze Box", { selector: "h2 a" }).closest("li")!);
    expect(bronze.getByText(`Reaches this venue on ${formatDateTime(arrives)}`)).toBeTruthy();
    expect(bronze.getByText("On its way")).toBeTruthy();
    expect(bronze.queryByText("No response yet")).toBeNull();
    expect(bronze.queryByText("Open")).toBeNull();
  });
});

describe("/events/{id}/proposals: asking a venue to revise", { timeout: 60_000 }, () => {
  const REVISE = `${LEADS}/${uuid(202)}/revision-request`;

  it("asks what to change and why; the row then shows the open ask instead of the button", async () => {
    const world = biddingServer();
    const lakeside = world.bids.leads.find((lead) => lead.id === uuid(202))!;
    server.use(
      asksRevision(world, {
        ...lakeside,
        proposalVersion: 1,
        revisionRequest: {
          message: "Could you add Mar 9, and come down a little?",
          changes: ["price", "dates"],
          requestedDate: "2026-01-14T15:00:00.000Z",
        },
      }),
    );
    const { user } = await renderApp({
      path: `/events/${EVENT_ID}/proposals`,
      auth: buildSignedInAuth(),
    });
    // Only a proposal still in the running can be revised: not the silent venue's.
    await screen.findByRole("button", { name: "Ask to revise: Lakeside Arena" });
    expect(
      row("Visit Fishers").getByRole("button", { name: "Ask to revise: Visit Fishers" }),
    ).toBeTruthy();
    expect(row("Quiet Gym").queryByRole("button", { name: /^Ask to revise: / })).toBeNull();

    await user.click(row("Lakeside Arena").getByRole("button", { name: /^Ask to revise: / }));
    const dialog = within(
      await screen.findByRole("dialog", { name: "Ask Lakeside Arena to revise its proposal" }),
    );
    expect(dialog.getAllByRole("checkbox").map((c) => c.closest("label")?.textContent)).toEqual([
      "Price",
      "Dates",
      "Spaces",
      "Hotel rooms",
      "Terms",
      "Something else",
    ]);
    expect(dialog.getAllByRole("button").map((b) => b.textContent)).toEqual(["Cancel", "Send"]);
    // The message is required.
    await user.click(dialog.getByRole("button", { name: "Send" }));
    expect(dialog.getByText("Say what you would like changed.")).toBeTruthy();
    expect(sent.to(REVISE, "POST")).toHaveLength(0);

    // Checked in any order, sent in the contract's.
    await user.click(dialog.getByRole("checkbox", { name: "Dates" }));
    await user.click(dialog.getByRole("checkbox", { name: "Price" }));
    await user.type(
      dialog.getByRole("textbox", { name: "Message" }),
      "Could you add Mar 9, and come down a little?",
    );
    await user.click(dialog.getByRole("button", { name: "Send" }));

    await waitFor(() => expect(sent.to(REVISE, "POST")).toHaveLength(1));
    expect(sent.to(REVISE, "POST")[0]?.body).toEqual({
      data: {
        message: "Could you add Mar 9, and come down a little?",
        changes: ["price", "dates"],
      },
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(
      await screen.findByText("You asked Lakeside Arena to revise its proposal."),
    ).toBeTruthy();
    // The list reloaded: the ask shows where the button was, and the proposal stays decidable.
    const asked = await row("Lakeside Arena").findByText(/^Revision asked/);
    expect(asked.textContent).toBe("Revision asked Jan 14, 2026");
    expect(row("Lakeside Arena").getByText("To change: price, dates")).toBeTruthy();
    expect(row("Lakeside Arena").queryByRole("button", { name: /^Ask to revise: / })).toBeNull();
    expect(
      row("Lakeside Arena").getByRole("button", { name: "Award Lakeside Arena" }),
    ).toBeTruthy();
    expect(sent.to(LEADS, "GET").length).toBeGreaterThanOrEqual(2);
  });

  it("a refused ask (the lead was decided meanwhile) keeps the dialog open with the server's words", async () => {
    biddingServer();
    server.use(
      http.post(REVISE, () =>
        errorReply(
          409,
          "REVISION_NOT_OPEN",
          "Only a proposal still in the running can be revised; this lead is Lost.",
        ),
      ),
    );
    const { user } = await renderApp({
      path: `/events/${EVENT_ID}/proposals`,
      auth: buildSignedInAuth(),
    });
    await user.click(await screen.findByRole("button", { name: "Ask to revise: Lakeside Arena" }));
    const dialog = within(await screen.findByRole("dialog"));
    await user.type(dialog.getByRole("textbox", { name: "Message" }), "A lower price, please.");
    await user.click(dialog.getByRole("button", { name: "Send" }));
    expect((await dialog.findByRole("alert")).textContent).toBe(
      "Only a proposal still in the running can be revised; this lead is Lost.",
    );
    expect(screen.getByRole("dialog")).toBeTruthy();
    expect(sent.to(REVISE, "POST")).toHaveLength(1);
  });

  it("a revised proposal shows its version; its versions list newest first, the accepted one marked", async () => {
    const world = biddingServer();
    world.bids.leads = world.bids.leads.map((lead) =>
      lead.id === uuid(202)
        ? { ...lead, status: "Won", proposalVersion: 2, acceptedVersion: 2 }
        : lead,
    );
    world.bids.versions[uuid(202)] = [
      proposalVersion(
        1,
        { message: "Four courts.", dates: ["2026-03-07"], price: 12000, priceUnit: "Total" },
        {
          submittedBy: { id: uuid(902), name: "Dana Reyes", avatarUrl: null },
          submittedDate: "2026-01-10T11:30:00.000Z",
        },
      ),
      proposalVersion(
        2,
        {
          message: "Four courts, every day.",
          dates: ["2026-03-07", "2026-03-08", "2026-03-09"],
          lines: [
            {
              kind: "space",
              description: "Four hardwood courts",
              dates: [],
              quantity: 4,
              unit: "Per Day",
              unitPrice: 900,
            },
          ],
          concessions: ["Free parking"],
        },
        { submittedBy: null, submittedDate: "2026-01-15T10:00:00.000Z" },
      ),
    ];
    const { user } = await renderApp({
      path: `/events/${EVENT_ID}/proposals`,
      auth: buildSignedInAuth(),
    });
    await screen.findByRole("table", { name: "Proposals side by side" });
    expect(row("Lakeside Arena").getByText("Version 2")).toBeTruthy();
    // Never revised: no versions to look at.
    expect(row("Visit Fishers").queryByRole("button", { name: /^Versions of/ })).toBeNull();

    await user.click(
      row("Lakeside Arena").getByRole("button", { name: "Versions of Lakeside Arena's proposal" }),
    );
    const dialog = within(
      await screen.findByRole("dialog", { name: "Versions of Lakeside Arena's proposal" }),
    );
    const list = within(await dialog.findByRole("list", { name: "Versions, newest first" }));
    expect(list.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual([
      "Version 2",
      "Version 1",
    ]);
    const second = within(list.getByRole("listitem", { name: "Version 2" }));
    const first = within(list.getByRole("listitem", { name: "Version 1" }));
    expect(second.getByText("Accepted")).toBeTruthy();
    expect(first.queryByText("Accepted")).toBeNull();
    // Each with who sent it and when, and what it offered: lines and terms, or its one price.
    expect(second.getByText(/^Sent/).textContent).toBe(
      `Sent ${formatDateTime("2026-01-15T10:00:00.000Z")}`,
    );
    const lines = within(second.getByRole("table", { name: "Priced lines" }));
    expect(lines.getByText("Total").closest("tr")?.textContent).toBe("Total$10,800");
    expect(second.getByText("Free parking")).toBeTruthy();
    expect(first.getByText(/^Sent by/).textContent).toBe(
      `Sent by Dana Reyes · ${formatDateTime("2026-01-10T11:30:00.000Z")}`,
    );
    expect(first.getByText("Four courts.")).toBeTruthy();
    expect(first.getByText("$12,000 total")).toBeTruthy();
    expect(first.queryByRole("table")).toBeNull();
    await user.click(dialog.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});
