import {
  NO_PROPOSAL_TERMS,
  type TLead,
  ZMemberRoles,
  ZMyPipeline,
  ZPipeline,
} from "@hostfield/domain/contracts";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildSignedInAuth } from "../../test/factories";
import { setViewportWidth } from "../../test/media";
import { dataReply, errorReply, sent, serveBase, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import { PIPELINE_FAILED } from "./pipeline-board";
import { EMPTY_COLUMN } from "./pipeline-column";
import { ALL_VENUES_LABEL, NO_LISTINGS, PICKER_LABEL } from "./pipeline-page";
import {
  acceptMove,
  buildLead,
  buildVenue,
  DESTINATION_ID,
  FACILITY_ID,
  keepAssignments,
  leadsHandlers,
  leadsWorld,
  leadUrl,
  ME,
  MY_PIPELINE,
  NOW,
  pipelineUrl,
  STAFF,
  type TLeadsWorld,
  testUuid,
} from "./testing";

const PIPELINE = pipelineUrl(DESTINATION_ID);

/** The server takes the pass of `lead` for `reason`. */
const passed = (lead: TLead, reason: string): TLead => ({
  ...lead,
  status: "Passed",
  statusReason: reason,
  updatedDate: NOW,
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(NOW));
});

afterEach(() => {
  vi.useRealTimers();
});

function boardState(overrides: Partial<TLeadsWorld> = {}) {
  return leadsWorld({
    leads: [
      buildLead({
        event: { name: "Spring Hoops Classic", urgency: 0 },
        score: 92,
        reasons: ["3 of 3 sports", "4 hardwood courts, needs 4", "38 mi from Indianapolis, IN"],
      }),
      buildLead({ event: { name: "Fall Volleyball Open", urgency: 2 }, score: 71 }),
      buildLead({
        event: { name: "Summer Shootout" },
        status: "Interested",
        assignedUser: { id: STAFF.sam.id, name: STAFF.sam.name, avatarUrl: null },
      }),
      buildLead({ event: { name: "Winter Wrestling" }, status: "Passed", statusReason: "Booked" }),
      buildLead({ event: { name: "State Finals" }, status: "Won" }),
    ],
    ...overrides,
  });
}

/** The board's world, and a facility of mine (Riverside Fieldhouse) with one open lead. */
function withFacility() {
  const state = boardState({
    facilities: [buildVenue("facility", { id: FACILITY_ID, name: "Riverside Fieldhouse" })],
  });
  state.leads.push(
    buildLead({
      event: { name: "Court Rental Cup" },
      owner: { ...state.leads[0]!.owner, ownerType: "Facility", ownerId: FACILITY_ID },
    }),
  );
  return state;
}

async function renderPipeline(state: TLeadsWorld, path = "/pipeline") {
  serveBase(...leadsHandlers(state));
  const rendered = await renderApp({ path, auth: buildSignedInAuth() });
  const main = within(screen.getByRole("main"));
  await main.findByRole("region", { name: "Open" });
  return { ...rendered, main };
}

const column = (status: string) => screen.getByRole("region", { name: status });
const card = (name: string) => within(screen.getByRole("listitem", { name }));
/** The event names on a column's cards, top to bottom. */
const cardsIn = (status: string) =>
  within(column(status))
    .queryAllByRole("listitem")
    .filter((li) => li.hasAttribute("aria-labelledby"))
    .map((li) => li.querySelector("a")?.textContent);
/** The count beside a column's heading, as a screen reader reads it ("2 leads"). */
const countOf = (status: string) =>
  within(column(status)).getByRole("heading", { level: 2 }).nextElementSibling?.textContent;

/** A DataTransfer stand-in: jsdom has none. */
function dataTransfer() {
  const store = new Map<string, string>();
  return {
    setData: (type: string, value: string) => store.set(type, value),
    getData: (type: string) => store.get(type) ?? "",
    effectAllowed: "all",
    dropEffect: "none",
  };
}

function startDrag(name: string) {
  const transfer = dataTransfer();
  fireEvent.dragStart(screen.getByRole("listitem", { name }), { dataTransfer: transfer });
  return transfer;
}

function dropOn(status: string, transfer: ReturnType<typeof dataTransfer>) {
  fireEvent.dragEnter(column(status), { dataTransfer: transfer });
  fireEvent.dragOver(column(status), { dataTransfer: transfer });
  fireEvent.drop(column(status), { dataTransfer: transfer });
}

function drag(name: string, status: string) {
  const item = screen.getByRole("listitem", { name });
  dropOn(status, startDrag(name));
  fireEvent.dragEnd(item);
}

