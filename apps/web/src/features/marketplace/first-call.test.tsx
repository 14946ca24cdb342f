// A marketplace page the server sent without its first view: the server names the page's first
// call in it (marketplaceFirstCall, through the renderer's firstCallOf), the page's start-up script
// (public/first-view-boot.js, run here as the browser runs it) sends that call at once, and the
// app takes its answer instead of asking again.
import { afterEach, describe, expect, it } from "vitest";
import boot from "../../../public/first-view-boot.js?raw";
import { buildSignedOutAuth } from "../../test/factories";
import { sent } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import { marketplaceFirstCall } from "./first-call";
import { buildSearchProfile, searchReply, serveMarketplace } from "./testing";

const SEARCH = "/facility-mgmt/api/facilities/search";
const EVENTS_SEARCH = "/event-mgmt/api/events/search";
/** What the server names a handed-over answer by (any text: the API answers it as usual here). */
const HANDOVER = "handover-1";

/** The page at `address` as the browser reads it: its start-up script runs, with data-call. */
function loadShell(address: string) {
  const url = new URL(address, window.location.origin);
  const call = marketplaceFirstCall(url);
  expect(call).not.toBeNull();
  const script = document.createElement("script");
  script.dataset.call = JSON.stringify({ ...call, handover: HANDOVER });
  Object.defineProperty(document, "currentScript", { configurable: true, get: () => script });
  try {
    new Function(boot)();
  } finally {
    Reflect.deleteProperty(document, "currentScript");
  }
}

afterEach(() => {
  // What a test's page started and nothing took.
  Reflect.deleteProperty(window, "__hostfieldFirstCall");
});

describe("a marketplace's first call, started by the page", () => {
  it("is the call the results list makes: the app takes its answer and asks nothing again", async () => {
    const address =
      "/facilities/marketplace?q=arena&near=Louisville%2C%20KY&sports=Basketball%2CSoccer" +
      "&amenities=Parking&sort=distance&types=Arena%2CNot+a+type";
    serveMarketplace(SEARCH, () => searchReply([buildSearchProfile({ name: "Early Arena" })], 1));
    loadShell(address);
    const { findByRole } = await renderApp({ path: address, auth: buildSignedOutAuth() });
    const list = await findByRole("list", { name: "facilities found" });
    expect(list.textContent).toContain("Early Arena");
    const calls = sent.to(SEARCH, "POST");
    expect(calls).toHaveLength(1);
    // The page's own call (the start-up script names the handover), not the app's.
    expect(calls[0]?.headers["x-first-view-call"]).toBe(HANDOVER);
    expect(Reflect.has(window, "__hostfieldFirstCall")).toBe(false);
  });

  it("matches another marketplace's list too (events, with dates the wrong way round)", async () => {
    const address = "/events/marketplace?from=2031-06-01&to=2031-05-01&ageGroup=Youth";
    serveMarketplace(EVENTS_SEARCH, () => searchReply([], 0));
    loadShell(address);
    const { findByText } = await renderApp({ path: address, auth: buildSignedOutAuth() });
    await findByText("No events match your search");
    const calls = sent.to(EVENTS_SEARCH, "POST");
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers["x-first-view-call"]).toBe(HANDOVER);
  });

  it("is left alone by a page that asks for something else: the app asks for itself", async () => {
    serveMarketplace(SEARCH, () => searchReply([buildSearchProfile()], 1));
    loadShell("/facilities/marketplace?near=Louisville%2C%20KY");
    const { findByRole } = await renderApp({
      path: "/facilities/marketplace",
      auth: buildSignedOutAuth(),
    });
    await findByRole("list", { name: "facilities found" });
    const calls = sent.to(SEARCH, "POST");
    expect(calls).toHaveLength(2);
    expect(calls.filter((call) => call.headers["x-first-view-call"])).toHaveLength(1);
  });

  it("names no call for the map, nor for a page that is no marketplace", () => {
    const at = (address: string) => marketplaceFirstCall(new URL(address, "http://x"));
    expect(at("/facilities/marketplace?view=map")).toBeNull();
    expect(at("/facilities/123")).toBeNull();
    expect(at("/destinations/marketplace")).toMatchObject({
      method: "POST",
      body: JSON.stringify({ data: {} }),
    });
  });
});
