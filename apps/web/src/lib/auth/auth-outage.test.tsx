// Issue 48: a server outage (its database cut for a few seconds) must not sign anyone out. The
// whole app with its OIDC provider: oidc-client-ts replaced at its module boundary, the API answered
// by MSW, the waits of the backoff skipped with fake timers.
import { ZUserProfile } from "@hostfield/domain/contracts";
import { act, screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../app/query-client";
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
import { renderApp } from "../../test/render-app";
import { SERVER_UNAVAILABLE_MESSAGE } from "../api";
import { BACKOFF_MAX_MS } from "../connection/backoff";
import { RECONNECTING_TEXT } from "../connection/reconnecting-banner";
import { SESSION_EXPIRED } from "./auth-provider";
import { MY_PROFILE_PATH, MY_PROFILE_QUERY_KEY } from "./my-profile";

vi.mock("oidc-client-ts", async () => (await import("../../test/fake-oidc")).fakeOidcModule);

/** The server's answer while its database is away (the usual envelope, with Retry-After). */
function databaseUnavailable(retryAfterSeconds: number) {
  return HttpResponse.json(
    { error: { code: "DATABASE_UNAVAILABLE", message: "The database is not answering." } },
    { status: 503, headers: { "Retry-After": String(retryAfterSeconds) } },
  );
}

function topBar() {
  return within(screen.getByRole("navigation", { name: "Main" }));
}

const signedIn = () => topBar().queryByRole("button", { name: "Open menu" }) !== null;
const reconnecting = () => screen.queryByText(RECONNECTING_TEXT) !== null;

/** The profile as the contract gives it, or what `reply` says instead. */
function serveProfile(reply?: (request: Request) => Response | undefined) {
  server.use(
    clientConfigHandler(),
    http.get(MY_PROFILE_PATH, ({ request }) => {
      const instead = reply?.(request);
      if (instead) return instead;
      return dataReply(ZUserProfile, buildProfile());
    }),
  );
}

/** A manager whose stored session is good; `shape` adds the test's own answers. */
function storedSession(shape?: (manager: FakeUserManager) => void) {
  keepStoredUser();
  fakeOidc.onCreate = (manager) => {
    manager.getUser.mockResolvedValue(buildOidcUser({ access_token: "first" }));
    shape?.(manager);
  };
}

/** The handler the app gave oidc-client-ts for its automatic renewal's failures. */
function silentRenewError(manager: FakeUserManager): (error: Error) => void {
  const handler = manager.events.addSilentRenewError.mock.calls.at(-1)?.[0];
  if (typeof handler !== "function") throw new Error("No silent renew error handler.");
  return handler as (error: Error) => void;
}

/** Lets every timer due in `ms` run, with what they start (fetches, renders) settled. */
async function waitFake(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

beforeEach(() => {
  fakeOidc.reset();
  server.use(noSearchResults(), activityFeed({}), homeSummary());
});
afterEach(() => vi.useRealTimers());

describe("a refresh the provider cannot answer now", () => {
  it("keeps the user signed in, says Reconnecting, retries, and is quiet again once it answers", async () => {
    serveProfile();
    storedSession((manager) => {
      manager.signinSilent
        .mockRejectedValueOnce(oidcErrorResponse("temporarily_unavailable"))
        .mockResolvedValueOnce(buildOidcUser({ access_token: "renewed" }));
    });
    const queryClient = createQueryClient();
    await renderApp({ path: "/events/marketplace", queryClient });
    await waitFor(() => expect(signedIn()).toBe(true));
    const manager = fakeOidc.last();

    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    // oidc-client-ts's own renewal, as the token nears its end, got 503 temporarily_unavailable.
    act(() => silentRenewError(manager)(oidcErrorResponse("temporarily_unavailable")));
    expect(reconnecting()).toBe(true);
    const notice = screen.getByText(RECONNECTING_TEXT).closest("[role=status]");
    expect(notice?.getAttribute("aria-live")).toBe("polite");
    expect(signedIn()).toBe(true);
    expect(manager.signinSilent).not.toHaveBeenCalled();

    // The first retry (after 1 s and its jitter) finds the provider still busy: still kept.
    await waitFake(1_200);
    expect(manager.signinSilent).toHaveBeenCalledTimes(1);
    expect(reconnecting()).toBe(true);
    expect(signedIn()).toBe(true);

    // The next one (2 s later, with jitter) is answered.
    await waitFake(2_400);
    expect(manager.signinSilent).toHaveBeenCalledTimes(2);
    expect(reconnecting()).toBe(false);
    expect(signedIn()).toBe(true);
    expect(manager.removeUser).not.toHaveBeenCalled();
    expect(screen.queryByText(SESSION_EXPIRED)).toBeNull();

    // The renewed token is the one the API gets from now on.
    vi.useRealTimers();
    sent.clear();
    await act(() => queryClient.refetchQueries({ queryKey: MY_PROFILE_QUERY_KEY }));
    expect(sent.to(MY_PROFILE_PATH).at(-1)?.headers.authorization).toBe("Bearer renewed");
  });

  it("keeps a session found stored at start-up whose token needs renewing", async () => {
    serveProfile();
    storedSession((manager) => {
      manager.getUser.mockResolvedValue(buildOidcUser({ access_token: "old", expires_in: 20 }));
      manager.signinSilent.mockRejectedValue(new TypeError("Failed to fetch"));
    });
    await renderApp({ path: "/events/marketplace" });
    await waitFor(() => expect(signedIn()).toBe(true));
    expect(reconnecting()).toBe(true);
    expect(fakeOidc.last().removeUser).not.toHaveBeenCalled();
  });
});

describe("API calls while the database is away", () => {
  it("keep the session, say Reconnecting, and a read retried after Retry-After succeeds", async () => {
    let down = false;
    serveProfile(() => (down ? databaseUnavailable(1) : undefined));
    storedSession();
    const queryClient = createQueryClient();
    await renderApp({ path: "/events/marketplace", queryClient });
    await waitFor(() => expect(signedIn()).toBe(true));
    const manager = fakeOidc.last();

    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    down = true;
    sent.clear();
    await act(async () => {
      void queryClient.refetchQueries({ queryKey: MY_PROFILE_QUERY_KEY });
      await vi.advanceTimersByTimeAsync(50);
    });
    expect(sent.to(MY_PROFILE_PATH)).toHaveLength(1);
    expect(reconnecting()).toBe(true);
    expect(signedIn()).toBe(true);

    // Retry-After: 1 is honoured (1 s and its jitter), and the server is back by then.
    down = false;
    await waitFake(900);
    expect(sent.to(MY_PROFILE_PATH)).toHaveLength(1);
    await waitFake(400);
    expect(sent.to(MY_PROFILE_PATH)).toHaveLength(2);
    expect(reconnecting()).toBe(false);
    expect(signedIn()).toBe(true);
    expect(queryClient.getQueryState(MY_PROFILE_QUERY_KEY)?.status).toBe("success");
    expect(manager.signinSilent).not.toHaveBeenCalled();
    expect(manager.removeUser).not.toHaveBeenCalled();
  });

  it("a 401 while the provider cannot renew fails the call as 'briefly unavailable', not the session", async () => {
    let expired = false;
    serveProfile((request) =>
      expired && request.headers.get("authorization") === "Bearer first"
        ? errorReply(401, "UNAUTHORIZED", "Token expired.")
        : undefined,
    );
    storedSession((manager) => {
      // oidc-client-ts's words for a 503 without the OAuth error shape.
      manager.signinSilent.mockRejectedValue(new Error("Service Unavailable (503)"));
    });
    const queryClient = createQueryClient();
    await renderApp({ path: "/events/marketplace", queryClient });
    await waitFor(() => expect(signedIn()).toBe(true));

    expired = true;
    act(() => void queryClient.refetchQueries({ queryKey: MY_PROFILE_QUERY_KEY }));
    await waitFor(() => expect(reconnecting()).toBe(true));
    expect(signedIn()).toBe(true);
    expect(fakeOidc.last().removeUser).not.toHaveBeenCalled();
    expect(screen.queryByText(SESSION_EXPIRED)).toBeNull();
    // The refetch is still retrying: the profile shown is the one loaded before.
    expect(queryClient.getQueryState(MY_PROFILE_QUERY_KEY)?.fetchFailureReason).toMatchObject({
      status: 503,
      message: SERVER_UNAVAILABLE_MESSAGE,
    });
  });
});

describe("definite answers still end the session", () => {
  it("a refresh answered invalid_grant, even on a retry after an outage, signs out", async () => {
    serveProfile();
    storedSession((manager) => {
      manager.signinSilent.mockRejectedValue(oidcErrorResponse("invalid_grant"));
    });
    await renderApp({ path: "/events/marketplace" });
    await waitFor(() => expect(signedIn()).toBe(true));
    const manager = fakeOidc.last();

    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    act(() => silentRenewError(manager)(oidcErrorResponse("temporarily_unavailable")));
    expect(reconnecting()).toBe(true);
    expect(signedIn()).toBe(true);
    await waitFake(1_200);
    expect(manager.signinSilent).toHaveBeenCalledTimes(1);
    // The toast shows once its code is in (it loads with the first toast; vi.waitFor moves the
    // faked clock on, which React's render of it waits for).
    await vi.waitFor(() => expect(screen.getByText(SESSION_EXPIRED)).toBeTruthy());
    expect(manager.removeUser).toHaveBeenCalled();
    expect(signedIn()).toBe(false);
    expect(reconnecting()).toBe(false);
    // A refusal is final: nothing is tried again.
    await waitFake(BACKOFF_MAX_MS);
    expect(manager.signinSilent).toHaveBeenCalledTimes(1);
  });

  it("a refresh answered invalid_grant by oidc-client-ts's own renewal signs out at once", async () => {
    serveProfile();
    storedSession();
    await renderApp({ path: "/events/marketplace" });
    await waitFor(() => expect(signedIn()).toBe(true));
    const manager = fakeOidc.last();
    act(() => silentRenewError(manager)(oidcErrorResponse("invalid_grant")));
    expect(await screen.findByText(SESSION_EXPIRED)).toBeTruthy();
    expect(manager.removeUser).toHaveBeenCalled();
    expect(manager.signinSilent).not.toHaveBeenCalled();
  });

  it("a 401 from the API after a successful refresh leads to the sign-in flow", async () => {
    serveProfile(() => errorReply(401, "UNAUTHORIZED", "No."));
    storedSession((manager) => {
      manager.signinSilent.mockResolvedValue(buildOidcUser({ access_token: "also-refused" }));
    });
    const { user } = await renderApp({ path: "/events/marketplace" });
    const toast = await screen.findByText(SESSION_EXPIRED);
    const manager = fakeOidc.last();
    expect(manager.signinSilent).toHaveBeenCalledTimes(1);
    expect(manager.removeUser).toHaveBeenCalled();
    expect(reconnecting()).toBe(false);
    const snackbar = toast.closest(".notistack-MuiContent") as HTMLElement;
    await user.click(within(snackbar).getByRole("button", { name: "Log in" }));
    expect(manager.signinPopup).toHaveBeenCalledWith(
      expect.objectContaining({ state: { returnTo: "/events/marketplace" } }),
    );
  });
});
