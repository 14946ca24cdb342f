import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { approvalQueue } from "../features/admin/testing";
import { EMPTY_MARKETPLACE_TEXT } from "../features/marketplace";
import { noSearchResults } from "../features/marketplace/testing";
import { notificationsHandlers } from "../features/notifications/testing";
import { SIGN_IN_UNAVAILABLE } from "../lib/auth";
import { buildSignedInAuth, buildSignedOutAuth, buildUser } from "../test/factories";
import { server } from "../test/msw";
import { renderApp } from "../test/render-app";

function h1() {
  return screen.getByRole("heading", { level: 1 });
}

describe("routes and titles", () => {
  it("/ is the landing page with the default title and the five marketplaces", async () => {
    await renderApp({ path: "/" });
    expect(h1().textContent).toBe("Your sports event starts here");
    expect(document.title).toBe("Your sports event starts here | Hostfield");
    const section = within(screen.getByRole("region", { name: "Explore the marketplaces" }));
    expect(section.getAllByRole("link").map((link) => link.getAttribute("href"))).toEqual([
      "/events/marketplace",
      "/organizations/directory",
      "/facilities/marketplace",
      "/destinations/marketplace",
      "/businesses/marketplace",
    ]);
  });

  it.each([
    ["/events/marketplace", "Events", "Look for new events"],
    ["/organizations/directory", "Event Organizations", "Follow new event organizers"],
    ["/facilities/marketplace", "Facilities", "Explore facilities across the country"],
    ["/destinations/marketplace", "Destinations", "Find a destination to host your event"],
    [
      "/businesses/marketplace",
      "Attractions & Things to Do",
      "Best places to eat and play near events",
    ],
  ])("%s shows its marketplace with an honest empty state", async (path, title, description) => {
    server.use(noSearchResults());
    await renderApp({ path });
    expect(h1().textContent).toBe(title);
    expect(document.title).toBe(`${title} | Hostfield`);
    expect(screen.getByText(description)).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole("status").textContent).toContain(EMPTY_MARKETPLACE_TEXT),
    );
  });

  it.each([
    ["/home", "Home", "Sign in to see your home page"],
    ["/account", "My account", "Sign in to see your account"],
    ["/admin", "Administration", "Sign in to see the admin area"],
    ["/notifications", "Notifications", "Sign in to see your notifications"],
    ["/groups", "Messaging", "Sign in to see your messages"],
  ])(
    "%s asks signed-out visitors to sign in and returns them there",
    async (path, title, prompt) => {
      const auth = buildSignedOutAuth();
      const { user } = await renderApp({ path, auth });
      expect(h1().textContent).toBe(title);
      expect(document.title).toBe(`${title} | Hostfield`);
      const main = within(screen.getByRole("main"));
      expect(main.getByRole("heading", { name: prompt })).toBeTruthy();
      await user.click(main.getByRole("button", { name: "Log in" }));
      expect(auth.login).toHaveBeenCalledWith({ returnTo: path });
      await user.click(main.getByRole("button", { name: "Sign up" }));
      expect(auth.signup).toHaveBeenCalledWith({ returnTo: path });
    },
  );

  it("the real provider is honestly signed out when sign-in is unavailable", async () => {
    await renderApp({ path: "/account" });
    expect(await screen.findByText(SIGN_IN_UNAVAILABLE)).toBeTruthy();
    const main = within(screen.getByRole("main"));
    expect(await main.findByRole("heading", { name: "Sign in to see your account" })).toBeTruthy();
  });

  it("a signed-in member whose profile failed to load gets a retry, not a sign-in prompt", async () => {
    const auth = buildSignedInAuth({ profile: null, profileError: new Error("Bad gateway") });
    const { user } = await renderApp({ path: "/account", auth });
    const main = within(screen.getByRole("main"));
    expect(main.getByRole("heading", { name: "Your profile did not load" })).toBeTruthy();
    expect(main.queryByRole("button", { name: "Log in" })).toBeNull();
    await user.click(main.getByRole("button", { name: "Try again" }));
    expect(auth.reloadProfile).toHaveBeenCalledTimes(1);
  });

  it("/auth/callback says it is signing the user in", async () => {
    await renderApp({ path: "/auth/callback", auth: buildSignedOutAuth({ isLoading: true }) });
    expect(screen.getByRole("status").textContent).toContain("Signing you in…");
  });

  it("/auth/callback shows why sign-in failed, with a way back, instead of waiting forever", async () => {
    const { user, router } = await renderApp({
      path: "/auth/callback",
      auth: buildSignedOutAuth({
        error: { code: "unavailable", message: SIGN_IN_UNAVAILABLE, verifyEmail: false },
      }),
    });
    const main = within(screen.getByRole("main"));
    expect(main.queryByText("Signing you in…")).toBeNull();
    expect(main.getByRole("alert").textContent).toContain(SIGN_IN_UNAVAILABLE);
    await user.click(main.getByRole("link", { name: "Back to the start page" }));
    expect(router.state.location.pathname).toBe("/");
  });

  it("/admin tells signed-in members who are not admins that it is for admins only", async () => {
    await renderApp({ path: "/admin", auth: buildSignedInAuth() });
    const main = within(screen.getByRole("main"));
    expect(main.getByRole("heading", { name: "Admins only" })).toBeTruthy();
    expect(main.queryByRole("heading", { name: "Nothing waiting for review" })).toBeNull();
  });

  it("/admin opens for admins", async () => {
    server.use(...approvalQueue([]));
    await renderApp({
      path: "/admin",
      auth: buildSignedInAuth({ user: buildUser({ roles: ["admin"] }), isAdmin: true }),
    });
    const main = within(screen.getByRole("main"));
    expect(await main.findByRole("heading", { name: "Nothing waiting for review" })).toBeTruthy();
    expect(main.queryByRole("heading", { name: "Admins only" })).toBeNull();
  });

  it("signed-in members see their pages, not the sign-in prompt", async () => {
    server.use(...notificationsHandlers([]));
    await renderApp({ path: "/notifications", auth: buildSignedInAuth() });
    const main = within(screen.getByRole("main"));
    expect(await main.findByRole("heading", { name: "No notifications yet" })).toBeTruthy();
    expect(main.queryByRole("button", { name: "Log in" })).toBeNull();
  });

  it("unknown addresses get a 404 page inside the shell", async () => {
    const { user, router } = await renderApp({ path: "/stadiums/nowhere" });
    expect(h1().textContent).toBe("Page not found");
    expect(document.title).toBe("Page not found | Hostfield");
    expect(screen.getByRole("navigation", { name: "Main" })).toBeTruthy();
    await user.click(screen.getByRole("link", { name: "Back to the start" }));
    expect(
      await screen.findByRole("heading", { level: 1, name: "Your sports event starts here" }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe("/");
  });
});
