// A page load's early calls: the pipeline's, sent with the stored session's token before the app
// renders, and nothing where there is no such session or page. oidc-client-ts is replaced at its
// module boundary, the API answered by MSW.
import { waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { leadKeys } from "../features/leads/leads-api";
import { DESTINATION_ID, leadsHandlers, leadsWorld, pipelineUrl } from "../features/leads/testing";
import { setAccessTokenGetter } from "../lib/api";
import { connectEarly, takeEarlyConnection, takeEarlyUser } from "../lib/auth/oidc";
import { setSessionHint } from "../lib/auth/session-hint";
import { buildOidcUser, fakeOidc, type TFakeUser } from "../test/fake-oidc";
import { clientConfigHandler, sent, serveBase, server } from "../test/msw";
import { sendEarlyCalls } from "./early-calls";
import { createQueryClient } from "./query-client";

vi.mock("oidc-client-ts", async () => (await import("../test/fake-oidc")).fakeOidcModule);

const PIPELINE_ADDRESS = {
  pathname: "/pipeline",
  search: `?profile=${DESTINATION_ID}&kind=destination`,
};

/** The pipeline's calls for the destination: its board, stats, my rights, and my venues. */
const BOARD = pipelineUrl(DESTINATION_ID);
const STATS = `/event-mgmt/api/destinations/${DESTINATION_ID}/leads/stats`;
const RIGHTS = `/destination-mgmt/api/destinations/${DESTINATION_ID}/my/entitlements`;
const MY_DESTINATIONS = "/destination-mgmt/api/destinations/my";
const MY_FACILITIES = "/facility-mgmt/api/facilities/my";

/** A browser where someone signed in lately and `stored` is the session it keeps. */
function storedSession(stored: TFakeUser | null) {
  setSessionHint();
  fakeOidc.onCreate = (manager) => manager.getUser.mockResolvedValue(stored);
}

async function loadPage(address: { pathname: string; search: string }) {
  server.use(clientConfigHandler());
  serveBase(...leadsHandlers(leadsWorld()));
  const queryClient = createQueryClient();
  await sendEarlyCalls(queryClient, address, connectEarly(address));
  // Whatever was sent has been answered (and recorded) before a test looks at what was not.
  await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  return queryClient;
}

const paths = () => sent.all().map((call) => call.path);

afterEach(() => {
  // What a test's page load started and nothing took.
  takeEarlyConnection();
  takeEarlyUser();
  fakeOidc.reset();
});

describe("early calls of a page load", () => {
  it("sends the pipeline's calls with the stored session's token, and the page finds the board", async () => {
    storedSession(buildOidcUser());
    const queryClient = await loadPage(PIPELINE_ADDRESS);

    await waitFor(() =>
      expect(queryClient.getQueryData(leadKeys.board("destination", DESTINATION_ID))).toBeTruthy(),
    );
    await waitFor(() => expect(sent.to(MY_FACILITIES)).toHaveLength(1));
    for (const path of [BOARD, STATS, RIGHTS, MY_DESTINATIONS, MY_FACILITIES]) {
      const [call, ...again] = sent.to(path);
      expect(again, path).toEqual([]);
      expect(call?.headers.authorization, path).toBe("Bearer access-token-1");
    }
    // The session is there for the app to start signed in with.
    expect(takeEarlyUser()?.access_token).toBe("access-token-1");
  });

  it("asks an admin's token for no rights (an admin has them all)", async () => {
    storedSession(buildOidcUser({ roles: ["admin"] }));
    await loadPage(PIPELINE_ADDRESS);
    await waitFor(() => expect(sent.to(BOARD)).toHaveLength(1));
    await waitFor(() => expect(sent.to(MY_FACILITIES)).toHaveLength(1));
    expect(sent.to(RIGHTS)).toEqual([]);
  });

  it("loads no sign-in code and sends nothing where nobody signed in lately", async () => {
    fakeOidc.onCreate = (manager) => manager.getUser.mockResolvedValue(buildOidcUser());
    await loadPage(PIPELINE_ADDRESS);
    expect(fakeOidc.managers).toHaveLength(0);
    expect(paths()).toEqual([]);
    expect(takeEarlyUser()).toBeNull();
  });

  it.each([
    ["nothing stored (another tab's session)", null],
    ["a token about to expire", buildOidcUser({ expires_in: 5 })],
  ])("sends no lead call with %s: the start-up check decides", async (_case, stored) => {
    storedSession(stored);
    await loadPage(PIPELINE_ADDRESS);
    expect(fakeOidc.managers).toHaveLength(1);
    expect(paths()).toEqual(["/api/client-config"]);
    expect(takeEarlyUser()).toBeNull();
  });

  it("takes no stored session on a sign-in's return, which the provider finishes", async () => {
    storedSession(buildOidcUser());
    await loadPage({ pathname: "/auth/callback", search: "?code=abc&state=s-1" });
    await waitFor(() => expect(fakeOidc.managers).toHaveLength(1));
    expect(fakeOidc.last().getUser).not.toHaveBeenCalled();
    expect(takeEarlyUser()).toBeNull();
  });

  it("sends nothing for a page without early calls", async () => {
    storedSession(buildOidcUser());
    await loadPage({ pathname: "/home", search: "" });
    expect(paths().filter((path) => path !== "/api/client-config")).toEqual([]);
  });

  // Last: once up, the auth layer stays up for this file's module state.
  it("sends nothing once the auth layer is up: the token is then its to give", async () => {
    setAccessTokenGetter(() => null);
    storedSession(buildOidcUser());
    await loadPage(PIPELINE_ADDRESS);
    expect(paths()).toEqual(["/api/client-config"]);
  });
});
