import type { TActivityItem } from "@hostfield/domain/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import { http } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PRESENCE_PATH } from "../../lib/presence/presence";
import { buildSignedInAuth, buildSignedOutAuth } from "../../test/factories";
import { errorReply, presenceHandler, sent, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import { FEED_EMPTY, FEED_FAILED } from "./activity-feed";
import { ACTIVITY_PATH, FEED_PAGE_SIZE } from "./home-api";
import { readHomeState, resetHomeState } from "./home-state";
import { activityFeed, buildActivityItem as item, uuid } from "./testing";

// A Wednesday afternoon (UTC); only Date is faked, timers run for real.
const NOW = "2025-03-12T15:00:00.000Z";

/** Answers the feed from `feeds` by tab, and presence with `online` online (the rest offline). */
function serveHome(
  feeds: Partial<Record<string, TActivityItem[]>>,
  options: { online?: string[]; failFeed?: () => boolean } = {},
) {
  server.use(
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

  it("opens on the States hub tab, whose tiles open the chosen marketplace in that state", async () => {
    serveHome({});
    const { user } = await renderApp({ path: "/home", auth: buildSignedInAuth() });
    const hub = main().getByRole("tablist", { name: "Hub" });
    expect(within(hub).getByRole("tab", { name: "States" }).getAttribute("aria-selected")).toBe(
      "true",
    );
    const alabama = main().getByRole("link", { name: "Alabama (featured)" });
    expect(alabama.getAttribute("href")).toBe("/facilities/marketplace?states=Alabama");

    await user.click(main().getByRole("button", { name: "Events" }));
    expect(main().getByRole("link", { name: "Alabama (featured)" }).getAttribute("href")).toBe(
      "/events/marketplace?states=Alabama",
    );
    // Remembered for the next visit, with the tab.
    await user.click(within(hub).getByRole("tab", { name: "Sports" }));
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
