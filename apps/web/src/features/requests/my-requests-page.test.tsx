import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { buildSignedInAuth, buildSignedOutAuth } from "../../test/factories";
import { renderApp } from "../../test/render-app";
import {
  buildEvent,
  buildRequirement,
  counts,
  createFakeRequestsServer,
  EVENT_ID,
  OTHER_EVENT_ID,
  uuid,
  VISITOR_ABILITIES,
} from "./fake-requests-server";
import { MY_REQUESTS_TITLE, NO_REQUESTS, REQUESTS_PAGE_SIZE } from "./my-requests-page";

const MY_EVENTS = "/event-mgmt/api/events/my";

describe("/requests: my requests", () => {
  it("asks signed-out visitors to sign in", async () => {
    createFakeRequestsServer();
    await renderApp({ path: "/requests", auth: buildSignedOutAuth() });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(MY_REQUESTS_TITLE);
    expect(screen.getByRole("heading", { name: "Sign in to see your requests" })).toBeTruthy();
  });

  it("shows a skeleton, then each event's requests with their lead counts per status", async () => {
    const server = createFakeRequestsServer();
    server.addEvent(buildEvent());
    server.addEvent(buildEvent({ id: OTHER_EVENT_ID, name: "Summer Camp" }));
    server.state.requirements.set(EVENT_ID, [
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

  it("without any request: an empty state with a 'Request proposals' button", async () => {
    createFakeRequestsServer();
    await renderApp({ path: "/requests", auth: buildSignedInAuth() });
    const panel = (await screen.findByRole("heading", { name: NO_REQUESTS })).closest(
      "[role=status]",
    ) as HTMLElement;
    expect(
      within(panel).getByRole("link", { name: "Request proposals" }).getAttribute("href"),
    ).toBe("/requests/new");
  });

  it("leaves out events whose requests I may not read (a member, not an organizer)", async () => {
    const server = createFakeRequestsServer();
    server.addEvent(buildEvent(), VISITOR_ABILITIES);
    await renderApp({ path: "/requests", auth: buildSignedInAuth() });
    expect(await screen.findByRole("heading", { name: NO_REQUESTS })).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Spring Classic" })).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says when the list did not load, and retries", async () => {
    const server = createFakeRequestsServer();
    server.addEvent(buildEvent());
    server.state.requirements.set(EVENT_ID, [buildRequirement()]);
    server.failNext("GET", MY_EVENTS, {
      status: 503,
      code: "UNAVAILABLE",
      message: "The service is busy. Try again in a minute.",
    });
    const { user } = await renderApp({ path: "/requests", auth: buildSignedInAuth() });
    const alert = within(await screen.findByRole("alert"));
    expect(alert.getByText("Your requests did not load")).toBeTruthy();
    expect(alert.getByText("The service is busy. Try again in a minute.")).toBeTruthy();
    await user.click(alert.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("region", { name: "Spring Classic" })).toBeTruthy();
  });

  it("pages through my events with ?page=", async () => {
    const server = createFakeRequestsServer();
    for (let n = 0; n < REQUESTS_PAGE_SIZE + 2; n += 1) {
      const id = uuid(500 + n);
      server.addEvent(buildEvent({ id, name: `Event ${n + 1}` }));
      server.state.requirements.set(id, [buildRequirement({ id: uuid(600 + n), eventId: id })]);
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
    const pageCalls = server
      .to(MY_EVENTS, "GET")
      .map((call) => call.url.searchParams.get("offset"));
    expect(pageCalls).toEqual(["0", "10"]);
  });

  it("a draft (its publishing failed) can be published from the list", async () => {
    const server = createFakeRequestsServer();
    server.addEvent(buildEvent());
    const draft = buildRequirement({ status: "draft", publishedDate: null });
    server.state.requirements.set(EVENT_ID, [draft]);
    const { user } = await renderApp({ path: "/requests", auth: buildSignedInAuth() });
    const section = within(await screen.findByRole("region", { name: "Spring Classic" }));
    expect(section.getByText("Draft")).toBeTruthy();
    await user.click(section.getByRole("button", { name: "Publish now" }));
    expect(await section.findByText("Open: 3")).toBeTruthy();
    expect(section.getByText("Published")).toBeTruthy();
    expect(
      server.to(`/event-mgmt/api/events/${EVENT_ID}/requirements/${draft.id}/publish`, "PUT"),
    ).toHaveLength(1);
  });
});
