// The browser's tracking client: when it sends (5 s, 20 events, page hidden or left), how (a
// beacon of JSON, else fetch with keepalive), a refused batch sent again with the same id, nothing
// at all under Do-Not-Track or Global Privacy Control; and the pages that call it: a listing page's
// view and its contact and directions clicks, the event page's hotel links, marketplace results'
// impressions.
import type { TTrackBatch, TTrackEvent } from "@hostfield/domain/contracts";
import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildSearchProfile, searchReply, serveMarketplace } from "../features/marketplace/testing";
import {
  addListing,
  buildListing,
  EVENT_ID,
  FACILITY_ID,
  serveProfiles,
} from "../features/profiles/testing";
import {
  buildMatch,
  buildStayInfo,
  INN_ID,
  serveStays,
  staysWorld,
} from "../features/stays/testing";
import { buildSignedOutAuth } from "../test/factories";
import { renderApp } from "../test/render-app";
import {
  createTracker,
  setTracker,
  TRACK_FLUSH_EVENTS,
  TRACK_FLUSH_MS,
  type TTrackerEnv,
  track,
} from "./tracking";

/** A browser of the test's making: timers it fires by hand, beacons it takes or refuses. */
function fakeBrowser(options: { beacon?: boolean; refuses?: boolean } = {}) {
  const timers = new Map<number, { run: () => void; ms: number }>();
  let nextTimer = 1;
  let ids = 0;
  const beacons: { url: string; type: string; batch: TTrackBatch }[] = [];
  const fetched: { url: string; init: RequestInit; batch: TTrackBatch }[] = [];
  let acceptBeacons = true;
  let fetchStatus = 202;
  const pending: Promise<unknown>[] = [];
  const env: TTrackerEnv = {
    url: "/report-mgmt/api/track?api-version=1.0",
    refuses: () => options.refuses ?? false,
    sendBeacon:
      options.beacon === false
        ? null
        : (url, data) => {
            if (!acceptBeacons) return false;
            // The Blob is read back synchronously through the text the test gave it.
            beacons.push({ url, type: data.type, batch: JSON.parse(blobText.get(data)!).data });
            return true;
          },
    fetch: async (url, init) => {
      fetched.push({ url, init, batch: JSON.parse(String(init.body)).data });
      return new Response(null, { status: fetchStatus });
    },
    uuid: () => `00000000-0000-4000-8000-${String(++ids).padStart(12, "0")}`,
    setTimer: (run, ms) => {
      const id = nextTimer++;
      timers.set(id, { run, ms });
      return id;
    },
    clearTimer: (id) => {
      timers.delete(id as number);
    },
  };
  return {
    env,
    beacons,
    fetched,
    pending,
    refuseBeacons(refuse: boolean) {
      acceptBeacons = !refuse;
    },
    answerFetch(status: number) {
      fetchStatus = status;
    },
    /** The delays of the timers set and not yet fired. */
    delays: () => [...timers.values()].map((t) => t.ms),
    /** Fires every timer set so far (as if their time had come). */
    fireTimers() {
      const due = [...timers.entries()];
      for (const [id, timer] of due) {
        timers.delete(id);
        timer.run();
      }
    },
  };
}

// jsdom's Blob cannot be read synchronously; remember what each was made of.
const blobText = new WeakMap<Blob, string>();
const RealBlob = globalThis.Blob;
function recordBlobs() {
  vi.stubGlobal(
    "Blob",
    class extends RealBlob {
      constructor(parts: BlobPart[], options?: BlobPropertyBag) {
        super(parts, options);
        blobText.set(this, parts.map(String).join(""));
      }
    },
  );
}

const view = (id: string): TTrackEvent => ({ type: "view", kind: "facility", id });
const ID = (n: number) => `7f0c9a52-1c2d-4e3f-8a9b-${String(n).padStart(12, "0")}`;

