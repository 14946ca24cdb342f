import { screen, waitFor, within } from "@testing-library/react";
import { http } from "msw";
import { describe, expect, it } from "vitest";
import { buildSignedInAuth, buildSignedOutAuth } from "../../test/factories";
import { errorReply, sent, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import { MY_REQUESTS_TITLE, NO_REQUESTS, REQUESTS_PAGE_SIZE } from "./my-requests-page";
import {
  addEvent,
  buildBid,
  buildEvent,
  buildRequirement,
  counts,
  EVENT_ID,
  MY_REQUESTS,
  OTHER_EVENT_ID,
  publishes,
  serveRequests,
  T0,
  uuid,
} from "./testing";

describe("/requests: my requests", () => {
  it("asks signed-out visitors to sign in", async () => {
    serveRequests();
    await renderApp({ path: "/requests", auth: buildSignedOutAuth() });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(MY_REQUESTS_TITLE);
    expect(screen.getByRole("heading", { name: "Sign in to see your requests" })).toBeTruthy();
  });

  it("shows a skeleton, then each event's requests with their lead counts per status", async () => {
    const world = serveRequests();
    addEvent(world, buildEvent());
    addEvent(world, buildEvent({ id: OTHER_EVENT_ID, name: "Summer Camp" }));
    world.requirements.set(EVENT_ID, [
      buildRequirement({ leadCounts: counts({ Open: 2, Interested: 1, Lost: 1 }) }),
    ]);
    const { user } = await renderApp({ path: "/requests", auth: buildSignedInAuth() });
    expect(screen.getByRole("status", { name: "Loading your requests" })).toBeTruthy();

    const section = within(await screen.findByRole("region", { name: "Spring Classic" }));
    expect(section.getByText("Sat, Mar 7th - Mon, Mar 9th, 2026")).toBeTruthy();
    expect(section.getByText("Published")).toBeTruthy();
    expect(section.getByText("Urgent Need")).toBeTruthy();
    expect(
      section.getByText(
        "Basketball · Court × 4 · Indoor · Hardwood · Looking within 50 mi of Indianapolis, IN",
      ),
    ).toBeTruthy();
    const leadCounts = within(section.getByRole("list", { name: "4 leads" }));
    expect(leadCounts.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "Open: 2",
      "Interested: 1",
      "Won: 0",
      "Lost: 1",
      "Passed: 0",
    ]);
    expect(
      section
        .getByRole("link", { name: "Compare proposals for Spring Classic" })
        .getAttribute("href"),
    ).toBe(`/events/${EVENT_ID}/proposals`);

    // An event without a request is offered one.
    const without = within(screen.getByRole("region", { name: "Events without a request" }));
    await user.click(without.getByRole("link", { name: "Request proposals for Summer Camp" }));
    expect(
      await screen.findByRole("heading", { name: "What the venue needs" }, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it("a request with alternative dates says them; one with the event's dates does not", async () => {
    const world = serveRequests();
    addEvent(world, buildEvent());
    world.requirements.set(EVENT_ID, [
      buildRequirement({
        id: uuid(101),
        dateOptions: {
          kind: "sets",
          sets: [
            { startDate: "2026-03-14", endDate: "2026-03-15" },
            { startDate: "2026-03-07", endDate: "2026-03-08" },
          ],
        },
      }),
      buildRequirement({ id: uuid(102) }),
    ]);
    await renderApp({ path: "/requests", auth: buildSignedInAuth() });
    const section = within(await screen.findByRole("region", { name: "Spring Classic" }));
    const items = section.getAllByRole("listitem").filter((li) => li.tagName === "LI");
    const dated = items.filter((li) => li.textContent?.includes("Dates: "));
    expect(dated).toHaveLength(1);
    expect(within(dated[0]!).getByText(/^Dates:/).parentElement?.textContent).toBe(
      "Dates: Sat, Mar 7th - Sun, Mar 8th, 2026 or Sat, Mar 14th - Sun, Mar 15th, 2026",
    );
  });

  it("without any request: an empty state with a 'Request proposals' button", async () => {
    serveRequests();
    await renderApp({ path: "/requests", auth: buildSignedInAuth() });
    const panel = (await screen.findByRole("heading", { name: NO_REQUESTS })).closest(
      "[role=status]",
    ) as HTMLElement;
    expect(
      within(panel).getByRole("link", { name: "Request proposals" }).getAttribute("href"),
    ).toBe("/requests/new");
  });

  it("loads a page in one call and keeps the server's order: the newest request first", async () => {
    const world = serveRequests();
    // The server lists the event with the newest request activity first, whatever its name or
    // dates, and each event's newest request first.
    const winter = addEvent(
      world,
      buildEvent({
        id: uuid(510),
        name: "Winter Cup",
        startDate: "2026-12-05",
        endDate: "2026-12-06",
      }),
    );
    addEvent(world, buildEvent());
    addEvent(world, buildEvent({ id: OTHER_EVENT_ID, name: "Summer Camp" }));
    const justNow = "2026-01-12T09:00:00.000Z";
    world.requirements.set(winter.id, [
      buildRequirement({
        id: uuid(611),
        eventId: winter.id,
        publishedDate: justNow,
        updatedDate: justNow,
        leadCounts: counts({ Open: 5 }),
      }),
      buildRequirement({ id: uuid(610), eventId: winter.id, status: "draft", publishedDate: null }),
    ]);
    world.requirements.set(EVENT_ID, [buildRequirement()]);
    await renderApp({ path: "/requests", auth: buildSignedInAuth() });

    const winterSection = within(await screen.findByRole("region", { name: "Winter Cup" }));
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual([
      "Winter Cup",
      "Spring Classic",
      "Events without a request",
    ]);
    expect(winterSection.getAllByText(/^(Published|Draft)$/).map((s) => s.textContent)).toEqual([
      "Published",
      "Draft",
    ]);
    expect(winterSection.getByText("Open: 5")).toBeTruthy();
    // One call for the page: no list of my events and no call per event.
    expect(sent.to(MY_REQUESTS, "GET")).toHaveLength(1);
    expect(sent.all().filter((call) => call.path.startsWith("/event-mgmt/"))).toHaveLength(1);
  });

  it("says when the list did not load, and retries", async () => {
    const world = serveRequests();
    addEvent(world, buildEvent());
    world.requirements.set(EVENT_ID, [buildRequirement()]);
    server.use(
      http.get(
        MY_REQUESTS,
        // Not a 503: an outage's answer is asked again by itself once the server answers
        // (lib/connection), which races the Retry this test presses.
        () => errorReply(500, "INTERNAL_ERROR", "The service is busy. Try again in a minute."),
        { once: true },
      ),
    );
    const { user } = await renderApp({ path: "/requests", auth: buildSignedInAuth() });
    const alert = within(await screen.findByRole("alert"));
    expect(alert.getByText("Your requests did not load")).toBeTruthy();
    expect(alert.getByText("The service is busy. Try again in a minute.")).toBeTruthy();
    await user.click(alert.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("region", { name: "Spring Classic" })).toBeTruthy();
  });

  it("pages through my events with ?page=", async () => {
    const world = serveRequests();
    for (let n = 0; n < REQUESTS_PAGE_SIZE + 2; n += 1) {
      const id = uuid(500 + n);
      addEvent(world, buildEvent({ id, name: `Event ${n + 1}` }));
      world.requirements.set(id, [buildRequirement({ id: uuid(600 + n), eventId: id })]);
    }
    const { user, router } = await renderApp({ path: "/requests", auth: buildSignedInAuth() });
    expect(await screen.findByRole("region", { name: "Event 1" })).toBeTruthy();
    expect(screen.getByText("Page 1 of 2 · 12 events you manage")).toBeTruthy();
    await user.click(
      within(screen.getByRole("navigation", { name: "Pages of my events" })).getByRole("button", {
        name: "Go to page 2",
      }),
    );
    expect(await screen.findByRole("region", { name: "Event 11" })).toBeTruthy();
    expect(router.state.location.search).toBe("?page=2");
    await waitFor(() => expect(screen.queryByRole("region", { name: "Event 1" })).toBeNull());
    // One call per page, and none per event.
    const pageCalls = sent
      .to(MY_REQUESTS, "GET")
      .map((call) => call.url.searchParams.get("offset"));
    expect(pageCalls).toEqual(["0", "10"]);
    expect(sent.all().filter((call) => call.path.startsWith("/event-mgmt/"))).toHaveLength(2);
  });

  it("a draft (its publishing failed) can be published from the list", async () => {
    const world = serveRequests();
    addEvent(world, buildEvent());
    const draft = buildRequirement({ status: "draft", publishedDate: null });
    world.requirements.set(EVENT_ID, [draft]);
    // Publishing matches three venues.
    server.use(
      publishes(
        world,
        { ...draft, status: "published", publishedDate: T0, leadCounts: counts({ Open: 3 }) },
        [1, 2, 3].map((n) => buildBid(n, { requirementId: draft.id })),
      ),
    );
    const { user } = await renderApp({ path: "/requests", auth: buildSignedInAuth() });
    const section = within(await screen.findByRole("region", { name: "Spring Classic" }));
    expect(section.getByText("Draft")).toBeTruthy();
    await user.click(section.getByRole("button", { name: "Publish now" }));
    expect(await section.findByText("Open: 3")).toBeTruthy();
    expect(section.getByText("Published")).toBeTruthy();
    expect(
      sent.to(`/event-mgmt/api/events/${EVENT_ID}/requirements/${draft.id}/publish`, "PUT"),
    ).toHaveLength(1);
  });
});
