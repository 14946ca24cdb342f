import { screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { noSearchResults } from "../../features/marketplace/testing";
import { notificationsHandlers } from "../../features/notifications/testing";
import { setAccessTokenGetter, setUnauthorizedHandler } from "../../lib/api";
import { SIGN_IN_UNAVAILABLE } from "../../lib/auth";
import { readMaintenanceMode } from "../../lib/maintenance-mode";
import {
  buildProfile,
  buildSignedInAuth,
  buildSignedOutAuth,
  buildUser,
} from "../../test/factories";
import { clientConfigHandler, errorReply, sent, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";

// The pages these tests pass through (a marketplace, the notifications) find nothing.
beforeEach(() => {
  server.use(noSearchResults(), ...notificationsHandlers([]));
});

/** A deployment's own site, as MARKETING_SITE_URL names it. */
const SITE = "https://www.sportsvenues.example";

function topBar() {
  return within(screen.getByRole("navigation", { name: "Main" }));
}

async function openMenu(user: Awaited<ReturnType<typeof renderApp>>["user"], name: string) {
  await user.click(topBar().getByRole("button", { name }));
  return within(await screen.findByRole("menu"));
}

function menuItemNames(menu: ReturnType<typeof within>) {
  return menu
    .getAllByRole("menuitem")
    .map((item: HTMLElement) => item.getAttribute("aria-label") ?? item.textContent);
}

describe("top bar, signed out", () => {
  it("offers Log in, Sign up and Find new event host, and no member items", async () => {
    await renderApp({ path: "/" });
    const bar = topBar();
    expect(bar.getByRole("link", { name: "Hostfield" }).getAttribute("href")).toBe("/");
    expect(bar.getByRole("button", { name: "Log in" })).toBeTruthy();
    expect(bar.getByRole("button", { name: "Sign up" })).toBeTruthy();
    expect(bar.getByRole("link", { name: "Find new event host" }).getAttribute("href")).toBe(
      "/destinations/marketplace",
    );
    // The theme controls are a member's (spec: they show only when logged in).
    expect(bar.queryByRole("button", { name: "Toggle colour theme" })).toBeNull();
    expect(bar.queryByRole("link", { name: "Home" })).toBeNull();
    expect(bar.queryByRole("link", { name: /Notifications/ })).toBeNull();
    expect(bar.queryByRole("button", { name: "How it works" })).toBeNull();
  });

  it("says sign-in is unavailable when the client configuration cannot load, and lets Log in retry", async () => {
    server.use(
      http.get("/api/client-config", () => errorReply(503, "SERVICE_UNAVAILABLE", "Down.")),
    );
    const { user } = await renderApp({ path: "/" });
    expect(await screen.findByText(SIGN_IN_UNAVAILABLE)).toBeTruthy();
    const logIn = topBar().getByRole("button", { name: "Log in" });
    await waitFor(() => expect(logIn.hasAttribute("disabled")).toBe(false));
    expect(topBar().queryByRole("button", { name: "Open menu" })).toBeNull();

    await user.click(logIn);
    const configCalls = () => sent.to("/api/client-config");
    await waitFor(() => expect(configCalls()).toHaveLength(2));
    expect(topBar().getByRole("button", { name: "Sign up" }).hasAttribute("disabled")).toBe(false);
  });

  it("disables the guest actions while authentication is loading", async () => {
    await renderApp({ auth: buildSignedOutAuth({ isLoading: true }) });
    const bar = topBar();
    expect(bar.getByRole("button", { name: "Log in" }).hasAttribute("disabled")).toBe(true);
    expect(bar.getByRole("button", { name: "Sign up" }).hasAttribute("disabled")).toBe(true);
    expect(
      bar.getByRole("link", { name: "Find new event host" }).getAttribute("aria-disabled"),
    ).toBe("true");
  });

  it("disables the guest actions when signed in but the profile is missing", async () => {
    await renderApp({ auth: buildSignedInAuth({ profile: null }) });
    const bar = topBar();
    expect(bar.getByRole("button", { name: "Log in" }).hasAttribute("disabled")).toBe(true);
    expect(bar.queryByRole("button", { name: "Open menu" })).toBeNull();
  });

  it("passes /home as the return path when logging in from the landing page", async () => {
    const auth = buildSignedOutAuth();
    const { user } = await renderApp({ path: "/", auth });
    await user.click(topBar().getByRole("button", { name: "Log in" }));
    expect(auth.login).toHaveBeenCalledWith({ returnTo: "/home" });
  });

  it("folds everything into the 'Open menu' button on a 375 px screen", async () => {
    const auth = buildSignedOutAuth();
    const { user } = await renderApp({ path: "/events/marketplace", auth, width: 375 });
    await screen.findByRole("heading", { level: 1, name: "Events" });
    expect(topBar().queryByRole("button", { name: "Log in" })).toBeNull();

    const menu = await openMenu(user, "Open menu");
    expect(menuItemNames(menu)).toEqual(["Log in", "Sign up", "Find new event host"]);
    await user.click(menu.getByRole("menuitem", { name: "Sign up" }));
    expect(auth.signup).toHaveBeenCalledWith({ returnTo: "/events/marketplace" });
  });
});

describe("Search dropdown", () => {
  it("lists the five marketplaces with title and description, then the stories", async () => {
    const { user } = await renderApp({ path: "/" });
    const menu = await openMenu(user, "Search");
    const items = menu.getAllByRole("menuitem");
    expect(items.map((item) => [item.textContent, item.getAttribute("href")])).toEqual([
      ["Events Look for new events", "/events/marketplace"],
      ["Event Organizations Follow new event organizers", "/organizations/directory"],
      ["Facilities Explore facilities across the country", "/facilities/marketplace"],
      ["Destinations Find a destination to host your event", "/destinations/marketplace"],
      [
        "Attractions & Things to Do Best places to eat and play near events",
        "/businesses/marketplace",
      ],
      ["Stories How destinations and venues host events", "/stories"],
    ]);
    // Each item is named by all it shows, its title first (axe: label-content-name-mismatch).
    expect(
      menu.getByRole("menuitem", { name: "Facilities Explore facilities across the country" }),
    ).toBe(items[2]);
    expect(items[2]?.getAttribute("aria-labelledby")).toBeNull();
  });

  it("marks the current marketplace", async () => {
    const { user } = await renderApp({ path: "/events/marketplace" });
    const menu = await openMenu(user, "Search");
    expect(menu.getByRole("menuitem", { name: /^Events / }).getAttribute("aria-current")).toBe(
      "page",
    );
  });

  it("does not mark a marketplace whose path merely starts the same as the address", async () => {
    const { user } = await renderApp({ path: "/events/marketplaces" });
    const menu = await openMenu(user, "Search");
    expect(
      menu.getByRole("menuitem", { name: /^Events / }).getAttribute("aria-current"),
    ).toBeNull();
  });

  it("navigates to the chosen marketplace and closes", async () => {
    const { user, router } = await renderApp({ path: "/" });
    const menu = await openMenu(user, "Search");
    await user.click(menu.getByRole("menuitem", { name: /^Attractions & Things to Do / }));
    expect(
      await screen.findByRole("heading", { level: 1, name: "Attractions & Things to Do" }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe("/businesses/marketplace");
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
  });

  it("closes when the route changes by other means (back button)", async () => {
    const { user, router } = await renderApp({ path: "/" });
    await screen.findByRole("heading", { level: 1 });
    await router.navigate("/events/marketplace");
    await screen.findByRole("heading", { level: 1, name: "Events" });
    await openMenu(user, "Search");
    await router.navigate(-1);
    await screen.findByRole("heading", { level: 1, name: "Your sports event starts here" });
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
  });
});

describe("top bar, signed in", () => {
  it("shows Home, Notifications, Messaging, How it works, the theme toggle and the Me menu", async () => {
    await renderApp({ path: "/", auth: buildSignedInAuth() });
    const bar = topBar();
    // Members' actions load on their own (a visitor's page does not carry them).
    expect((await bar.findByRole("link", { name: "Home" })).getAttribute("href")).toBe("/home");
    expect(bar.getByRole("link", { name: "Notifications" }).getAttribute("href")).toBe(
      "/notifications",
    );
    expect(bar.getByRole("link", { name: "Messaging" }).getAttribute("href")).toBe("/groups");
    expect(bar.getByRole("button", { name: "How it works" })).toBeTruthy();
    expect(bar.getByRole("button", { name: "Toggle colour theme" })).toBeTruthy();
    expect(bar.getByRole("button", { name: "Open menu" })).toBeTruthy();
    expect(bar.queryByRole("button", { name: "Log in" })).toBeNull();
    expect(bar.queryByRole("link", { name: "Find new event host" })).toBeNull();
  });

  it("caps the unopened-notifications badge at 99+", async () => {
    await renderApp({
      auth: buildSignedInAuth({ profile: buildProfile({ unopenedNotifications: 150 }) }),
    });
    const link = topBar().getByRole("link", { name: "99+ unopened notifications" });
    expect(within(link).getByText("99+")).toBeTruthy();
  });

  it("names the bell with the count it shows first, so its name contains what is seen", async () => {
    await renderApp({
      auth: buildSignedInAuth({ profile: buildProfile({ unopenedNotifications: 1 }) }),
    });
    const link = topBar().getByRole("link", { name: /notification/i });
    const name = link.getAttribute("aria-label") ?? "";
    expect(name.startsWith(link.textContent ?? "-")).toBe(true);
    expect(name).toBe("1 unopened notification");
  });

  it("shows the exact count below the cap and a dot for unread messages", async () => {
    await renderApp({
      auth: buildSignedInAuth({
        profile: buildProfile({ unopenedNotifications: 7, unreadMessages: 2 }),
      }),
    });
    const bar = topBar();
    expect(
      within(bar.getByRole("link", { name: "7 unopened notifications" })).getByText("7"),
    ).toBeTruthy();
    const messaging = bar.getByRole("link", { name: "Messaging (unread messages)" });
    expect(messaging.querySelector(".MuiBadge-dot:not(.MuiBadge-invisible)")).not.toBeNull();
  });

  it("highlights Notifications on its own pages", async () => {
    await renderApp({ path: "/notifications", auth: buildSignedInAuth() });
    await screen.findByRole("heading", { level: 1, name: "Notifications" });
    expect(topBar().getByRole("link", { name: "Notifications" }).getAttribute("aria-current")).toBe(
      "page",
    );
    expect(topBar().getByRole("link", { name: "Messaging" }).hasAttribute("aria-current")).toBe(
      false,
    );
  });

  it("How it works opens the app's own help and How it works pages when the server names no site", async () => {
    server.use(clientConfigHandler(null, { marketingUrl: null, supportEmail: null }));
    const { user } = await renderApp({ auth: buildSignedInAuth() });
    const menu = await openMenu(user, "How it works");
    await waitFor(() => expect(sent.to("/api/client-config")).toHaveLength(1));
    const items = menu.getAllByRole("menuitem");
    expect(items.map((item) => [item.textContent, item.getAttribute("href")])).toEqual([
      ["Help Center", "/help"],
      ["Destinations", "/how-it-works#destinations"],
      ["Facilities", "/how-it-works#facilities"],
      ["Event Organizers", "/how-it-works#event-organizers"],
      ["Vendors", "/how-it-works#vendors"],
      ["Mobile", "/how-it-works#mobile"],
    ]);
    // Pages of the app: they open in this tab.
    for (const item of items) expect(item.hasAttribute("target")).toBe(false);

    await user.click(menu.getByRole("menuitem", { name: "Facilities" }));
    expect(
      await screen.findByRole("heading", { level: 1, name: "How it works" }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByRole("region", { name: "For facilities" }).id).toBe("facilities");
  });

  it("How it works opens the deployment's own site in a new tab when the server names one", async () => {
    server.use(clientConfigHandler(null, { marketingUrl: SITE, supportEmail: null }));
    const { user } = await renderApp({ auth: buildSignedInAuth() });
    const menu = await openMenu(user, "How it works");
    await waitFor(() =>
      expect(menu.getByRole("menuitem", { name: /^Help Center/ }).getAttribute("href")).toBe(
        `${SITE}/help`,
      ),
    );
    const items = menu.getAllByRole("menuitem");
    expect(items.map((item) => [item.textContent, item.getAttribute("href")])).toEqual([
      ["Help Center (opens in a new tab)", `${SITE}/help`],
      ["Destinations (opens in a new tab)", `${SITE}/destinations`],
      ["Facilities (opens in a new tab)", `${SITE}/facilities`],
      ["Event Organizers (opens in a new tab)", `${SITE}/event-organizers`],
      ["Vendors (opens in a new tab)", `${SITE}/industry-partners`],
      ["Mobile (opens in a new tab)", `${SITE}/mobile`],
    ]);
    for (const item of items) {
      expect(item.getAttribute("target")).toBe("_blank");
      expect(item.getAttribute("rel")).toContain("noopener");
    }
  });

  it("asks where the links go only on the way to a menu, not with every page", async () => {
    server.use(clientConfigHandler(null, { marketingUrl: SITE, supportEmail: null }));
    const { user } = await renderApp({ auth: buildSignedInAuth() });
    expect(sent.to("/api/client-config")).toHaveLength(0);
    await user.hover(topBar().getByRole("button", { name: "Open menu" }));
    await waitFor(() => expect(sent.to("/api/client-config")).toHaveLength(1));
    const menu = await openMenu(user, "Open menu");
    expect(menu.getByRole("menuitem", { name: /^Contact/ }).getAttribute("href")).toBe(
      `${SITE}/contact`,
    );
    // One answer for every menu.
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
    const how = await openMenu(user, "How it works");
    expect(how.getByRole("menuitem", { name: /^Mobile/ }).getAttribute("href")).toBe(
      `${SITE}/mobile`,
    );
    expect(sent.to("/api/client-config")).toHaveLength(1);
  });

  it("Me menu: address, My account, Help, Contact and Sign out; no Admin for members", async () => {
    const auth = buildSignedInAuth();
    const { user } = await renderApp({ auth });
    const menu = await openMenu(user, "Open menu");
    expect(menu.getByText("jordan.lee@riverside-sports.example")).toBeTruthy();
    expect(menu.getByRole("menuitem", { name: "My account" }).getAttribute("href")).toBe(
      "/account",
    );
    expect(menu.getByRole("menuitem", { name: "Help" }).getAttribute("href")).toBe("/help");
    expect(menu.getByRole("menuitem", { name: "Contact" }).getAttribute("href")).toBe("/contact");
    expect(menu.queryByRole("menuitem", { name: "Admin" })).toBeNull();
    // Wide screens keep these in the bar, not in the menu.
    expect(menu.queryByRole("menuitem", { name: /Notifications/ })).toBeNull();
    expect(menu.queryByRole("menuitem", { name: /Colour theme/ })).toBeNull();

    const items = menu.getAllByRole("menuitem");
    expect(items.at(-1)?.textContent).toBe("Sign out");
    await user.click(menu.getByRole("menuitem", { name: "Sign out" }));
    expect(auth.logout).toHaveBeenCalledTimes(1);
  });

  it("Me menu shows Admin to admins only", async () => {
    const { user } = await renderApp({
      auth: buildSignedInAuth({ user: buildUser({ roles: ["admin"] }), isAdmin: true }),
    });
    const menu = await openMenu(user, "Open menu");
    expect(menu.getByRole("menuitem", { name: "Admin" }).getAttribute("href")).toBe("/admin");
  });

  it("on small screens without news the 'Open menu' button has no news description", async () => {
    await renderApp({ width: 375, auth: buildSignedInAuth() });
    const button = topBar().getByRole("button", { name: "Open menu" });
    expect(button.getAttribute("aria-describedby")).toBeNull();
    expect(screen.queryByText("New notifications or messages")).toBeNull();
  });

  it("on small screens the Me menu also holds Notifications, Messaging and Colour theme", async () => {
    const { user } = await renderApp({
      width: 375,
      auth: buildSignedInAuth({
        profile: buildProfile({ unopenedNotifications: 120, unreadMessages: 1 }),
      }),
    });
    const bar = topBar();
    expect(bar.queryByRole("link", { name: "Home" })).toBeNull();
    expect(bar.queryByRole("link", { name: /Notifications/ })).toBeNull();
    expect(bar.queryByRole("button", { name: "How it works" })).toBeNull();
    // The avatar's dot is the only sign of news here: the button says it too, keeping its name.
    expect(
      bar.getByRole("button", { name: "Open menu" }).getAttribute("aria-describedby"),
    ).toBeTruthy();
    expect(
      bar.getByRole("button", { name: "Open menu", description: "New notifications or messages" }),
    ).toBeTruthy();

    const menu = await openMenu(user, "Open menu");
    expect(menu.getByRole("menuitem", { name: "Home" }).getAttribute("href")).toBe("/home");
    const notifications = menu.getByRole("menuitem", { name: "99+ unopened notifications" });
    expect(notifications.getAttribute("href")).toBe("/notifications");
    expect(within(notifications).getByText("99+")).toBeTruthy();
    expect(menu.getByRole("menuitem", { name: "Messaging (unread messages)" })).toBeTruthy();
    expect(menu.getByRole("menuitem", { name: "Colour theme: System" })).toBeTruthy();
    expect(menu.getByRole("menuitem", { name: "Event Organizers" }).getAttribute("href")).toBe(
      "/how-it-works#event-organizers",
    );
    expect(menu.getAllByRole("menuitem").at(-1)?.textContent).toBe("Sign out");
  });

  it("closes the Me menu after choosing a page", async () => {
    const { user, router } = await renderApp({ auth: buildSignedInAuth() });
    const menu = await openMenu(user, "Open menu");
    await user.click(menu.getByRole("menuitem", { name: "My account" }));
    // The account page's code loads cold here; give it the same time renderApp gives a first page.
    expect(
      await screen.findByRole("heading", { level: 1, name: "My account" }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe("/account");
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
  });
});

describe("Maintenance Alert", () => {
  function serveStatus(maintenanceMode: boolean) {
    server.use(http.get("/status.json", () => HttpResponse.json({ maintenanceMode })));
  }
  const statusCalls = () => sent.to("/status.json");

  it("links to /home when signed in and the status document says maintenance", async () => {
    serveStatus(true);
    await renderApp({ auth: buildSignedInAuth() });
    const chip = await screen.findByRole("link", { name: "Maintenance Alert" });
    expect(chip.getAttribute("href")).toBe("/home");
    const url = statusCalls()[0]?.url;
    expect(`${url?.pathname}${url?.search}`).toMatch(
      /^\/status\.json\?timestamp=\d+&api-version=1\.0$/,
    );
  });

  it("reads the public status document without the token, in its {data} envelope too", async () => {
    server.use(
      http.get("/status.json", () => HttpResponse.json({ data: { maintenanceMode: true } })),
    );
    setAccessTokenGetter(() => "token-1");
    try {
      await renderApp({ auth: buildSignedInAuth() });
      expect(await screen.findByRole("link", { name: "Maintenance Alert" })).toBeTruthy();
      expect(statusCalls()[0]?.headers.authorization).toBeUndefined();
    } finally {
      setAccessTokenGetter(null);
    }
  });

  it("a refused status document does not renew or end the session", async () => {
    server.use(http.get("/status.json", () => errorReply(401, "UNAUTHORIZED", "No.")));
    const handler = { renew: vi.fn(async () => true), expired: vi.fn() };
    setAccessTokenGetter(() => "token-1");
    setUnauthorizedHandler(handler);
    try {
      await renderApp({ auth: buildSignedInAuth() });
      await waitFor(() => expect(statusCalls().length).toBeGreaterThan(0));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(handler.renew).not.toHaveBeenCalled();
      expect(handler.expired).not.toHaveBeenCalled();
      expect(screen.queryByRole("link", { name: "Maintenance Alert" })).toBeNull();
    } finally {
      setAccessTokenGetter(null);
      setUnauthorizedHandler(null);
    }
  });

  it.each([
    [{ maintenanceMode: true }, true],
    [{ data: { maintenanceMode: true } }, true],
    [{ data: { maintenanceMode: "yes" } }, false],
    [[{ maintenanceMode: true }], false],
    [null, false],
  ])("reads the status document %j as maintenance = %s", (json, expected) => {
    expect(readMaintenanceMode(json)).toBe(expected);
  });

  it("stays hidden when maintenance is off", async () => {
    serveStatus(false);
    await renderApp({ auth: buildSignedInAuth() });
    await waitFor(() => expect(statusCalls().length).toBeGreaterThan(0));
    await screen.findByRole("heading", { level: 1 });
    expect(screen.queryByRole("link", { name: "Maintenance Alert" })).toBeNull();
  });

  it("is not even asked for when signed out", async () => {
    serveStatus(true);
    await renderApp({ path: "/", auth: buildSignedOutAuth() });
    await screen.findByRole("heading", { level: 1 });
    expect(statusCalls()).toHaveLength(0);
    expect(screen.queryByRole("link", { name: "Maintenance Alert" })).toBeNull();
  });
});