describe("the tracking client", () => {
  it("sends the queue 5 s after its first event, as a beacon of JSON with a batch id", () => {
    recordBlobs();
    const browser = fakeBrowser();
    const tracker = createTracker(browser.env);
    tracker.track(view(ID(1)));
    tracker.track(view(ID(2)));
    expect(browser.beacons).toHaveLength(0);
    expect(browser.delays()).toEqual([TRACK_FLUSH_MS]);
    browser.fireTimers();
    expect(browser.beacons).toEqual([
      {
        url: "/report-mgmt/api/track?api-version=1.0",
        type: "application/json",
        batch: {
          batchId: expect.stringMatching(/^[0-9a-f-]{36}$/),
          events: [view(ID(1)), view(ID(2))],
        },
      },
    ]);
    // Nothing queued, nothing scheduled.
    expect(browser.delays()).toEqual([]);
  });

  it("sends at 20 events (in a task of its own), and when the page is hidden or left (flush)", () => {
    recordBlobs();
    const browser = fakeBrowser();
    const tracker = createTracker(browser.env);
    for (let i = 0; i < TRACK_FLUSH_EVENTS; i++) tracker.track(view(ID(i)));
    // Not in the task that tracked them (a page's effects): the next one.
    expect(browser.beacons).toHaveLength(0);
    expect(browser.delays()).toEqual([0]);
    browser.fireTimers();
    expect(browser.beacons).toHaveLength(1);
    expect(browser.beacons[0]?.batch.events).toHaveLength(TRACK_FLUSH_EVENTS);
    tracker.track(view(ID(99)));
    tracker.flush();
    expect(browser.beacons).toHaveLength(2);
    expect(browser.beacons[1]?.batch.events).toEqual([view(ID(99))]);
    expect(browser.beacons[1]?.batch.batchId).not.toBe(browser.beacons[0]?.batch.batchId);
  });

  it("sends a batch the browser refused again later, with the same id", () => {
    recordBlobs();
    const browser = fakeBrowser();
    const tracker = createTracker(browser.env);
    browser.refuseBeacons(true);
    tracker.track(view(ID(1)));
    tracker.flush();
    expect(browser.beacons).toHaveLength(0);
    // Tried again on the next round; events tracked meanwhile go in a batch of their own.
    expect(browser.delays()).toEqual([TRACK_FLUSH_MS]);
    tracker.track(view(ID(2)));
    browser.refuseBeacons(false);
    browser.fireTimers();
    expect(browser.beacons.map((b) => b.batch)).toEqual([
      { batchId: "00000000-0000-4000-8000-000000000001", events: [view(ID(1))] },
      { batchId: "00000000-0000-4000-8000-000000000002", events: [view(ID(2))] },
    ]);
  });

  it("falls back to fetch with keepalive, and sends again what the server could not take", async () => {
    const browser = fakeBrowser({ beacon: false });
    const tracker = createTracker(browser.env);
    browser.answerFetch(503);
    tracker.track(view(ID(1)));
    tracker.flush();
    await vi.waitFor(() => expect(browser.delays()).toEqual([TRACK_FLUSH_MS]));
    const [first] = browser.fetched;
    expect(first?.init).toMatchObject({
      method: "POST",
      keepalive: true,
      headers: { "content-type": "application/json" },
    });
    browser.answerFetch(400);
    browser.fireTimers();
    await vi.waitFor(() => expect(browser.fetched).toHaveLength(2));
    expect(browser.fetched[1]?.batch).toEqual(first?.batch);
    // A 400 will never be taken: not sent again.
    await Promise.resolve();
    expect(browser.delays()).toEqual([]);
  });

  it("records nothing under Do-Not-Track or Global Privacy Control", () => {
    const browser = fakeBrowser({ refuses: true });
    const tracker = createTracker(browser.env);
    for (let i = 0; i < TRACK_FLUSH_EVENTS + 1; i++) tracker.track(view(ID(i)));
    tracker.flush();
    expect(browser.beacons).toHaveLength(0);
    expect(browser.delays()).toEqual([]);
  });

  describe("the page's own tracker", () => {
    afterEach(() => {
      setTracker(null);
    });

    function stubNavigator(values: { doNotTrack?: string; globalPrivacyControl?: boolean }) {
      const sendBeacon = vi.fn((_url: string, _data: Blob) => true);
      vi.stubGlobal(
        "navigator",
        Object.assign(Object.create(navigator), { sendBeacon, ...values }),
      );
      return sendBeacon;
    }

    it("sends with navigator.sendBeacon to the tracking route when the page is left", () => {
      const sendBeacon = stubNavigator({});
      setTracker(undefined);
      track(view(ID(1)));
      window.dispatchEvent(new Event("pagehide"));
      expect(sendBeacon).toHaveBeenCalledTimes(1);
      const [url, data] = sendBeacon.mock.calls[0]!;
      expect(url).toBe("/report-mgmt/api/track?api-version=1.0");
      expect(data.type).toBe("application/json");
    });

    it("does nothing when navigator.doNotTrack is 1 or globalPrivacyControl is on", () => {
      for (const values of [{ doNotTrack: "1" }, { globalPrivacyControl: true }]) {
        const sendBeacon = stubNavigator(values);
        setTracker(undefined);
        track(view(ID(1)));
        window.dispatchEvent(new Event("pagehide"));
        expect(sendBeacon).not.toHaveBeenCalled();
      }
    });
  });
});

