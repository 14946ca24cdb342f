import type { TActivityItem, THomeSummary } from "@hostfield/domain/contracts";
import { NO_PROPOSAL_TERMS } from "@hostfield/domain/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import { http } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PRESENCE_PATH } from "../../lib/presence/presence";
import { buildProfile, buildSignedInAuth, buildSignedOutAuth } from "../../test/factories";
import { errorReply, presenceHandler, sent, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import { buildLead, buildRequirement } from "../leads/testing";
import { FEED_EMPTY, FEED_FAILED } from "./activity-feed";
import { ACTIVITY_PATH, activityGroupPath, FEED_PAGE_SIZE, HOME_SUMMARY_PATH } from "./home-api";
import { START_TITLE, SUMMARY_FAILED } from "./home-panels";
import { readHomeState, resetHomeState } from "./home-state";
import {
  activityFeed,
  activityGroups,
  buildActivityGroup,
  buildBlock,
  buildBusiness,
  buildChecklist,
  buildHomeSummary,
  buildManager,
  buildOrganizer,
  homeSummary,
  buildActivityItem as item,
  uuid,
} from "./testing";

// A Wednesday afternoon (UTC); only Date is faked, timers run for real.
const NOW = "2025-03-12T15:00:00.000Z";

/** Answers the feed from `feeds` by tab, and presence with `online` online (the rest offline). */
function serveHome(
  feeds: Partial<Record<string, TActivityItem[]>>,
  options: {
    online?: string[];
    failFeed?: () => boolean;
    summary?: THomeSummary;
    groups?: Record<string, TActivityItem[]>;
  } = {},
) {
  server.use(
    homeSummary(options.summary),
    activityGroups(options.groups ?? {}),
    http.get(ACTIVITY_PATH, () =>
      options.failFeed?.()
        ? errorReply(500, "INTERNAL_ERROR", "Something went wrong on our side.")
        : undefined,
    ),
    activityFeed(feeds),
    presenceHandler(options.online),
  );
}

const main = () => within(screen.getByRole("main"));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(NOW));
  resetHomeState();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("/home", () => {
  it("asks a signed-out visitor to sign in", async () => {
    serveHome({});
    await renderApp({ path: "/home", auth: buildSignedOutAuth() });
    expect(await screen.findByText("Sign in to see your home page")).toBeTruthy();
  });

  it("opens on the States hub tab, whose tiles open the state's page; sport tiles the chosen marketplace", async () => {
    serveHome({});
    const { user } = await renderApp({ path: "/home", auth: buildSignedInAuth() });
    const hub = main().getByRole("tablist", { name: "Hub" });
    expect(within(hub).getByRole("tab", { name: "States" }).getAttribute("aria-selected")).toBe(
      "true",
    );
    const alabama = main().getByRole("link", { name: /^Alabama\b/ });
    expect(alabama.getAttribute("href")).toBe("/states/alabama");
    expect(
      main()
        .getByRole("link", { name: /^New York\b/ })
        .getAttribute("href"),
    ).toBe("/states/new-york");
    expect(main().queryByRole("group", { name: "Open in" })).toBeNull();

    await user.click(within(hub).getByRole("tab", { name: "Sports" }));
    await user.click(main().getByRole("button", { name: "Events" }));
    // Remembered for the next visit, with the tab.
    const stored = readHomeState(window.sessionStorage.getItem("hostfield.home"));
    expect(stored).toMatchObject({ hubTab: "sports", hubSection: "events" });
    expect(main().getByRole("link", { name: "Basketball" }).getAttribute("href")).toBe(
      "/events/marketplace?sports=Basketball",
    );
  });

  it("tells what happened around me, under time-ago headings, with who is online", async () => {
    const online = item({
      actor: { id: uuid(), name: "Ann Lee", avatarUrl: null },
      at: "2025-03-12T14:00:00.000Z",
    });
    const listed = item({
      type: "listed",
      actor: null,
      at: "2025-03-11T10:00:00.000Z",
      profile: { ...online.profile, id: uuid(), name: "Eastside Gym" },
      context: {
        id: uuid(),
        kind: "destination",
        name: "Gulf Shores",
        city: null,
        state: null,
        logo: null,
      },
    });
    serveHome({ following: [online, listed] }, { online: [online.actor!.id] });
    await renderApp({ path: "/home", auth: buildSignedInAuth() });
    const today = await main().findByRole("region", { name: "Today" });
    expect(today.textContent).toContain("Ann Lee liked Riverside Arena");
    expect(
      within(today).getByRole("link", { name: "Riverside Arena" }).getAttribute("href"),
    ).toMatch(/^\/facilities\//);
    expect(await within(today).findByText("Ann Lee is online")).toBeTruthy();
    const yesterday = main().getByRole("region", { name: "Yesterday" });
    expect(yesterday.textContent).toContain("Eastside Gym is now listed in Gulf Shores");
    expect(sent.to(PRESENCE_PATH)).toHaveLength(1);
    expect(main().getByRole("status").textContent).toBe("1–2 of 2");
  });

  it("pages older and newer, and keeps each activity tab's page", async () => {
    const many = Array.from({ length: FEED_PAGE_SIZE + 5 }, (_, i) =>
      item({ profile: { ...item().profile, name: `Arena ${i + 1}` } }),
    );
    const mine = [item({ type: "followed", profile: { ...item().profile, name: "Gulf Shores" } })];
    serveHome({ following: many, mine });
    const { user } = await renderApp({ path: "/home", auth: buildSignedInAuth() });
    await main().findByText("Arena 1");
    await user.click(main().getByRole("button", { name: "Older" }));
    expect(await main().findByText("Arena 21")).toBeTruthy();
    expect(main().getByRole("status").textContent).toBe(`21–25 of ${many.length}`);
    const feedCalls = sent.to(ACTIVITY_PATH).map((c) => c.url.searchParams.get("offset"));
    expect(feedCalls).toEqual(["0", "20"]);

    await user.click(main().getByRole("tab", { name: "Your activity" }));
    expect(await main().findByText("Gulf Shores")).toBeTruthy();
    expect(main().getByText(/You followed/)).toBeTruthy();
    await user.click(main().getByRole("tab", { name: "Around you" }));
    expect(await main().findByText("Arena 21")).toBeTruthy();
    expect(main().getByRole("button", { name: "Newer" })).toBeTruthy();
  });

  it("folds a time group away and remembers it", async () => {
    serveHome({ following: [item()] });
    const { user } = await renderApp({ path: "/home", auth: buildSignedInAuth() });
    const heading = await main().findByRole("button", { name: "Today" });
    expect(heading.getAttribute("aria-expanded")).toBe("true");
    await user.click(heading);
    expect(heading.getAttribute("aria-expanded")).toBe("false");
    expect(main().queryByRole("link", { name: "Riverside Arena" })).toBeNull();
    const stored = readHomeState(window.sessionStorage.getItem("hostfield.home"));
    expect(stored.expanderStates).toEqual({ "feed:Today": false });
  });

  it("says when there is nothing yet, per tab", async () => {
    serveHome({});
    const { user } = await renderApp({ path: "/home", auth: buildSignedInAuth() });
    expect(await main().findByText(FEED_EMPTY.following)).toBeTruthy();
    await user.click(main().getByRole("tab", { name: "Your activity" }));
    expect(await main().findByText(FEED_EMPTY.mine)).toBeTruthy();
  });

  it("offers a retry when the feed fails, and shows it once it loads", async () => {
    let fail = true;
    serveHome({ following: [item()] }, { failFeed: () => fail });
    const { user } = await renderApp({ path: "/home", auth: buildSignedInAuth() });
    expect(await main().findByText(FEED_FAILED)).toBeTruthy();
    fail = false;
    await user.click(main().getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(main().getByText("Riverside Arena")).toBeTruthy());
  });
});

describe("the home panels", () => {
  const ASTORIA = uuid();
  const lead = (name: string, startDate: string) =>
    buildLead({ event: { name, startDate, endDate: startDate } });

  /** The sections of the home's top (before the hub's "Explore"), in order, by their titles. */
  const sectionTitles = () => {
    const titles = main()
      .getAllByRole("heading", { level: 2 })
      .map((h) => h.textContent);
    return titles.slice(0, titles.indexOf("Explore"));
  };

  it("shows a venue's leads first with its main action, then its requests, each row linking where it is handled", async () => {
    const fresh = lead("Spring Cup", "2025-04-02");
    const soon = lead("March Madness", "2025-03-20");
    const checklist = buildChecklist({ name: "Bare Gym", profile: undefined });
    const proposal = buildLead({
      event: { name: "Summer Slam" },
      status: "Interested",
      proposal: {
        message: "Four courts",
        dates: ["2025-06-06"],
        price: 4800,
        priceUnit: "Total",
        ...NO_PROPOSAL_TERMS,
        submittedDate: "2025-03-11T10:00:00.000Z",
      },
    });
    const summary = buildHomeSummary({
      roles: ["venue", "organizer"],
      manager: buildManager({
        newLeads: { count: 1, since: "2025-03-05T15:00:00.000Z", leads: [fresh] },
        waitingLeads: { count: 3, leads: [soon, fresh] },
        completeness: { listingCount: 2, incompleteCount: 1, listings: [checklist] },
      }),
      organizer: buildOrganizer({
        openRequests: {
          count: 1,
          requests: [
            {
              event: { id: proposal.eventId, name: "Summer Slam", startDate: "2025-06-06" },
              request: buildRequirement({ eventId: proposal.eventId, status: "published" }),
              proposalCount: 1,
            },
          ],
        },
        newestProposals: [proposal],
      }),
    });
    serveHome({}, { summary });
    await renderApp({ path: "/home", auth: buildSignedInAuth() });

    const leads = await main().findByRole("region", { name: "Your leads" });
    expect(sectionTitles()).toEqual([
      "Your leads",
      "Your events and requests",
      "Complete your listings",
    ]);
    // The first section carries the main action (a contained button); the others none.
    const pipeline = within(leads).getByRole("link", { name: "Open your pipeline" });
    expect(pipeline.getAttribute("href")).toBe("/pipeline");
    expect(pipeline.className).toContain("MuiButton-contained");
    expect(main().getAllByRole("link", { name: "Open your pipeline" })).toHaveLength(1);
    const fresh1 = within(within(leads).getByRole("region", { name: "New leads (1)" })).getByRole(
      "link",
      { name: "Spring Cup" },
    );
    expect(fresh1.getAttribute("href")).toBe(`/leads/${fresh.eventId}/${fresh.id}`);
    const waiting = within(leads).getByRole("region", { name: "Waiting for your answer (3)" });
    expect(
      within(waiting)
        .getAllByRole("link")
        .map((a) => a.textContent),
    ).toEqual(["March Madness", "Spring Cup"]);
    const complete = main().getByRole("region", { name: "Complete your listings" });
    expect(complete.textContent).toContain("1 of 2 listings could say more");
    expect(complete.textContent).toContain("2 of 4 done");
    expect(within(complete).getByRole("link", { name: "Add photos" }).getAttribute("href")).toBe(
      `/facilities/${checklist.profile.id}#images`,
    );
    expect(within(complete).getByText(/Spaces/).textContent).toBe("Spaces (done)");

    const requests = main().getByRole("region", { name: "Your events and requests" });
    expect(
      within(requests).getByRole("link", { name: "Request proposals" }).className,
    ).not.toContain("MuiButton");
    const due = within(requests).getByRole("region", { name: "Decisions due (1)" });
    expect(within(due).getByRole("link", { name: "Summer Slam" }).getAttribute("href")).toBe(
      `/events/${proposal.eventId}/proposals`,
    );
    expect(due.textContent).toContain("1 proposal to compare");
    const open = within(requests).getByRole("region", { name: "Open requests (1)" });
    expect(open.textContent).toContain("1 proposal · Published");
    const proposals = within(requests).getByRole("region", { name: "New proposals" });
    expect(proposals.textContent).toContain(`From ${proposal.owner.name}`);
    expect(screen.queryByText(START_TITLE)).toBeNull();
  });

  it("leads an organizer with their events and requests, proposals and hotel pickup, and no leads", async () => {
    const block = buildBlock({ held: 10, booked: 4 });
    serveHome(
      {},
      {
        summary: buildHomeSummary({
          roles: ["organizer"],
          organizer: buildOrganizer(),
          eventBlocks: { count: 1, blocks: [block] },
        }),
      },
    );
    await renderApp({ path: "/home", auth: buildSignedInAuth() });
    const requests = await main().findByRole("region", { name: "Your events and requests" });
    expect(sectionTitles()).toEqual(["Your events and requests"]);
    const request = within(requests).getByRole("link", { name: "Request proposals" });
    expect(request.getAttribute("href")).toBe("/requests/new");
    expect(request.className).toContain("MuiButton-contained");
    expect(requests.textContent).toContain("No proposals wait for your decision.");
    expect(requests.textContent).toContain("No open requests.");
    expect(requests.textContent).toContain("No proposals yet.");
    const pickup = within(requests).getByRole("region", { name: "Hotel pickup (1)" });
    const row = within(pickup).getByRole("link", {
      name: `${block.hotel.name} for ${block.event?.name}`,
    });
    expect(row.getAttribute("href")).toBe(`/events/${block.event?.id}/hotels`);
    expect(pickup.textContent).toContain("4 of 10 room nights booked (40%)");
    expect(main().queryByText(/New leads/)).toBeNull();
    expect(main().queryByRole("link", { name: "Open your pipeline" })).toBeNull();
  });

  it("leads a hotel with its blocks and their pickup, not with leads", async () => {
    const hotelId = uuid();
    const block = buildBlock({ hotel: { id: hotelId, name: "Canal Hotel" }, held: 8, booked: 1 });
    serveHome(
      {},
      {
        summary: buildHomeSummary({
          roles: ["hotel"],
          listings: [{ id: hotelId, kind: "hotel", name: "Canal Hotel" }],
          manager: buildManager(),
          hotel: { count: 1, blocks: [block] },
        }),
      },
    );
    await renderApp({ path: "/home", auth: buildSignedInAuth() });
    const blocks = await main().findByRole("region", { name: "Your hotel blocks" });
    expect(sectionTitles()).toEqual(["Your hotel blocks"]);
    expect(
      within(blocks).getByRole("link", { name: "Manage your blocks" }).getAttribute("href"),
    ).toBe(`/hotels/${hotelId}/blocks`);
    const open = within(blocks).getByRole("region", { name: "Open blocks (1)" });
    expect(open.textContent).toContain("1 of 8 room nights booked (12.5%)");
    expect(open.textContent).toContain("cut-off");
    expect(main().queryByText(/New leads/)).toBeNull();
    expect(main().queryByRole("link", { name: "Open your pipeline" })).toBeNull();
  });

  it("puts the most pressing role first, as the server orders them", async () => {
    const businessId = uuid();
    serveHome(
      {},
      {
        summary: buildHomeSummary({
          roles: ["business", "organizer"],
          listings: [{ id: businessId, kind: "business", name: "Slice Pizza" }],
          organizer: buildOrganizer(),
          businesses: [buildBusiness({ id: businessId, name: "Slice Pizza" })],
        }),
      },
    );
    await renderApp({ path: "/home", auth: buildSignedInAuth() });
    const promotions = await main().findByRole("region", { name: "Your promotions" });
    expect(sectionTitles()).toEqual(["Your promotions", "Your events and requests"]);
    expect(within(promotions).getByRole("link", { name: "Slice Pizza" }).getAttribute("href")).toBe(
      `/businesses/${businessId}`,
    );
    expect(
      within(promotions).getByRole("link", { name: "Promote a deal" }).getAttribute("href"),
    ).toBe(`/businesses/${businessId}#deals`);
  });

  it("shows a plain member of a business its deals, without the reach or the ways to manage them", async () => {
    const slice = buildBusiness({
      name: "Slice Pizza",
      liveDeals: 2,
      manages: false,
      views: null,
      dealClicks: null,
    });
    serveHome(
      {},
      {
        summary: buildHomeSummary({
          roles: ["business"],
          listings: [{ id: slice.id, kind: "business", name: "Slice Pizza" }],
          businesses: [slice],
        }),
      },
    );
    await renderApp({ path: "/home", auth: buildSignedInAuth() });
    const promotions = await main().findByRole("region", { name: "Your promotions" });
    const [row] = within(promotions).getAllByRole("listitem");
    expect(row?.textContent).toContain("2 live deals");
    expect(row?.textContent).not.toContain("views");
    expect(within(row!).queryByRole("link", { name: /Manage deals|Full report/ })).toBeNull();
  });

  it("shows each business its live deals, the next to end and its reach of the last 30 days", async () => {
    const slice = buildBusiness({
      name: "Slice Pizza",
      liveDeals: 2,
      nextEnding: { id: uuid(), title: "Weekend wings", validTo: "2025-03-19" },
      views: 5,
      dealClicks: 1,
    });
    const corner = buildBusiness({ name: "Corner Cafe" });
    serveHome(
      {},
      {
        summary: buildHomeSummary({
          roles: ["business"],
          listings: [
            { id: corner.id, kind: "business", name: "Corner Cafe" },
            { id: slice.id, kind: "business", name: "Slice Pizza" },
          ],
          businesses: [corner, slice],
        }),
      },
    );
    await renderApp({ path: "/home", auth: buildSignedInAuth() });
    const promotions = await main().findByRole("region", { name: "Your promotions" });
    const [cornerRow, sliceRow] = within(promotions).getAllByRole("listitem");
    expect(sliceRow?.textContent).toContain(
      "2 live deals · 5 views and 1 deal click in the last 30 days",
    );
    expect(sliceRow?.textContent).toContain(
      "Next to end: Weekend wings, valid through Wed, Mar 19th, 2025",
    );
    const slices = within(sliceRow!);
    expect(slices.getByRole("link", { name: "Slice Pizza" }).getAttribute("href")).toBe(
      `/businesses/${slice.id}`,
    );
    expect(
      slices.getByRole("link", { name: "Manage deals for Slice Pizza" }).getAttribute("href"),
    ).toBe(`/businesses/${slice.id}#deals`);
    expect(
      slices.getByRole("link", { name: "Full report for Slice Pizza" }).getAttribute("href"),
    ).toBe(`/reports/business/${slice.id}`);
    // Nothing live and nobody came: said plainly, with the way to add a deal.
    expect(cornerRow?.textContent).toContain(
      "No live deals · no views or deal clicks in the last 30 days",
    );
    expect(cornerRow?.textContent).not.toContain("Next to end");
    expect(
      within(cornerRow!)
        .getByRole("link", { name: "Add a deal for Corner Cafe" })
        .getAttribute("href"),
    ).toBe(`/businesses/${corner.id}#deals`);
    expect(
      within(promotions).getByRole("link", { name: "Promote a deal" }).getAttribute("href"),
    ).toBe(`/businesses/${corner.id}#deals`);
  });

  it("starts a new Event Organizer with requesting proposals, not listing a venue", async () => {
    serveHome({});
    await renderApp({
      path: "/home",
      auth: buildSignedInAuth({ profile: buildProfile({ accountType: "Event Organizer" }) }),
    });
    expect(await main().findByText(START_TITLE)).toBeTruthy();
    // The main button is the contained one.
    const request = main().getByRole("link", { name: "Request proposals for an event" });
    expect(request.getAttribute("href")).toBe("/requests/new");
    expect(request.className).toContain("MuiButton-contained");
    const event = main().getByRole("link", { name: "Add your event" });
    expect(event.getAttribute("href")).toBe("/listings/new?kind=event");
    expect(event.className).toContain("MuiButton-outlined");
    expect(main().queryByRole("link", { name: "List your venue" })).toBeNull();
  });

  it("starts a new Facility with listing its venue", async () => {
    serveHome({});
    await renderApp({
      path: "/home",
      auth: buildSignedInAuth({ profile: buildProfile({ accountType: "Facility" }) }),
    });
    expect(await main().findByText(START_TITLE)).toBeTruthy();
    expect(main().getByRole("link", { name: "List your venue" }).getAttribute("href")).toBe(
      "/listings/new?kind=facility",
    );
    expect(main().queryByRole("link", { name: "Request proposals for an event" })).toBeNull();
  });

  it("points anyone else to listing a venue or requesting proposals", async () => {
    serveHome({});
    await renderApp({
      path: "/home",
      auth: buildSignedInAuth({ profile: buildProfile({ accountType: "Other" }) }),
    });
    expect(await main().findByText(START_TITLE)).toBeTruthy();
    expect(main().getByRole("link", { name: "List your venue" }).getAttribute("href")).toBe(
      "/listings/new",
    );
    expect(
      main().getByRole("link", { name: "Request proposals for an event" }).getAttribute("href"),
    ).toBe("/requests/new");
  });

  it("offers a retry when the summary fails", async () => {
    let fail = true;
    serveHome({ following: [item()] });
    server.use(
      http.get(HOME_SUMMARY_PATH, () =>
        fail ? errorReply(500, "INTERNAL_ERROR", "Something went wrong on our side.") : undefined,
      ),
    );
    const { user } = await renderApp({ path: "/home", auth: buildSignedInAuth() });
    const failed = await main().findByRole("alert");
    expect(failed.textContent).toContain(SUMMARY_FAILED);
    fail = false;
    await user.click(within(failed).getByRole("button", { name: "Retry" }));
    expect(await main().findByText(START_TITLE)).toBeTruthy();
  });

  it("opens a group of repeats from the keyboard, and pages through it", async () => {
    const astoria = {
      id: ASTORIA,
      kind: "destination" as const,
      name: "Astoria Sports Authority",
      city: null,
      state: null,
      logo: null,
    };
    const members = Array.from({ length: 12 }, (_, i) =>
      item({
        type: "listed",
        actor: null,
        profile: { ...item().profile, id: uuid(), name: `Astoria Field ${i + 1}` },
        context: astoria,
      }),
    );
    const key = `listed.${ASTORIA}.2025-03-12`;
    serveHome({ following: [buildActivityGroup(members, key)] }, { groups: { [key]: members } });
    const { user } = await renderApp({ path: "/home", auth: buildSignedInAuth() });
    const today = await main().findByRole("region", { name: "Today" });
    expect(today.textContent).toContain("12 facilities newly listed in Astoria Sports Authority");
    const toggle = within(today).getByRole("button", { name: "Show all 12" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(sent.to(activityGroupPath(key))).toHaveLength(0);

    toggle.focus();
    await user.keyboard("{Enter}");
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    const group = document.getElementById(toggle.getAttribute("aria-controls")!)!;
    expect(await within(group).findByText("Astoria Field 1")).toBeTruthy();
    expect(within(group).getByRole("status").textContent).toBe("1–10 of 12");
    await user.click(within(group).getByRole("button", { name: "Older" }));
    expect(await within(group).findByText("Astoria Field 12")).toBeTruthy();
    expect(within(group).getByRole("status").textContent).toBe("11–12 of 12");

    const stored = readHomeState(window.sessionStorage.getItem("hostfield.home"));
    expect(stored.expanderStates[`group:${key}`]).toBe(true);
    expect(stored.paginationStates[`group:${key}`]).toBe(10);
    await user.click(within(today).getByRole("button", { name: "Hide" }));
    expect(within(today).queryByText("Astoria Field 12")).toBeNull();
  });
});

describe("home state", () => {
  it("falls back to the defaults for anything missing or malformed", () => {
    expect(readHomeState(null)).toMatchObject({
      hubTab: "states",
      userFeedOffset: 0,
      userActivityTab: "following",
    });
    expect(
      readHomeState(
        JSON.stringify({
          hubTab: "nope",
          userFeedOffset: -3,
          expanderStates: { a: true, b: "yes" },
          paginationStates: { "activity:mine": 40, x: 1.5 },
        }),
      ),
    ).toMatchObject({
      hubTab: "states",
      userFeedOffset: 0,
      expanderStates: { a: true },
      paginationStates: { "activity:mine": 40 },
    });
    expect(readHomeState("{not json").hubTab).toBe("states");
  });
});
