// The OIDC-backed provider end to end inside the app: oidc-client-ts is replaced at its module
// boundary, the API answered by MSW. Rules quoted are spec §4 and §8.
import { ZUserProfile } from "@hostfield/domain/contracts";
import {
  NAVBAR,
  POPUP,
  POST_LOGIN_REDIRECT_DELAY_MS,
  TOKEN_REFRESH_MS,
} from "@hostfield/domain/reference";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { StrictMode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { appRoutes } from "../../app/routes";
import { activityFeed, homeSummary } from "../../features/home/testing";
import { noSearchResults } from "../../features/marketplace/testing";
import { buildProfile } from "../../test/factories";
import {
  buildOidcUser,
  type FakeUserManager,
  fakeOidc,
  keepStoredUser,
  oidcErrorResponse,
} from "../../test/fake-oidc";
import { clientConfigHandler, dataReply, errorReply, sent, server } from "../../test/msw";
import { renderApp, TestProviders } from "../../test/render-app";
import { AUTH_ERROR_MESSAGES } from "./auth-errors";
import { routerNavigator } from "./auth-navigator";
import {
  POPUP_BLOCKED,
  preloadSignIn,
  SESSION_EXPIRED,
  SIGN_IN_UNAVAILABLE,
} from "./auth-provider";
import { MY_PROFILE_PATH } from "./my-profile";
import { connectEarly } from "./oidc";
import { hasSessionHint, setSessionHint } from "./session-hint";

vi.mock("oidc-client-ts", async () => (await import("../../test/fake-oidc")).fakeOidcModule);

const ORIGIN = window.location.origin;

function topBar() {
  return within(screen.getByRole("navigation", { name: "Main" }));
}

/**
 * The API as the contract describes it: client config, and the profile for a request with a
 * token (or as `profileReply` says).
 */
function serveAuth(options: { profileReply?: (request: Request) => Response } = {}) {
  server.use(
    clientConfigHandler(),
    http.get(MY_PROFILE_PATH, ({ request }) => {
      if (options.profileReply) return options.profileReply(request);
      if (!request.headers.get("authorization")) return HttpResponse.json({}, { status: 401 });
      return dataReply(ZUserProfile, buildProfile());
    }),
  );
}

function shapeManager(shape: (manager: FakeUserManager) => void) {
  fakeOidc.onCreate = shape;
}

async function waitUntilSignedIn() {
  await waitFor(() => expect(topBar().getByRole("button", { name: "Open menu" })).toBeTruthy());
}

async function waitUntilSignedOut() {
  await waitFor(() =>
    expect(topBar().getByRole("button", { name: "Log in" }).hasAttribute("disabled")).toBe(false),
  );
}

beforeEach(() => {
  fakeOidc.reset();
  // The pages some of these tests open (a marketplace, the home page) find nothing.
  server.use(noSearchResults(), activityFeed({}), homeSummary());
});
afterEach(() => vi.useRealTimers());

describe("start-up (spec §4)", () => {
  it("fetches the client configuration first and builds the client from it", async () => {
    serveAuth();
    setSessionHint();
    await renderApp({ path: "/" });
    await waitUntilSignedOut();
    // The landing page's own content (its facility count) is not sign-in's: left out.
    const signIn = sent.all().filter((call) => !call.path.endsWith("/facilities/search"));
    expect(signIn[0]?.path).toBe("/api/client-config");
    expect(signIn[0]?.url.searchParams.get("api-version")).toBe("1.0");
    expect(fakeOidc.managers).toHaveLength(1);
    expect(fakeOidc.last().settings).toMatchObject({
      authority: "http://localhost:3000/oidc",
      client_id: "hostfield-web",
      scope: "openid profile email offline_access",
      response_type: "code",
      response_mode: "query",
      redirect_uri: `${ORIGIN}/auth/callback`,
      popup_redirect_uri: `${ORIGIN}/auth/popup`,
      silent_redirect_uri: `${ORIGIN}/auth/silent`,
      post_logout_redirect_uri: `${ORIGIN}/`,
      automaticSilentRenew: true,
      popupWindowFeatures: { width: POPUP.width, height: POPUP.height },
      extraQueryParams: { audience: "http://localhost:3000/api" },
    });
  });

  it("'if the address carries a code plus state, the redirect callback is processed' and the address is replaced by the return path", async () => {
    serveAuth();
    shapeManager((manager) => {
      manager.signinRedirectCallback.mockResolvedValue(
        buildOidcUser({ returnTo: "/facilities/marketplace?sport=Soccer" }),
      );
    });
    const { router } = await renderApp({ path: "/auth/callback?code=abc&state=s-1" });
    await waitFor(() => expect(router.state.location.pathname).toBe("/facilities/marketplace"));
    expect(router.state.location.search).toBe("?sport=Soccer");
    expect(router.state.historyAction).toBe("REPLACE");
    const manager = fakeOidc.last();
    expect(manager.signinRedirectCallback).toHaveBeenCalledWith(
      `${ORIGIN}/auth/callback?code=abc&state=s-1`,
    );
    expect(manager.signinSilent).not.toHaveBeenCalled();
    await waitUntilSignedIn();
    expect(hasSessionHint()).toBe(true);
  });

  it("handles the callback once even when React's strict mode runs effects twice", async () => {
    serveAuth();
    const router = createMemoryRouter(appRoutes, {
      initialEntries: ["/auth/callback?code=abc&state=s-1"],
    });
    render(
      <StrictMode>
        <TestProviders navigator={routerNavigator(router)}>
          <RouterProvider router={router} />
        </TestProviders>
      </StrictMode>,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    await waitUntilSignedIn();
    expect(fakeOidc.managers).toHaveLength(1);
    expect(fakeOidc.last().signinRedirectCallback).toHaveBeenCalledTimes(1);
  });

  it("without a return path it replaces the address by the current path without the callback parameters", async () => {
    serveAuth();
    const { router } = await renderApp({ path: "/events/marketplace?code=abc&state=s-1&page=2" });
    await waitFor(() => expect(router.state.location.search).toBe("?page=2"));
    expect(router.state.location.pathname).toBe("/events/marketplace");
    expect(fakeOidc.last().signinRedirectCallback).toHaveBeenCalledTimes(1);
  });

  it("an error reply with state is processed too; 'Invalid state' when no transaction is stored", async () => {
    serveAuth();
    shapeManager((manager) => {
      manager.signinRedirectCallback.mockRejectedValue(
        new Error("No matching state found in storage"),
      );
    });
    const { router } = await renderApp({ path: "/auth/callback?error=access_denied&state=gone" });
    expect(await screen.findByText(AUTH_ERROR_MESSAGES.invalidState)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    await waitUntilSignedOut();
  });

  it.each([
    ["the client configuration cannot be had", "config"],
    ["the sign-in library cannot be loaded", "library"],
  ])(
    "when %s on a callback, it leaves the callback address and says sign-in is unavailable",
    async (_case, failure) => {
      server.use(
        failure === "config"
          ? http.get("/api/client-config", () => HttpResponse.json({}, { status: 500 }))
          : clientConfigHandler(),
      );
      if (failure === "library")
        fakeOidc.onCreate = () => {
          throw new Error("Failed to fetch dynamically imported module");
        };
      const { router } = await renderApp({ path: "/auth/callback?code=abc&state=s-1" });
      await waitFor(() => expect(router.state.location.pathname).toBe("/"));
      expect(router.state.location.search).toBe("");
      expect(router.state.historyAction).toBe("REPLACE");
      expect(await screen.findByText(SIGN_IN_UNAVAILABLE)).toBeTruthy();
      expect(screen.queryByText("Signing you in…")).toBeNull();
    },
  );

  it("'otherwise a silent session check runs'; login_required just means signed out", async () => {
    serveAuth();
    setSessionHint();
    let answer: (error: Error) => void = () => {};
    shapeManager((manager) => {
      manager.signinSilent.mockReturnValue(
        new Promise((_resolve, reject) => {
          answer = reject;
        }),
      );
    });
    const { router } = await renderApp({ path: "/events/marketplace" });
    // 'Initial auth state is not authenticated and loading': the guest actions wait (spec §2).
    await waitFor(() => expect(fakeOidc.last().signinSilent).toHaveBeenCalled());
    expect(topBar().getByRole("button", { name: "Log in" }).hasAttribute("disabled")).toBe(true);
    act(() => answer(oidcErrorResponse("login_required")));
    await waitUntilSignedOut();
    const manager = fakeOidc.last();
    expect(manager.signinSilent).toHaveBeenCalledTimes(1);
    expect(manager.signinRedirectCallback).not.toHaveBeenCalled();
    expect(manager.removeUser).toHaveBeenCalled();
    expect(hasSessionHint()).toBe(false);
    expect(router.state.location.pathname).toBe("/events/marketplace");
    // Not a failure worth a word.
    expect(screen.queryByText(AUTH_ERROR_MESSAGES.loginFailed)).toBeNull();
  });

  it("the silent check signs the user in and the profile is fetched with the bearer token", async () => {
    serveAuth();
    setSessionHint();
    shapeManager((manager) => {
      manager.signinSilent.mockResolvedValue(buildOidcUser({ access_token: "silent-token" }));
    });
    await renderApp({ path: "/" });
    await waitUntilSignedIn();
    expect(sent.to(MY_PROFILE_PATH)[0]?.headers.authorization).toBe("Bearer silent-token");
  });

  it("a stored token that is still good is used without asking the provider", async () => {
    serveAuth();
    keepStoredUser();
    shapeManager((manager) => {
      manager.getUser.mockResolvedValue(buildOidcUser());
    });
    await renderApp({ path: "/" });
    await waitUntilSignedIn();
    expect(fakeOidc.last().signinSilent).not.toHaveBeenCalled();
  });

  it("starts signed in as the session the page load found stored, before its own check answers", async () => {
    serveAuth();
    setSessionHint();
    const checked = vi.fn();
    shapeManager((manager) => {
      // The page load's look (connectEarly) finds the session; the provider's own check would
      // never answer.
      manager.getUser
        .mockResolvedValueOnce(buildOidcUser({ access_token: "stored-token" }))
        .mockImplementation(() => {
          checked();
          return new Promise(() => undefined);
        });
    });
    await connectEarly({ pathname: "/", search: "" });
    await renderApp({ path: "/" });
    await waitUntilSignedIn();
    expect(checked).toHaveBeenCalledTimes(1);
    // One client, the one the page load built.
    expect(fakeOidc.managers).toHaveLength(1);
    expect(sent.to(MY_PROFILE_PATH)[0]?.headers.authorization).toBe("Bearer stored-token");
  });

  it("loads no sign-in code in a browser where nobody signed in lately, until Log in", async () => {
    serveAuth();
    const { user } = await renderApp({ path: "/events/marketplace" });
    await waitUntilSignedOut();
    // The configuration only: no client built, so no library loaded and no hidden frame.
    expect(sent.to("/api/client-config")).toHaveLength(1);
    expect(fakeOidc.managers).toHaveLength(0);
    await user.click(topBar().getByRole("button", { name: "Log in" }));
    await waitUntilSignedIn();
    // Built from the configuration already fetched, for the popup the click asked for.
    expect(sent.to("/api/client-config")).toHaveLength(1);
    expect(fakeOidc.managers).toHaveLength(1);
    expect(fakeOidc.last().signinPopup).toHaveBeenCalledTimes(1);
    expect(fakeOidc.last().signinSilent).not.toHaveBeenCalled();
  });

  it("isAdmin comes from the roles claim", async () => {
    serveAuth();
    keepStoredUser();
    shapeManager((manager) => {
      manager.getUser.mockResolvedValue(buildOidcUser({ roles: ["admin"] }));
    });
    const { user } = await renderApp({ path: "/" });
    await waitUntilSignedIn();
    await user.click(topBar().getByRole("button", { name: "Open menu" }));
    const menu = within(await screen.findByRole("menu"));
    expect(menu.getByRole("menuitem", { name: "Admin" })).toBeTruthy();
  });

  it("isAdmin also comes from the profile's isAdmin", async () => {
    serveAuth({ profileReply: () => dataReply(ZUserProfile, buildProfile({ isAdmin: true })) });
    keepStoredUser();
    shapeManager((manager) => {
      manager.getUser.mockResolvedValue(buildOidcUser({ roles: [] }));
    });
    const { user } = await renderApp({ path: "/" });
    await waitUntilSignedIn();
    await user.click(topBar().getByRole("button", { name: "Open menu" }));
    const menu = within(await screen.findByRole("menu"));
    expect(menu.getByRole("menuitem", { name: "Admin" })).toBeTruthy();
  });

  it("shows the real user's counts in the top bar", async () => {
    serveAuth({
      profileReply: () =>
        dataReply(ZUserProfile, buildProfile({ unopenedNotifications: 4, unreadMessages: 1 })),
    });
    keepStoredUser();
    shapeManager((manager) => {
      manager.getUser.mockResolvedValue(buildOidcUser());
    });
    await renderApp({ path: "/" });
    await waitUntilSignedIn();
    expect(topBar().getByRole("link", { name: "4 unopened notifications" })).toBeTruthy();
    expect(topBar().getByRole("link", { name: "Messaging (unread messages)" })).toBeTruthy();
  });
});

describe("popup login (spec §4)", () => {
  it("asks for account selection in a 400 x 600 popup and, started on /, goes to /home 500 ms later", async () => {
    serveAuth();
    const { router } = await renderApp({ path: "/" });
    await waitUntilSignedOut();
    // The pointer on its way to the button loads the sign-in code (a visitor's page has none).
    fireEvent.pointerEnter(topBar().getByRole("button", { name: "Log in" }));
    await preloadSignIn();
    vi.useFakeTimers();
    fireEvent.click(topBar().getByRole("button", { name: "Log in" }));
    // The client is built from the configuration at hand: no time passes before the popup.
    await act(() => vi.advanceTimersByTimeAsync(0));
    const manager = fakeOidc.last();
    expect(manager.signinPopup).toHaveBeenCalledWith({
      prompt: "select_account",
      extraQueryParams: { audience: "http://localhost:3000/api" },
      state: { returnTo: "/home" },
      popupAbortOnClose: true,
    });
    await act(() => vi.advanceTimersByTimeAsync(POST_LOGIN_REDIRECT_DELAY_MS - 1));
    expect(router.state.navigation.state).toBe("idle");
    expect(router.state.location.pathname).toBe("/");
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(router.state.navigation.location?.pathname ?? router.state.location.pathname).toBe(
      "/home",
    );
    vi.useRealTimers();
    await waitFor(() => expect(router.state.location.pathname).toBe("/home"));
    await waitUntilSignedIn();
  });

  it("stays put after a popup login that started elsewhere", async () => {
    serveAuth();
    const { router } = await renderApp({ path: "/events/marketplace" });
    await waitUntilSignedOut();
    vi.useFakeTimers();
    fireEvent.click(topBar().getByRole("button", { name: "Log in" }));
    await act(() => vi.advanceTimersByTimeAsync(POST_LOGIN_REDIRECT_DELAY_MS * 2));
    expect(router.state.location.pathname).toBe("/events/marketplace");
  });

  it("signs up with the same request plus screen_hint=signup", async () => {
    serveAuth();
    const { user } = await renderApp({ path: "/events/marketplace" });
    await waitUntilSignedOut();
    await user.click(topBar().getByRole("button", { name: "Sign up" }));
    expect(fakeOidc.last().signinPopup).toHaveBeenCalledWith(
      expect.objectContaining({
        prompt: "select_account",
        extraQueryParams: { audience: "http://localhost:3000/api", screen_hint: "signup" },
        state: { returnTo: "/events/marketplace" },
      }),
    );
    await waitUntilSignedIn();
  });

  it("says a blocked popup was blocked and offers the redirect flow, which it takes only when asked", async () => {
    serveAuth();
    shapeManager((manager) => {
      manager.signinPopup.mockRejectedValue(
        new Error("Attempted to navigate on a disposed window"),
      );
    });
    const { user } = await renderApp({ path: "/" });
    await waitUntilSignedOut();
    await user.click(topBar().getByRole("button", { name: "Sign up" }));
    const manager = fakeOidc.last();
    expect(await screen.findByText(POPUP_BLOCKED)).toBeTruthy();
    expect(manager.signinRedirect).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Continue in this window" }));
    await waitFor(() => expect(manager.signinRedirect).toHaveBeenCalledTimes(1));
    expect(manager.signinRedirect).toHaveBeenCalledWith({
      prompt: "select_account",
      extraQueryParams: { audience: "http://localhost:3000/api", screen_hint: "signup" },
      state: { returnTo: "/home" },
    });
    expect(screen.queryByText(AUTH_ERROR_MESSAGES.loginFailed)).toBeNull();
  });

  it("'Look for an email' shows as a persistent top-right warning", async () => {
    const description =
      "Your e-mail address is not verified yet. Look for an email from Hostfield with a verification link.";
    serveAuth();
    shapeManager((manager) => {
      manager.signinPopup.mockRejectedValue(oidcErrorResponse("access_denied", description));
    });
    const { user } = await renderApp({ path: "/" });
    await waitUntilSignedOut();
    // Fake time from the click on, so the toast's own lifetime timer is under the test's control.
    vi.useFakeTimers();
    fireEvent.click(topBar().getByRole("button", { name: "Log in" }));
    await act(() => vi.advanceTimersByTimeAsync(50));
    const toast = screen.getByText(description);
    const snackbar = toast.closest(".notistack-MuiContent") as HTMLElement;
    expect(snackbar.className).toContain("notistack-MuiContent-warning");
    // Anchored top right (the app's other toasts sit bottom left).
    const container = snackbar.closest(".notistack-SnackbarContainer") as HTMLElement;
    const { top, right, bottom, left } = getComputedStyle(container);
    expect({ top, right, bottom, left }).toEqual({
      top: expect.stringMatching(/px$/),
      right: expect.stringMatching(/px$/),
      bottom: "auto",
      left: "auto",
    });
    // Below the top bar, so the Log in button stays uncovered.
    const margins: string[] = [];
    for (let el: HTMLElement | null = snackbar; el && el !== container; el = el.parentElement) {
      margins.push(getComputedStyle(el).marginTop);
    }
    expect(margins).toContain(`${NAVBAR.height}px`);
    // Persistent: still there long after the 5 s default lifetime.
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(screen.getByText(description)).toBeTruthy();
    vi.useRealTimers();
    await user.click(within(snackbar).getByRole("button", { name: "Dismiss" }));
    await waitFor(() => expect(screen.queryByText(description)).toBeNull());
    // Loading stopped: the user can try again.
    expect(topBar().getByRole("button", { name: "Log in" }).hasAttribute("disabled")).toBe(false);
  });

  it("closing the popup stops loading quietly ('Popup closed')", async () => {
    serveAuth();
    shapeManager((manager) => {
      manager.signinPopup.mockRejectedValue(new Error("Popup closed by user"));
    });
    const { user } = await renderApp({ path: "/" });
    await waitUntilSignedOut();
    await user.click(topBar().getByRole("button", { name: "Log in" }));
    await waitUntilSignedOut();
    expect(screen.queryByText(AUTH_ERROR_MESSAGES.loginFailed)).toBeNull();
    expect(screen.queryByText(AUTH_ERROR_MESSAGES.popupClosed)).toBeNull();
  });

  it("any other failure reads 'Login failed'", async () => {
    serveAuth();
    shapeManager((manager) => {
      manager.signinPopup.mockRejectedValue(new TypeError("Failed to fetch"));
    });
    const { user } = await renderApp({ path: "/" });
    await waitUntilSignedOut();
    await user.click(topBar().getByRole("button", { name: "Log in" }));
    expect(await screen.findByText(AUTH_ERROR_MESSAGES.loginFailed)).toBeTruthy();
  });
});

describe("tokens and sign-out", () => {
  it("'the access token is refreshed silently every 30 minutes' while the tab has focus", async () => {
    serveAuth();
    keepStoredUser();
    shapeManager((manager) => {
      manager.getUser.mockResolvedValue(buildOidcUser({ access_token: "first" }));
      manager.signinSilent.mockResolvedValue(buildOidcUser({ access_token: "refreshed" }));
    });
    // Only intervals are faked: the page still loads on real time.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    await renderApp({ path: "/events/marketplace" });
    await waitUntilSignedIn();
    const manager = fakeOidc.last();
    const focus = vi.spyOn(document, "hasFocus").mockReturnValue(false);
    await act(() => vi.advanceTimersByTimeAsync(TOKEN_REFRESH_MS));
    expect(manager.signinSilent).not.toHaveBeenCalled();
    focus.mockReturnValue(true);
    await act(() => vi.advanceTimersByTimeAsync(TOKEN_REFRESH_MS - 1));
    expect(manager.signinSilent).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(manager.signinSilent).toHaveBeenCalledTimes(1);
  });

  it("a 401 from the API triggers one silent renew and a retry with the new token", async () => {
    let profileCalls = 0;
    serveAuth({
      profileReply: (request) => {
        profileCalls += 1;
        if (request.headers.get("authorization") !== "Bearer fresh-token") {
          return errorReply(401, "UNAUTHORIZED", "No.");
        }
        return dataReply(ZUserProfile, buildProfile());
      },
    });
    keepStoredUser();
    shapeManager((manager) => {
      manager.getUser.mockResolvedValue(buildOidcUser({ access_token: "stale-token" }));
      manager.signinSilent.mockResolvedValue(buildOidcUser({ access_token: "fresh-token" }));
    });
    await renderApp({ path: "/" });
    await waitUntilSignedIn();
    expect(fakeOidc.last().signinSilent).toHaveBeenCalledTimes(1);
    expect(profileCalls).toBe(2);
    expect(sent.to(MY_PROFILE_PATH).map((call) => call.headers.authorization)).toEqual([
      "Bearer stale-token",
      "Bearer fresh-token",
    ]);
  });

  it("if still 401 the user is signed out locally and asked to log in again", async () => {
    serveAuth({ profileReply: () => errorReply(401, "UNAUTHORIZED", "No.") });
    keepStoredUser();
    shapeManager((manager) => {
      manager.getUser.mockResolvedValue(buildOidcUser({ access_token: "stale-token" }));
      manager.signinSilent.mockResolvedValue(buildOidcUser({ access_token: "also-refused" }));
    });
    const { user } = await renderApp({ path: "/events/marketplace" });
    const toast = await screen.findByText(SESSION_EXPIRED);
    const manager = fakeOidc.last();
    expect(manager.signinSilent).toHaveBeenCalledTimes(1);
    expect(manager.removeUser).toHaveBeenCalled();
    expect(manager.signoutRedirect).not.toHaveBeenCalled();
    await waitUntilSignedOut();

    const snackbar = toast.closest(".notistack-MuiContent") as HTMLElement;
    await user.click(within(snackbar).getByRole("button", { name: "Log in" }));
    expect(manager.signinPopup).toHaveBeenCalledWith(
      expect.objectContaining({ state: { returnTo: "/events/marketplace" } }),
    );
  });

  it("renews an access token about to expire before calling the API", async () => {
    serveAuth();
    keepStoredUser();
    shapeManager((manager) => {
      // Inside the 30 s leeway: not good enough to send.
      manager.getUser.mockResolvedValue(buildOidcUser({ access_token: "old", expires_in: 20 }));
      manager.signinSilent.mockResolvedValue(buildOidcUser({ access_token: "renewed" }));
    });
    await renderApp({ path: "/" });
    await waitUntilSignedIn();
    expect(sent.to(MY_PROFILE_PATH).map((call) => call.headers.authorization)).toEqual([
      "Bearer renewed",
    ]);
  });

  it("Sign out ends the provider session and returns to the site origin", async () => {
    serveAuth();
    keepStoredUser();
    shapeManager((manager) => {
      manager.getUser.mockResolvedValue(buildOidcUser());
    });
    const { user } = await renderApp({ path: "/" });
    await waitUntilSignedIn();
    await user.click(topBar().getByRole("button", { name: "Open menu" }));
    await user.click(
      within(await screen.findByRole("menu")).getByRole("menuitem", { name: "Sign out" }),
    );
    expect(fakeOidc.last().signoutRedirect).toHaveBeenCalledWith({
      post_logout_redirect_uri: `${ORIGIN}/`,
    });
    // 'Logout clears the user'; the hint waits for the provider's answer ("Stay signed in" there
    // returns to a session the start-up check picks up; a real sign-out to one it finds gone).
    await waitUntilSignedOut();
    expect(hasSessionHint()).toBe(true);
  });
});