/** A tracker that keeps what the pages record. */
function recording() {
  const events: TTrackEvent[] = [];
  setTracker({ track: (event) => events.push(event), flush: () => undefined });
  return events;
}

describe("what the pages record", () => {
  it("a listing page: one view, and a click on its website, e-mail, phone and directions", async () => {
    const events = recording();
    const world = serveProfiles();
    addListing(
      world,
      buildListing("facility", {
        id: FACILITY_ID,
        name: "Riverside Sports Complex",
        address: {
          street: "100 River Rd",
          city: "Louisville",
          state: "Kentucky",
          postalCode: "40202",
          country: "US",
        },
        website: "https://riverside.example",
        email: "hello@riverside.example",
        phone: "+1 502 555 0100",
      }),
    );
    await renderApp({ path: `/facilities/${FACILITY_ID}`, auth: buildSignedOutAuth() });
    await screen.findByRole("heading", { level: 1, name: "Riverside Sports Complex" });
    expect(events).toEqual([{ type: "view", kind: "facility", id: FACILITY_ID }]);
    // jsdom would try to follow the links; the clicks are what count here.
    const stay = (event: Event) => event.preventDefault();
    document.addEventListener("click", stay);
    const contact = within(screen.getByRole("region", { name: "Contact" }));
    fireEvent.click(contact.getByRole("link", { name: "riverside.example" }));
    fireEvent.click(contact.getByRole("link", { name: "hello@riverside.example" }));
    fireEvent.click(contact.getByRole("link", { name: "+1 502 555 0100" }));
    fireEvent.click(screen.getByRole("link", { name: "View on Google Maps" }));
    document.removeEventListener("click", stay);
    expect(events.slice(1)).toEqual(
      ["website", "email", "phone", "directions"].map((target) => ({
        type: "click",
        kind: "facility",
        id: FACILITY_ID,
        target,
      })),
    );
  });

  it("the event page's hotels: a click on a hotel names the hotel", async () => {
    const events = recording();
    const profiles = serveProfiles();
    addListing(profiles, buildListing("event", { id: EVENT_ID, name: "Spring Hoops Classic" }));
    const world = staysWorld();
    world.events.set(EVENT_ID, buildStayInfo({ eventId: EVENT_ID }));
    world.matches.set(EVENT_ID, [buildMatch({ hotel: { id: INN_ID, name: "Riverside Inn" } })]);
    serveStays(world);
    await renderApp({ path: `/events/${EVENT_ID}`, auth: buildSignedOutAuth() });
    const inn = await screen.findByRole("link", { name: "Riverside Inn" }, { timeout: 10_000 });
    fireEvent.click(inn);
    expect(events).toContainEqual({
      type: "click",
      kind: "event",
      id: EVENT_ID,
      target: "hotel",
      ref: INN_ID,
    });
  });

  it("marketplace results: one impression per listing shown", async () => {
    const events = recording();
    const results = [buildSearchProfile(), buildSearchProfile()];
    serveMarketplace("/facility-mgmt/api/facilities/search", () => searchReply(results, 2));
    await renderApp({ path: "/facilities/marketplace", auth: buildSignedOutAuth() });
    await screen.findByRole("list", { name: "facilities found" });
    expect(events).toEqual(
      results.map((r) => ({ type: "impression", kind: "facility", id: r.id })),
    );
  });
});