function patches() {
  return sent.all().filter((c) => c.method === "PATCH");
}

describe("/pipeline", () => {
  it("shows a column per status with counts, cards and honest empty columns", async () => {
    const state = boardState();
    state.leads.push(
      buildLead({
        event: { name: "Elsewhere" },
        owner: { ...state.leads[0]!.owner, ownerId: FACILITY_ID },
      }),
    );
    const { main } = await renderPipeline(state);

    expect(document.title).toBe("Pipeline | Hostfield");
    expect(main.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual([
      "Open",
      "Interested",
      "Passed",
      "Won",
      "Lost",
    ]);
    expect(cardsIn("Open")).toEqual(["Spring Hoops Classic", "Fall Volleyball Open"]);
    expect(countOf("Open")).toBe("2 leads");
    expect(countOf("Interested")).toBe("1 lead");
    expect(countOf("Lost")).toBe("0 leads");
    expect(within(column("Lost")).getByText(EMPTY_COLUMN.Lost)).toBeTruthy();
    expect(within(column("Won")).getByText("Organizer decides")).toBeTruthy();

    const hoops = card("Spring Hoops Classic");
    expect(hoops.getByText("Fri, Jun 6th - Sun, Jun 8th, 2025")).toBeTruthy();
    expect(hoops.getByText("Urgent Need")).toBeTruthy();
    expect(hoops.getByText("Score 92")).toBeTruthy();
    expect(hoops.getByText("Unassigned")).toBeTruthy();
    // The first two reasons; the lead's page has them all.
    expect(hoops.getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "3 of 3 sports",
      "4 hardwood courts, needs 4",
    ]);
    expect(hoops.getByRole("link", { name: "Spring Hoops Classic" }).getAttribute("href")).toBe(
      `/leads/${state.leads[0]!.eventId}/${state.leads[0]!.id}`,
    );
    expect(card("Summer Shootout").getByText("Sam Rivera")).toBeTruthy();
    expect(await main.findByText("5 leads · usually responds within 4 h")).toBeTruthy();
    expect(sent.to(PIPELINE, "GET")).toHaveLength(1);
  });

  it("explains a card's score on hover and on tap: its parts (sports 60, closeness 40) and all the lead's reasons", async () => {
    const { user } = await renderPipeline(boardState());
    const chip = card("Spring Hoops Classic").getByRole("button", {
      name: "Score 92 out of 100",
    });
    expect(chip.textContent).toBe("Score 92");
    await user.hover(chip);
    const tip = within(await screen.findByRole("tooltip"));
    const items = tip.getAllByRole("listitem").map((li) => li.textContent ?? "");
    expect(items[0]).toMatch(/^Up to 60: .*sports/);
    expect(items[1]).toMatch(/^Up to 40: .*closeness/);
    // Every reason, the third too (the card itself shows two).
    expect(items.slice(2)).toEqual([
      "3 of 3 sports",
      "4 hardwood courts, needs 4",
      "38 mi from Indianapolis, IN",
    ]);
    expect(tip.getByText("Why it reached you")).toBeTruthy();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("tooltip")).toBeNull());
    await user.unhover(chip);
    await user.click(chip);
    expect(await screen.findByRole("tooltip")).toBeTruthy();
  });

  it("a card shows a need-date match among the reasons it shows, and says so", async () => {
    const need = "You marked Sat, Jun 7th - Sun, Jun 8th, 2025 as need dates";
    const state = boardState();
    state.leads[0] = {
      ...state.leads[0]!,
      reasons: ["3 of 3 sports", "4 hardwood courts, needs 4", need],
    };
    await renderPipeline(state);
    const hoops = card("Spring Hoops Classic");
    expect(hoops.getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      need,
      "3 of 3 sports",
    ]);
    expect(hoops.getByText("Need dates match")).toBeTruthy();
    expect(card("Fall Volleyball Open").queryByText("Need dates match")).toBeNull();
  });

  it("builds a facility's board from its leads by status, chosen with ?profile=", async () => {
    const state = withFacility();
    const { main, user, router } = await renderPipeline(state, `/pipeline?profile=${FACILITY_ID}`);
    await within(column("Open")).findByText("Court Rental Cup");
    expect(cardsIn("Open")).toEqual(["Court Rental Cup"]);
    expect(sent.to(PIPELINE, "GET")).toHaveLength(0);
    const lists = sent.to(`/event-mgmt/api/facilities/${FACILITY_ID}/leads`, "POST");
    expect(lists.map((c) => c.body)).toEqual(
      ["Open", "Interested", "Passed", "Won", "Lost"].map((status) => ({
        data: { status: [status] },
      })),
    );
    const picker = main.getByRole("combobox", { name: PICKER_LABEL }) as HTMLSelectElement;
    expect(picker.value).toBe(FACILITY_ID);

    await user.selectOptions(picker, "Visit Indy Sports (Destination)");
    await waitFor(() =>
      expect(router.state.location.search).toBe(`?profile=${DESTINATION_ID}&kind=destination`),
    );
    await within(column("Open")).findByText("Spring Hoops Classic");
    await user.selectOptions(picker, ALL_VENUES_LABEL);
    await waitFor(() => expect(router.state.location.search).toBe(""));
  });

  it("asks for the venue the address names, and my venues, while my profile still loads", async () => {
    serveBase(...leadsHandlers(boardState()));
    await renderApp({
      path: `/pipeline?profile=${DESTINATION_ID}&kind=destination`,
      auth: buildSignedInAuth({ profile: null }),
    });
    await waitFor(() => expect(sent.to(PIPELINE, "GET")).toHaveLength(1));
    const venue = `/event-mgmt/api/destinations/${DESTINATION_ID}`;
    await waitFor(() => expect(sent.to(`${venue}/leads/stats`, "POST")).toHaveLength(1));
    const entitlements = `/destination-mgmt/api/destinations/${DESTINATION_ID}/my/entitlements`;
    expect(sent.to(entitlements, "GET")).toHaveLength(1);
    expect(sent.to("/destination-mgmt/api/destinations/my", "GET")).toHaveLength(1);
    expect(sent.to("/facility-mgmt/api/facilities/my", "GET")).toHaveLength(1);
    // Nothing drawn yet: the page waits for the profile like every signed-in page.
    expect(screen.getByRole("main").querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(screen.queryByRole("region", { name: "Open" })).toBeNull();
  });

  it("asks once for what it asked early, and draws the venue's real board under a wrong kind", async () => {
    const state = withFacility();
    await renderPipeline(state, `/pipeline?profile=${DESTINATION_ID}&kind=destination`);
    await within(column("Open")).findByText("Spring Hoops Classic");
    expect(await screen.findByText("5 leads · usually responds within 4 h")).toBeTruthy();
    expect(sent.to(PIPELINE, "GET")).toHaveLength(1);
    expect(sent.to(`/event-mgmt/api/destinations/${DESTINATION_ID}/leads/stats`)).toHaveLength(1);

    sent.clear();
    cleanup();
    // The facility's address with a destination's kind: the early call is wasted, the board right.
    await renderPipeline(state, `/pipeline?profile=${FACILITY_ID}&kind=destination`);
    await within(column("Open")).findByText("Court Rental Cup");
    expect(cardsIn("Open")).toEqual(["Court Rental Cup"]);
    expect(sent.to(`/event-mgmt/api/facilities/${FACILITY_ID}/leads`, "POST")).toHaveLength(5);
  });

  /** Visit Indy Sports (a destination, no lead), Riverside (an older lead) and Lakeside (the newest). */
  function severalVenues() {
    const LAKESIDE = testUuid(300);
    const state = leadsWorld({
      facilities: [
        buildVenue("facility", { id: FACILITY_ID, name: "Riverside Fieldhouse" }),
        buildVenue("facility", { id: LAKESIDE, name: "Lakeside Courts" }),
      ],
    });
    state.abilities[LAKESIDE] = ["profile.read", "profile.readPrivate"];
    const at = (ownerId: string, name: string) => ({
      ownerType: "Facility" as const,
      ownerId,
      name,
      city: null,
      state: null,
      responseTime: null,
    });
    state.leads.push(
      buildLead({
        event: { name: "Court Rental Cup" },
        owner: at(FACILITY_ID, "Riverside Fieldhouse"),
        createdDate: "2025-03-01T09:00:00.000Z",
      }),
      buildLead({
        event: { name: "Lakeside Invitational" },
        status: "Interested",
        owner: at(LAKESIDE, "Lakeside Courts"),
        createdDate: "2025-03-11T09:00:00.000Z",
      }),
    );
    return { state, LAKESIDE };
  }

  it("opens a manager of several venues on all of them, each card naming its venue", async () => {
    const { state } = severalVenues();
    const { main } = await renderPipeline(state);
    const picker = main.getByRole("combobox", { name: PICKER_LABEL }) as HTMLSelectElement;
    expect(picker.selectedOptions[0]!.textContent).toBe(ALL_VENUES_LABEL);
    await within(column("Open")).findByText("Court Rental Cup");
    expect(cardsIn("Open")).toEqual(["Court Rental Cup"]);
    expect(cardsIn("Interested")).toEqual(["Lakeside Invitational"]);
    expect(card("Court Rental Cup").getByText("For Riverside Fieldhouse")).toBeTruthy();
    expect(card("Lakeside Invitational").getByText("For Lakeside Courts")).toBeTruthy();
    expect(main.getByText("2 leads across 3 venues")).toBeTruthy();
    // One call for every venue; no venue's own board.
    expect(sent.to(MY_PIPELINE, "GET")).toHaveLength(1);
    expect(sent.to(PIPELINE, "GET")).toHaveLength(0);
    // I manage Riverside: its open lead can be selected; Lakeside's I only read.
    expect(card("Court Rental Cup").queryByRole("checkbox")).not.toBeNull();
    expect(card("Lakeside Invitational").queryByRole("button", { name: "Move to…" })).toBeNull();
    // In the picker, venues with a lead come first (in the server's order), one without any last.
    expect([...picker.options].map((o) => o.textContent)).toEqual([
      ALL_VENUES_LABEL,
      "Lakeside Courts (Facility)",
      "Riverside Fieldhouse (Facility)",
      "Visit Indy Sports (Destination)",
    ]);
  });

  it("takes a venue I no longer have to the one with the newest lead, not one with none", async () => {
    const { state, LAKESIDE } = severalVenues();
    const { main } = await renderPipeline(state, `/pipeline?profile=${testUuid(999)}`);
    const picker = main.getByRole("combobox", { name: PICKER_LABEL }) as HTMLSelectElement;
    await waitFor(() => expect(picker.value).toBe(LAKESIDE));
    await within(column("Interested")).findByText("Lakeside Invitational");
  });

  it("shows phones one column at a time, opening on the newest lead's", async () => {
    setViewportWidth(375);
    const { state } = severalVenues();
    serveBase(...leadsHandlers(state));
    const { user } = await renderApp({ path: "/pipeline", auth: buildSignedInAuth() });
    const tabs = await screen.findByRole("tablist", { name: "Pipeline columns" });
    expect(
      within(tabs)
        .getAllByRole("tab")
        .map((tab) => tab.textContent),
    ).toEqual(["Open (1)", "Interested (1)", "Passed (0)", "Won (0)", "Lost (0)"]);
    // The newest lead (Lakeside's) is Interested: that column shows, and only that one.
    expect(within(tabs).getByRole("tab", { selected: true }).textContent).toBe("Interested (1)");
    expect(cardsIn("Interested")).toEqual(["Lakeside Invitational"]);
    expect(screen.queryByRole("region", { name: "Open" })).toBeNull();

    await user.click(within(tabs).getByRole("tab", { name: "Open (1)" }));
    expect(cardsIn("Open")).toEqual(["Court Rental Cup"]);
    expect(screen.queryByRole("region", { name: "Interested" })).toBeNull();
  });

  it("Move to… offers only the recipient's allowed moves, and passing asks why", async () => {
    const state = boardState();
    server.use(acceptMove(state, passed(state.leads[0]!, "Courts booked that weekend")));
    const { user } = await renderPipeline(state);

    // Open: Interested or Passed. Never the organizer's Won or Lost.
    await user.click(card("Spring Hoops Classic").getByRole("button", { name: "Move to…" }));
    const menu = within(await screen.findByRole("menu", { name: "Move Spring Hoops Classic to" }));
    expect(menu.getAllByRole("menuitem").map((item) => item.textContent)).toEqual([
      "Interested (send a proposal)",
      "Passed (say why)",
    ]);
    await user.click(menu.getByRole("menuitem", { name: "Passed (say why)" }));

    const dialog = within(
      await screen.findByRole("dialog", { name: "Pass on Spring Hoops Classic?" }),
    );
    await user.click(dialog.getByRole("button", { name: "Pass" }));
    expect(dialog.getByText("Say briefly why; the organizer reads it.")).toBeTruthy();
    expect(patches()).toHaveLength(0);

    await user.click(dialog.getByRole("textbox", { name: "Reason" }));
    await user.paste("Courts booked that weekend");
    await user.click(dialog.getByRole("button", { name: "Pass" }));
    await waitFor(() => expect(cardsIn("Passed")).toContain("Spring Hoops Classic"));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(patches()[0]?.path).toBe(
      `/event-mgmt/api/events/${state.leads[0]!.eventId}/leads/${state.leads[0]!.id}`,
    );
    expect(patches()[0]?.body).toEqual([
      { op: "replace", path: "/status", value: "Passed" },
      { op: "replace", path: "/reason", value: "Courts booked that weekend" },
    ]);
    await waitFor(() => expect(countOf("Open")).toBe("1 lead"));
    expect(countOf("Passed")).toBe("2 leads");
    expect(await screen.findByText("You passed on Spring Hoops Classic.")).toBeTruthy();
  });

  it("the keyboard path: Move to… Interested opens the proposal dialog and sends the proposal", async () => {
    const state = boardState();
    // The server takes the proposal and opens the conversation with the organizer.
    server.use(
      acceptMove(state, {
        ...state.leads[1]!,
        status: "Interested",
        proposal: {
          message: "We have four courts free that weekend.",
          dates: ["2025-06-07", "2025-06-08"],
          price: 4500,
          priceUnit: "Per Team",
          ...NO_PROPOSAL_TERMS,
          submittedDate: NOW,
        },
        groupId: testUuid(9999),
        firstResponseDate: NOW,
        updatedDate: NOW,
      }),
    );
    const { user } = await renderPipeline(state);

    card("Fall Volleyball Open").getByRole("button", { name: "Move to…" }).focus();
    await user.keyboard("{Enter}");
    await screen.findByRole("menu", { name: "Move Fall Volleyball Open to" });
    await waitFor(() =>
      expect(document.activeElement?.textContent).toBe("Interested (send a proposal)"),
    );
    await user.keyboard("{Enter}");
    // The choice closes the menu and asks for the proposal.
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());

    const dialog = within(await screen.findByRole("dialog", { name: "Respond with a proposal" }));
    await user.paste("We have four courts free that weekend.");
    await user.click(dialog.getByRole("checkbox", { name: "Sat, Jun 7th, 2025" }));
    await user.click(dialog.getByRole("checkbox", { name: "Sun, Jun 8th, 2025" }));
    await user.type(dialog.getByRole("spinbutton", { name: "Price (USD)" }), "4500");
    await user.selectOptions(dialog.getByRole("combobox", { name: "Price unit" }), "Per Team");
    await user.click(dialog.getByRole("button", { name: "Send proposal" }));

    await waitFor(() => expect(cardsIn("Interested")).toContain("Fall Volleyball Open"));
    expect(patches()[0]?.body).toEqual([
      { op: "replace", path: "/status", value: "Interested" },
      {
        op: "replace",
        path: "/proposal",
        value: {
          message: "We have four courts free that weekend.",
          dates: ["2025-06-07", "2025-06-08"],
          price: 4500,
          priceUnit: "Per Team",
          ...NO_PROPOSAL_TERMS,
        },
      },
    ]);
  });

  it("a proposal needs a message and a date; reopening needs nothing; final leads do not move", async () => {
    const state = boardState();
    server.use(
      acceptMove(state, {
        ...state.leads[3]!,
        status: "Open",
        statusReason: null,
        updatedDate: NOW,
      }),
    );
    const { user } = await renderPipeline(state);

    await user.click(card("Fall Volleyball Open").getByRole("button", { name: "Move to…" }));
    await user.click(await screen.findByRole("menuitem", { name: "Interested (send a proposal)" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Respond with a proposal" }));
    await user.click(dialog.getByRole("button", { name: "Send proposal" }));
    expect(dialog.getByText("Write the organizer a few lines about your offer.")).toBeTruthy();
    expect(dialog.getByText("Pick at least one of the event's dates you can host.")).toBeTruthy();
    await user.click(dialog.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(patches()).toHaveLength(0);

    // Passed → Open goes straight out.
    await user.click(card("Winter Wrestling").getByRole("button", { name: "Move to…" }));
    const menu = within(await screen.findByRole("menu", { name: "Move Winter Wrestling to" }));
    expect(menu.getAllByRole("menuitem").map((i) => i.textContent)).toEqual(["Open (reopen)"]);
    await user.click(menu.getByRole("menuitem", { name: "Open (reopen)" }));
    await waitFor(() => expect(cardsIn("Open")).toContain("Winter Wrestling"));
    expect(patches()[0]?.body).toEqual([{ op: "replace", path: "/status", value: "Open" }]);
    expect(screen.queryByRole("dialog")).toBeNull();

    // Interested only to Passed; Won not at all.
    await user.click(card("Summer Shootout").getByRole("button", { name: "Move to…" }));
    const interested = within(await screen.findByRole("menu", { name: "Move Summer Shootout to" }));
    expect(interested.getAllByRole("menuitem").map((i) => i.textContent)).toEqual([
      "Passed (say why)",
    ]);
    await user.keyboard("{Escape}");
    expect(card("State Finals").queryByRole("button", { name: "Move to…" })).toBeNull();
    expect(screen.getByRole("listitem", { name: "State Finals" }).getAttribute("draggable")).toBe(
      "false",
    );
  });

  it("drag and drop: the organizer's columns and moves the status machine refuses are not drops", async () => {
    await renderPipeline(boardState());

    // While an Open card is dragged, the columns it cannot go to say why.
    let transfer = startDrag("Spring Hoops Classic");
    expect(
      await within(column("Won")).findByText("Only the organizer moves a lead to Won."),
    ).toBeTruthy();
    expect(
      within(column("Lost")).getByText("Only the organizer moves a lead to Lost."),
    ).toBeTruthy();
    expect(within(column("Interested")).queryByText(/Only the organizer/)).toBeNull();
    // Dropped there anyway (a browser would not even fire the drop): nothing is sent.
    dropOn("Won", transfer);
    expect(await screen.findByText("Only the organizer moves a lead to Won.")).toBeTruthy();

    // Passed → Interested: reopen first.
    transfer = startDrag("Winter Wrestling");
    expect(
      await within(column("Interested")).findByText("Reopen the lead before you respond to it."),
    ).toBeTruthy();
    dropOn("Interested", transfer);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(patches()).toHaveLength(0);
  });

  it("drag and drop: an allowed drop asks what the move needs, then moves the card", async () => {
    const state = boardState();
    server.use(acceptMove(state, passed(state.leads[0]!, "Too far")));
    const { user } = await renderPipeline(state);

    // Open → Passed: asks the reason.
    drag("Spring Hoops Classic", "Passed");
    const dialog = within(
      await screen.findByRole("dialog", { name: "Pass on Spring Hoops Classic?" }),
    );
    await user.click(dialog.getByRole("textbox", { name: "Reason" }));
    await user.paste("Too far");
    await user.click(dialog.getByRole("button", { name: "Pass" }));
    await waitFor(() => expect(cardsIn("Passed")).toContain("Spring Hoops Classic"));
    expect(patches()).toHaveLength(1);

    // Open → Interested: asks the proposal.
    drag("Fall Volleyball Open", "Interested");
    expect(await screen.findByRole("dialog", { name: "Respond with a proposal" })).toBeTruthy();
  });

  it("says so when the server refuses a move, and looks at the board again", async () => {
    const state = boardState();
    const { user } = await renderPipeline(state);
    // The lead changed on the server meanwhile: the board still offers the reopen, the server refuses.
    const lead = state.leads[3]!;
    state.leads[3] = { ...lead, status: "Won" };
    server.use(
      http.patch(leadUrl(lead), () =>
        errorReply(
          409,
          "LEAD_TRANSITION_REFUSED",
          "This lead is Won, which is final; it cannot move to Open.",
        ),
      ),
    );
    await user.click(card("Winter Wrestling").getByRole("button", { name: "Move to…" }));
    await user.click(await screen.findByRole("menuitem", { name: "Open (reopen)" }));
    expect(
      await screen.findByText("This lead is Won, which is final; it cannot move to Open."),
    ).toBeTruthy();
    await waitFor(() => expect(cardsIn("Won")).toContain("Winter Wrestling"));
    expect(sent.to(PIPELINE, "GET").length).toBeGreaterThan(1);
  });

  it("bulk: passes several Open leads with one reason", async () => {
    const state = boardState();
    server.use(
      acceptMove(state, passed(state.leads[0]!, "Fully booked in June")),
      acceptMove(state, passed(state.leads[1]!, "Fully booked in June")),
    );
    const { user, main } = await renderPipeline(state);
    const toolbar = within(main.getByRole("toolbar", { name: "Selected leads" }));
    expect(toolbar.getByRole("button", { name: "Pass selected" })).toHaveProperty("disabled", true);
    // Only Open cards can be chosen.
    expect(card("Summer Shootout").queryByRole("checkbox")).toBeNull();

    await user.click(
      card("Spring Hoops Classic").getByRole("checkbox", { name: "Select Spring Hoops Classic" }),
    );
    await user.click(
      card("Fall Volleyball Open").getByRole("checkbox", { name: "Select Fall Volleyball Open" }),
    );
    expect(toolbar.getByText("2 open leads selected")).toBeTruthy();
    await user.click(toolbar.getByRole("button", { name: "Pass selected" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Pass on 2 leads?" }));
    await user.click(dialog.getByRole("textbox", { name: "Reason" }));
    await user.paste("Fully booked in June");
    await user.click(dialog.getByRole("button", { name: "Pass" }));

    expect(await screen.findByText("Passed on 2 leads.")).toBeTruthy();
    await waitFor(() => expect(cardsIn("Open")).toEqual([]));
    expect(patches().map((c) => c.body)).toEqual([
      [
        { op: "replace", path: "/status", value: "Passed" },
        { op: "replace", path: "/reason", value: "Fully booked in June" },
      ],
      [
        { op: "replace", path: "/status", value: "Passed" },
        { op: "replace", path: "/reason", value: "Fully booked in June" },
      ],
    ]);
    expect(within(column("Open")).getByText(EMPTY_COLUMN.Open)).toBeTruthy();
  });

  it("bulk: assigns several Open leads to a staff member", async () => {
    const state = boardState();
    server.use(keepAssignments(state));
    const { user, main } = await renderPipeline(state);
    await user.click(
      card("Spring Hoops Classic").getByRole("checkbox", { name: "Select Spring Hoops Classic" }),
    );
    await user.click(
      card("Fall Volleyball Open").getByRole("checkbox", { name: "Select Fall Volleyball Open" }),
    );
    await user.click(main.getByRole("button", { name: "Assign selected" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Assign 2 leads" }));
    const select = await dialog.findByRole("combobox", { name: "Staff member" });
    await user.selectOptions(select, "Alex Kim");
    await user.click(dialog.getByRole("button", { name: "Assign" }));

    expect(await screen.findByText("Assigned 2 leads.")).toBeTruthy();
    await waitFor(() => expect(card("Spring Hoops Classic").getByText("Alex Kim")).toBeTruthy());
    expect(card("Fall Volleyball Open").getByText("Alex Kim")).toBeTruthy();
    const puts = sent.all().filter((c) => c.method === "PUT");
    expect(puts.map((c) => c.path)).toEqual([
      `/event-mgmt/api/events/${state.leads[0]!.eventId}/leads/${state.leads[0]!.id}/member`,
      `/event-mgmt/api/events/${state.leads[1]!.eventId}/leads/${state.leads[1]!.id}/member`,
    ]);
    expect(puts[0]?.body).toEqual({ data: { userId: STAFF.alex.id } });
    expect(
      sent.to(`/destination-mgmt/api/destinations/${DESTINATION_ID}/members`, "GET"),
    ).toHaveLength(1);
  });

  it("a member who is not a manager moves only the leads assigned to them", async () => {
    const state = boardState({
      abilities: { [DESTINATION_ID]: ["profile.read", "profile.readPrivate"] },
    });
    state.leads[1] = {
      ...state.leads[1]!,
      assignedUser: { id: ME.id, name: "Jordan Lee", avatarUrl: null },
    };
    const { main } = await renderPipeline(state);
    await waitFor(() =>
      expect(card("Fall Volleyball Open").getByRole("button", { name: "Move to…" })).toBeTruthy(),
    );
    expect(card("Spring Hoops Classic").queryByRole("button", { name: "Move to…" })).toBeNull();
    expect(card("Spring Hoops Classic").queryByRole("checkbox")).toBeNull();
    expect(main.queryByRole("toolbar", { name: "Selected leads" })).toBeNull();
  });

  it("without a destination or facility, says how to get one", async () => {
    serveBase(...leadsHandlers(leadsWorld({ destinations: [] })));
    await renderApp({ path: "/pipeline", auth: buildSignedInAuth() });
    const main = within(screen.getByRole("main"));
    expect(await main.findByRole("heading", { name: NO_LISTINGS })).toBeTruthy();
    expect(
      main.getByRole("link", { name: "List a destination or facility" }).getAttribute("href"),
    ).toBe("/listings/new");
  });

  it("shows a column's newest leads and the rest on Show more, from the venue's list by status", async () => {
    // 23 Open leads, newest first: the board answers the first 20 with the column's count.
    const open = Array.from({ length: 23 }, (_, i) =>
      buildLead({
        event: { name: `Open Cup ${i + 1}` },
        createdDate: new Date(Date.parse(NOW) - i * 60_000).toISOString(),
      }),
    );
    const state = leadsWorld({ leads: open });
    server.use(
      http.get(PIPELINE, () =>
        dataReply(ZPipeline, {
          columns: [{ status: "Open", count: open.length, leads: open.slice(0, 20) }],
        }),
      ),
    );
    await renderPipeline(state);
    const openColumn = within(column("Open"));
    await openColumn.findByText("Open Cup 20");
    expect(cardsIn("Open")).toHaveLength(20);
    expect(openColumn.getByText("Showing the 20 newest of 23.")).toBeTruthy();

    fireEvent.click(openColumn.getByRole("button", { name: "Show 3 more" }));
    await openColumn.findByText("Open Cup 23");
    expect(cardsIn("Open")).toEqual(open.map((lead) => lead.event.name));
    const more = sent.to(`/event-mgmt/api/destinations/${DESTINATION_ID}/leads`, "POST");
    expect(more.map((c) => [c.body, c.url.searchParams.get("offset")])).toEqual([
      [{ data: { status: ["Open"] } }, "20"],
    ]);
    expect(openColumn.queryByRole("button", { name: /more/ })).toBeNull();
  });

  it("says a further page of a column did not load, and asks again on Try again", async () => {
    const open = Array.from({ length: 21 }, (_, i) =>
      buildLead({
        event: { name: `Open Cup ${i + 1}` },
        createdDate: new Date(Date.parse(NOW) - i * 60_000).toISOString(),
      }),
    );
    server.use(
      http.get(PIPELINE, () =>
        dataReply(ZPipeline, {
          columns: [{ status: "Open", count: open.length, leads: open.slice(0, 20) }],
        }),
      ),
      http.post(
        `/event-mgmt/api/destinations/${DESTINATION_ID}/leads`,
        () => errorReply(500, "INTERNAL_ERROR", "Something went wrong on our side."),
        { once: true },
      ),
    );
    await renderPipeline(leadsWorld({ leads: open }));
    const openColumn = within(column("Open"));
    fireEvent.click(await openColumn.findByRole("button", { name: "Show 1 more" }));
    expect((await openColumn.findByRole("alert")).textContent).toContain("Something went wrong");
    fireEvent.click(openColumn.getByRole("button", { name: "Try again" }));
    await openColumn.findByText("Open Cup 21");
    expect(openColumn.queryByRole("alert")).toBeNull();
  });

  it("on all my venues' board, a full column says to choose one venue to see them all", async () => {
    const { state } = severalVenues();
    server.use(
      http.get(MY_PIPELINE, () =>
        dataReply(ZMyPipeline, {
          columns: [{ status: "Open", count: 45, leads: [state.leads[0]!] }],
          venues: [],
        }),
      ),
    );
    await renderPipeline(state);
    const openColumn = within(column("Open"));
    expect(
      await openColumn.findByText("Showing the 1 newest of 45. Choose one venue to see them all."),
    ).toBeTruthy();
    expect(openColumn.queryByRole("button", { name: /more/ })).toBeNull();
  });

  it("shows an error with Retry when the board does not load", async () => {
    server.use(
      // The board fails once.
      http.get(
        PIPELINE,
        () => errorReply(500, "INTERNAL_ERROR", "Something went wrong on our side."),
        {
          once: true,
        },
      ),
    );
    serveBase(...leadsHandlers(boardState()));

    const { user } = await renderApp({ path: "/pipeline", auth: buildSignedInAuth() });
    const main = within(screen.getByRole("main"));
    expect(await main.findByRole("heading", { name: PIPELINE_FAILED })).toBeTruthy();
    await user.click(main.getByRole("button", { name: "Retry" }));
    expect(await main.findByRole("region", { name: "Open" })).toBeTruthy();
  });

  it("the Me menu links a venue's people to the pipeline and the RFP marketplace", async () => {
    server.use(
      http.get("/user-mgmt/api/users/my/roles", () =>
        dataReply(ZMemberRoles, {
          roles: ["venue"],
          features: [
            { feature: "pipeline", locked: false, needs: null },
            { feature: "rfpMarketplace", locked: false, needs: null },
          ],
        }),
      ),
    );
    const { user } = await renderPipeline(boardState());
    await user.click(await screen.findByRole("button", { name: "Open menu" }));
    const menu = within(await screen.findByRole("menu", { name: "Me" }));
    const pipeline = await menu.findByRole("menuitem", { name: "Pipeline" });
    expect(pipeline.getAttribute("href")).toBe("/pipeline");
    expect(pipeline.getAttribute("aria-current")).toBe("page");
    expect(menu.getByRole("menuitem", { name: "RFP marketplace" }).getAttribute("href")).toBe(
      "/rfps",
    );
  });
});
