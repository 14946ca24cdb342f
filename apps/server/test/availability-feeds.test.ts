// A venue calendar's sync with its booking system, over http against a local feed server: its
// managers set an .ics feed (plain http on this machine only under CRM_WEBHOOK_ALLOW_HTTP, the
// webhooks' setting), it is imported at once, by "Import now" and by the hourly poll, each import
// replacing the imported ranges and never the ones marked here; a broken feed (an HTTP error, not
// iCalendar, too large, too slow, moved: a redirect is not followed) keeps the last good ranges and
// marks the calendar failing, a closed port and a silent one in the same words; without the test
// setting, private addresses and this machine's own are refused in the same words; a file
// imports once; the export link serves the calendar by its secret until rotated or revoked; only
// managers call any of it; matching reads imported ranges like the others.
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { icsOf, startFeedServer, type TFeedServer } from "./fakes/ics-feed";
import { V } from "./helper";
import { signIn } from "./oidc-driver";
import {
  addMember,
  courtsRequest,
  createEvent,
  createListed,
  EVENT_DAYS,
  indoorCourts,
  publishRequest,
  rfpSuite,
  type TLeadDto,
} from "./rfps-fixture";

const PEOPLE = ["organizer", "alice", "bob", "carol", "member", "stranger", "admin"] as const;
type TPerson = (typeof PEOPLE)[number] | "anonymous";

let feeds: TFeedServer;
beforeAll(async () => {
  feeds = await startFeedServer();
});
afterAll(() => feeds.close());

const ids = {} as Record<"synced" | "uploads" | "exported" | "matched" | "city", string>;
const { api, app, ev, ok } = rfpSuite(
  PEOPLE,
  async (a) => {
    const qualifying = { sports: ["Basketball"], spaces: [indoorCourts(4)], tier: "Silver" };
    ids.synced = await createListed(a, "facility", "alice", {
      name: "Synced Fieldhouse",
      at: "indianapolis",
      ...qualifying,
    });
    ids.uploads = await createListed(a, "facility", "bob", {
      name: "Upload Arena",
      at: "carmel",
      ...qualifying,
    });
    ids.exported = await createListed(a, "facility", "carol", {
      name: "Exported Gym",
      at: "fishers",
      ...qualifying,
    });
    ids.matched = await createListed(a, "facility", "bob", {
      name: "Booked Elsewhere Courts",
      at: "indianapolis",
      ...qualifying,
    });
    ids.city = await createListed(a, "destination", "carol", {
      name: "Visit Fishers",
      at: "fishers",
      tier: "Silver",
    });
    await addMember(a, "facility", ids.synced, "member", "member");
  },
  // Local feeds over plain http, as the CRM's webhooks in tests; a short time limit for the slow one.
  { env: () => ({ CRM_WEBHOOK_ALLOW_HTTP: "true", CALENDAR_FEED_TIMEOUT_MS: "700" }) },
);

const FACILITIES = "facility-mgmt";
const calendar = (id: string) => `/facilities/${id}/availability`;
const fm = (
  method: "GET" | "POST" | "PUT" | "DELETE",
  route: string,
  who: TPerson,
  payload?: unknown,
) => api.call(FACILITIES, method, route, who, payload);

type TRange = {
  kind: string;
  startDate: string;
  endDate: string;
  source: string;
  note: string | null;
};
type TSync = {
  feedUrl: string | null;
  lastImportedAt: string | null;
  importedRanges: number | null;
  importNotes: string[];
  failingSince: string | null;
  failure: string | null;
  exportCreatedAt: string | null;
};
type TCalendar = { kept: boolean; ranges: TRange[]; sync: TSync | null };

const JUNE = "?from=2030-06-01&to=2030-07-31";
const read = (id: string, who: TPerson = "alice") =>
  ok<TCalendar>(fm("GET", `${calendar(id)}${JUNE}`, who));
/** The ranges' days, by first day and then kind (ranges starting on one day come in any order). */
const spans = (ranges: TRange[], source?: string) =>
  ranges
    .filter((r) => !source || r.source === source)
    .map((r) => [r.kind, r.startDate, r.endDate, r.source])
    .sort((a, b) => a[1]!.localeCompare(b[1]!) || a[0]!.localeCompare(b[0]!));

const setFeed = (id: string, url: string, who: TPerson = "alice") =>
  fm("PUT", `${calendar(id)}/feed`, who, { data: { url } });
const importNow = (id: string, who: TPerson = "alice") =>
  fm("POST", `${calendar(id)}/feed/import`, who);

/** The booking system's first calendar: finals, a tentative camp, Sunday leagues, what it skips. */
const FIRST_FEED = icsOf(
  [
    ["DTSTART;VALUE=DATE:20300612", "DTEND;VALUE=DATE:20300615", "SUMMARY:State finals"],
    ["DTSTART:20300620T090000", "DTEND:20300620T170000", "STATUS:TENTATIVE", "SUMMARY:Camp?"],
    ["DTSTART;VALUE=DATE:20300707", "RRULE:FREQ=WEEKLY;BYDAY=SU;COUNT=3", "SUMMARY:Sunday league"],
    ["DTSTART;VALUE=DATE:20300625", "STATUS:CANCELLED", "SUMMARY:Called off"],
    ["DTSTART;VALUE=DATE:20300626", "TRANSP:TRANSPARENT", "SUMMARY:Open gym"],
    // Long past: nothing of it is kept.
    ["DTSTART;VALUE=DATE:20200101", "DTEND;VALUE=DATE:20200105"],
  ],
  ["X-WR-TIMEZONE:America/Indiana/Indianapolis"],
);

describe("importing a venue's feed", () => {
  it("a manager sets the feed: it is read at once, booked and held days with their names", async () => {
    feeds.pages.set("/synced.ics", { body: FIRST_FEED });
    const sync = await ok<TSync>(setFeed(ids.synced, `${feeds.url}/synced.ics`));
    expect(sync).toMatchObject({
      feedUrl: `${feeds.url}/synced.ics`,
      importedRanges: 5,
      importNotes: [],
      failingSince: null,
      failure: null,
    });
    expect(sync.lastImportedAt).not.toBeNull();
    const mine = await read(ids.synced);
    expect(mine.ranges.map((r) => [r.kind, r.startDate, r.endDate, r.source, r.note])).toEqual([
      ["booked", "2030-06-12", "2030-06-14", "feed", "State finals"],
      ["held", "2030-06-20", "2030-06-20", "feed", "Camp?"],
      ["booked", "2030-07-07", "2030-07-07", "feed", "Sunday league"],
      ["booked", "2030-07-14", "2030-07-14", "feed", "Sunday league"],
      ["booked", "2030-07-21", "2030-07-21", "feed", "Sunday league"],
    ]);
    expect(mine.kept).toBe(true);
    expect(mine.sync).toEqual(sync);
    // Others read the days, not the names nor the sync (the feed's address may hold its secret).
    const theirs = await read(ids.synced, "stranger");
    expect(theirs.sync).toBeNull();
    expect(theirs.ranges.map((r) => [r.startDate, r.note])[0]).toEqual(["2030-06-12", null]);
    expect(await ok<TSync>(fm("GET", `${calendar(ids.synced)}/feed`, "alice"))).toEqual(sync);
  });

  it("an import replaces the imported ranges and keeps the ones marked here, overlapping or not", async () => {
    // Marked by hand over imported days: no overlap refusal between the two.
    await ok(
      fm("POST", calendar(ids.synced), "alice", {
        data: { kind: "need", startDate: "2030-06-13", endDate: "2030-06-13", discountPercent: 10 },
      }),
      201,
    );
    await ok(
      fm("POST", calendar(ids.synced), "alice", {
        data: { kind: "booked", startDate: "2030-07-01", endDate: "2030-07-02" },
      }),
      201,
    );
    feeds.pages.set("/synced.ics", {
      body: icsOf([
        ["DTSTART;VALUE=DATE:20300613", "DTEND;VALUE=DATE:20300614", "SUMMARY:Finals moved"],
        ["DTSTART;VALUE=DATE:20300728", "SUMMARY:Tournament"],
      ]),
    });
    const sync = await ok<TSync>(importNow(ids.synced));
    expect(sync.importedRanges).toBe(2);
    const after = await read(ids.synced);
    expect(spans(after.ranges)).toEqual([
      ["booked", "2030-06-13", "2030-06-13", "feed"],
      ["need", "2030-06-13", "2030-06-13", "manual"],
      ["booked", "2030-07-01", "2030-07-02", "manual"],
      ["booked", "2030-07-28", "2030-07-28", "feed"],
    ]);
  });

  it.each([
    [
      "an HTTP error",
      { body: "gone", status: 404, contentType: "text/plain" },
      "CALENDAR_FEED_UNREACHABLE",
      "The feed answered HTTP 404.",
    ],
    [
      "not iCalendar",
      { body: "<!DOCTYPE html><p>Sign in</p>", contentType: "text/html" },
      "CALENDAR_FEED_INVALID",
      /^The feed is not an iCalendar calendar/,
    ],
    [
      "too large, by its length",
      { body: "X".repeat(1_100_000) },
      "CALENDAR_FEED_UNREACHABLE",
      "The feed is larger than 1 MB.",
    ],
    [
      "too large, as it arrives",
      { body: `BEGIN:VCALENDAR\r\n${"X-PAD:x\r\n".repeat(130_000)}`, chunked: true },
      "CALENDAR_FEED_UNREACHABLE",
      "The feed is larger than 1 MB.",
    ],
    [
      // The same words as a closed port's (below): a manager cannot tell one from the other.
      "too slow",
      { hang: true as const },
      "CALENDAR_FEED_UNREACHABLE",
      "The feed could not be reached.",
    ],
  ] as const)(
    "a feed that fails (%s) keeps the last good ranges and marks the calendar failing",
    async (_what, page, code, reason) => {
      const before = await read(ids.synced);
      feeds.pages.set("/synced.ics", page);
      const res = await importNow(ids.synced);
      expect(res.statusCode, res.body).toBe(502);
      expect(res.json().error.code).toBe(code);
      const after = await read(ids.synced);
      expect(after.ranges).toEqual(before.ranges);
      expect(after.sync!.failure).toMatch(reason);
      expect(after.sync!.failingSince).not.toBeNull();
      // The last good import is still the one shown.
      expect(after.sync!.lastImportedAt).toBe(before.sync!.lastImportedAt);
      expect(after.sync!.importedRanges).toBe(2);
    },
  );

  it("failing since the first failure; a good import clears it", async () => {
    const failing = (await read(ids.synced)).sync!;
    feeds.pages.set("/synced.ics", { body: "nope", status: 500, contentType: "text/plain" });
    expect((await importNow(ids.synced)).statusCode).toBe(502);
    const still = (await read(ids.synced)).sync!;
    expect(still.failingSince).toBe(failing.failingSince);
    expect(still.failure).toBe("The feed answered HTTP 500.");
    // The feed moved: the manager is told where (below: the new address is not read).
    feeds.pages.set("/moved.ics", { body: FIRST_FEED });
    feeds.pages.set("/synced.ics", { redirect: "/moved.ics" });
    const moved = await importNow(ids.synced);
    expect(moved.statusCode).toBe(502);
    expect(moved.json().error.code).toBe("CALENDAR_FEED_UNREACHABLE");
    const movedWords = `The feed has moved (HTTP 302) to ${feeds.url}/moved.ics: set the calendar's feed to that address.`;
    expect(moved.json().error.message).toBe(movedWords);
    expect((await read(ids.synced)).sync!.failure).toBe(movedWords);
    feeds.pages.set("/synced.ics", { body: FIRST_FEED });
    const good = await ok<TSync>(importNow(ids.synced));
    expect(good).toMatchObject({ failingSince: null, failure: null, importedRanges: 5 });
  });

  it("does not follow a redirect: the new address is never read until a manager sets it", async () => {
    feeds.pages.set("/old.ics", { redirect: "/new.ics" });
    feeds.pages.set("/new.ics", { body: FIRST_FEED });
    const before = feeds.requests.length;
    const sync = await ok<TSync>(setFeed(ids.uploads, `${feeds.url}/old.ics`, "bob"));
    expect(sync.failure).toMatch(/^The feed has moved \(HTTP 302\) to .*\/new\.ics/);
    expect(sync.importedRanges).toBeNull();
    expect(feeds.requests.slice(before)).toEqual(["/old.ics"]);
    // The manager sets the address the feed moved to: read, and the failure is gone.
    const moved = await ok<TSync>(setFeed(ids.uploads, `${feeds.url}/new.ics`, "bob"));
    expect(moved).toMatchObject({ failingSince: null, failure: null, importedRanges: 5 });
    await ok(fm("DELETE", `${calendar(ids.uploads)}/feed`, "bob"));
  });

  it("words a closed port as it words a silent one: no ECONNREFUSED for the manager", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const sync = await ok<TSync>(setFeed(ids.uploads, `http://127.0.0.1:${port}/cal.ics`, "bob"));
    expect(sync.failure).toBe("The feed could not be reached.");
    const res = await importNow(ids.uploads, "bob");
    expect([res.statusCode, res.json().error.message]).toEqual([
      502,
      "The feed could not be reached.",
    ]);
    expect(res.body).not.toMatch(/ECONN|refused|127\.0\.0\.1/);
    await ok(fm("DELETE", `${calendar(ids.uploads)}/feed`, "bob"));
  });

  it("the hourly poll reads every feed", async () => {
    feeds.pages.set("/synced.ics", {
      body: icsOf([["DTSTART;VALUE=DATE:20300701", "DTEND;VALUE=DATE:20300703"]]),
    });
    await app().jobs.send("availability.poll-feeds", {});
    await app().jobs.idle(["availability.poll-feeds", "availability.import-feed"]);
    const after = await read(ids.synced);
    expect(spans(after.ranges, "feed")).toEqual([["booked", "2030-07-01", "2030-07-02", "feed"]]);
    expect(after.sync!.importedRanges).toBe(1);
  });

  it("refuses an address that is not http(s), and answers 409 to 'Import now' without a feed", async () => {
    const bad = await setFeed(ids.uploads, "ftp://bookings.test/cal.ics", "bob");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe("VALIDATION_FAILED");
    const none = await importNow(ids.uploads, "bob");
    expect(none.statusCode).toBe(409);
    expect(none.json().error.code).toBe("CALENDAR_FEED_NOT_SET");
  });

  it("removing the feed removes what imports wrote, and keeps the ranges marked here", async () => {
    const sync = await ok<TSync>(fm("DELETE", `${calendar(ids.synced)}/feed`, "alice"));
    expect(sync).toMatchObject({ feedUrl: null, lastImportedAt: null, importedRanges: null });
    expect(spans((await read(ids.synced)).ranges)).toEqual([
      ["need", "2030-06-13", "2030-06-13", "manual"],
      ["booked", "2030-07-01", "2030-07-02", "manual"],
    ]);
  });
});

// The uploaders' own sign-in (the suite's client posts JSON only).
const uploaders = {} as Record<"bob" | "member" | "stranger", string>;
beforeAll(async () => {
  for (const who of ["bob", "member", "stranger"] as const) {
    uploaders[who] = (await signIn(app(), `${who}@example.com`, "correct horse 42")).access_token;
  }
});

/** POSTs `body` as the multipart field `file` to the calendar's file import. */
function uploadFile(
  id: string,
  who: keyof typeof uploaders | "anonymous",
  body: Buffer,
  filename = "calendar.ics",
) {
  const boundary = "----hostfield-ics";
  return app().inject({
    method: "POST",
    url: `/${FACILITIES}/api${calendar(id)}/file?${V}`,
    headers: {
      "content-type": `multipart/form-data; boundary=${boundary}`,
      ...(who === "anonymous" ? {} : { authorization: `Bearer ${uploaders[who]}` }),
    },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/calendar\r\n\r\n`,
      ),
      body,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
}

describe("importing a file", () => {
  it("imports an .ics file once; a file that is no calendar changes nothing", async () => {
    const file = icsOf([
      ["DTSTART;VALUE=DATE:20300615", "DTEND;VALUE=DATE:20300617", "SUMMARY:Wedding"],
      ["DTSTART;VALUE=DATE:20300701", "RRULE:FREQ=MONTHLY;COUNT=3"],
    ]);
    const res = await uploadFile(ids.uploads, "bob", Buffer.from(file));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      feedUrl: null,
      importedRanges: 2,
      importNotes: [
        "1 event repeats by a rule not read here (FREQ=MONTHLY): only its first date was taken.",
      ],
    });
    const before = await read(ids.uploads, "bob");
    expect(spans(before.ranges)).toEqual([
      ["booked", "2030-06-15", "2030-06-16", "feed"],
      ["booked", "2030-07-01", "2030-07-01", "feed"],
    ]);
    const garbage = await uploadFile(
      ids.uploads,
      "bob",
      Buffer.from("name,date\nfinals,2030-06-12\n"),
    );
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().error.code).toBe("CALENDAR_FEED_INVALID");
    const image = await uploadFile(
      ids.uploads,
      "bob",
      Buffer.from("89504e470d0a1a0a0000000d49484452", "hex"),
      "calendar.png",
    );
    expect(image.statusCode).toBe(415);
    const big = await uploadFile(
      ids.uploads,
      "bob",
      Buffer.from(`${file}${"X-PAD:x\r\n".repeat(130_000)}`),
    );
    expect(big.statusCode).toBe(413);
    expect((await read(ids.uploads, "bob")).ranges).toEqual(before.ranges);
  });
});

describe("the export link", () => {
  const fetchExport = (url: string) => app().inject({ method: "GET", url: new URL(url).pathname });

  it("serves the calendar by its secret alone, without notes; rotated or revoked, 404", async () => {
    await ok(
      fm("POST", calendar(ids.exported), "carol", {
        data: {
          kind: "booked",
          startDate: "2030-06-12",
          endDate: "2030-06-14",
          note: "Private: State finals",
        },
      }),
      201,
    );
    await ok(
      fm("POST", calendar(ids.exported), "carol", {
        data: { kind: "need", startDate: "2030-06-20", endDate: "2030-06-21", discountPercent: 15 },
      }),
      201,
    );
    const link = await ok<{ url: string; createdAt: string }>(
      fm("POST", `${calendar(ids.exported)}/export`, "carol"),
      201,
    );
    expect(link.url).toMatch(
      /^http:\/\/hostfield\.test\/facility-mgmt\/api\/facilities\/calendars\/[A-Za-z0-9_-]{43}\.ics$/,
    );
    expect((await read(ids.exported, "carol")).sync!.exportCreatedAt).toBe(link.createdAt);
    // A calendar app: no bearer token, no api-version.
    const res = await fetchExport(link.url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(res.body).not.toContain("Private");
    expect(res.body.endsWith("END:VCALENDAR\r\n")).toBe(true);
    const root = new ICAL.Component(ICAL.parse(res.body));
    // As written: ical.js does not know X-WR-CALNAME, and this name has nothing to escape.
    expect(root.getFirstPropertyValue("x-wr-calname")).toBe("Exported Gym: availability");
    expect(
      root.getAllSubcomponents("vevent").map((c) => {
        const e = new ICAL.Event(c);
        return [
          e.startDate.isDate && e.endDate.isDate,
          e.startDate.toString(),
          e.endDate.toString(),
          e.summary,
          c.getFirstPropertyValue("transp"),
        ];
      }),
    ).toEqual([
      [true, "2030-06-12", "2030-06-15", "Booked", "OPAQUE"],
      [true, "2030-06-20", "2030-06-22", "Need dates, 15% off", "TRANSPARENT"],
    ]);
    // A new link replaces the old one.
    const next = await ok<{ url: string }>(
      fm("POST", `${calendar(ids.exported)}/export`, "carol"),
      201,
    );
    expect((await fetchExport(link.url)).statusCode).toBe(404);
    expect((await fetchExport(next.url)).statusCode).toBe(200);
    // The facility's link under the destinations' address is no link.
    const asCity = next.url.replace(
      "facility-mgmt/api/facilities",
      "destination-mgmt/api/destinations",
    );
    expect((await fetchExport(asCity)).statusCode).toBe(404);
    // Revoked: gone.
    const revoked = await ok<TSync>(fm("DELETE", `${calendar(ids.exported)}/export`, "carol"));
    expect(revoked.exportCreatedAt).toBeNull();
    expect((await fetchExport(next.url)).statusCode).toBe(404);
    for (const file of ["unknown.ics", `${"A".repeat(43)}.ics`, "x"]) {
      const unknown = await app().inject({
        method: "GET",
        url: `/facility-mgmt/api/facilities/calendars/${file}`,
      });
      expect(unknown.statusCode, file).toBe(404);
    }
  });

  it("a destination's link is served under the destinations' address", async () => {
    const link = await ok<{ url: string }>(
      api.call(
        "destination-mgmt",
        "POST",
        `/destinations/${ids.city}/availability/export`,
        "carol",
      ),
      201,
    );
    expect(link.url).toContain("/destination-mgmt/api/destinations/calendars/");
    const res = await fetchExport(link.url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("X-WR-CALNAME:Visit Fishers: availability");
  });
});

describe("who calls the sync", () => {
  const VENUES = [
    {
      service: "facility-mgmt",
      path: "facilities",
      id: () => ids.synced,
      others: ["member", "stranger", "bob"],
    },
    {
      service: "destination-mgmt",
      path: "destinations",
      id: () => ids.city,
      others: ["stranger", "alice"],
    },
  ] as const;
  // The managers' calls (the file import is multipart: below); the export by its secret is above.
  const MANAGED = [
    ["GET", "feed"],
    ["PUT", "feed"],
    ["DELETE", "feed"],
    ["POST", "feed/import"],
    ["POST", "export"],
    ["DELETE", "export"],
  ] as const;

  it("covers every route of the sync", () => {
    const served = app()
      .routeTable.filter(
        (r) =>
          r.method !== "HEAD" &&
          /^\/(facility|destination)-mgmt\/api\/\w+\/(:id\/availability\/(feed|file|export)|calendars\/)/.test(
            r.url,
          ),
      )
      .map((r) => `${r.method} ${r.url}`);
    const covered = VENUES.flatMap(({ service, path }) => [
      ...MANAGED.map(
        ([method, tail]) => `${method} /${service}/api/${path}/:id/availability/${tail}`,
      ),
      `POST /${service}/api/${path}/:id/availability/file`,
      `GET /${service}/api/${path}/calendars/:file`,
    ]);
    expect(served.sort()).toEqual(covered.sort());
  });

  it.each(VENUES.map((v) => [v.path, v] as const))(
    "refuses anyone but the %s' managers: 401 signed out, 403 for a member, a stranger or another venue's manager",
    async (_path, venue) => {
      const syncOf = () =>
        ok<TSync>(
          api.call(venue.service, "GET", `/${venue.path}/${venue.id()}/availability/feed`, "admin"),
        );
      const before = await syncOf();
      for (const [method, tail] of MANAGED) {
        const route = `/${venue.path}/${venue.id()}/availability/${tail}`;
        const payload = method === "PUT" ? { data: { url: `${feeds.url}/synced.ics` } } : undefined;
        const call = (who: TPerson) => api.call(venue.service, method, route, who, payload);
        expect((await call("anonymous")).statusCode, `${method} ${route}`).toBe(401);
        for (const who of venue.others) {
          expect((await call(who)).statusCode, `${method} ${route} ${who}`).toBe(403);
        }
      }
      // Nothing of theirs was kept.
      expect(await syncOf()).toEqual(before);
    },
  );

  it("refuses a file from anyone but the venue's managers", async () => {
    const file = Buffer.from(icsOf([["DTSTART;VALUE=DATE:20300615"]]));
    expect((await uploadFile(ids.synced, "anonymous", file)).statusCode).toBe(401);
    expect((await uploadFile(ids.synced, "stranger", file)).statusCode).toBe(403);
    expect((await uploadFile(ids.synced, "member", file)).statusCode).toBe(403);
    expect((await uploadFile(ids.synced, "bob", file)).statusCode).toBe(403);
    expect(spans((await read(ids.synced)).ranges, "feed")).toEqual([]);
  });
});

describe("matching reads imported ranges", () => {
  it("a facility whose feed books the event's days gets no lead", async () => {
    feeds.pages.set("/elsewhere.ics", {
      body: icsOf([
        ["DTSTART;VALUE=DATE:20300612", "DTEND;VALUE=DATE:20300615", "SUMMARY:Booked elsewhere"],
      ]),
    });
    await ok(setFeed(ids.matched, `${feeds.url}/elsewhere.ics`, "bob"));
    const eventId = await createEvent(api, "organizer", "Feed Classic");
    await publishRequest(api, "organizer", eventId, courtsRequest());
    const leads = await ok<TLeadDto[]>(ev("GET", `/events/${eventId}/leads?take=100`, "organizer"));
    const names = leads.map((l) => l.owner.name);
    expect(names).toContain("Upload Arena");
    expect(names).not.toContain("Booked Elsewhere Courts");
    expect(EVENT_DAYS.startDate).toBe("2030-06-12");
  });
});

// Without the test setting: https only, and never this machine's own network.

/** An address of this machine's network interfaces other than loopback (URL-ready). */
function ownAddress(): string {
  const all = Object.values(os.networkInterfaces()).flatMap((list) => list ?? []);
  const own = all.find((a) => !a.internal) ?? all[0]!;
  return own.family === "IPv6" ? `[${own.address.replace(/%.*$/, "")}]` : own.address;
}
describe("a server that reads only https feeds on the internet", () => {
  const strictIds = { venue: "" };
  const strict = rfpSuite(["dana", "admin"] as const, async (a) => {
    strictIds.venue = await createListed(a, "facility", "dana", {
      name: "Strict Courts",
      at: "indianapolis",
      sports: ["Basketball"],
      spaces: [indoorCourts(2)],
      tier: "Silver",
    });
  });

  it("refuses plain http, private addresses and this machine's own, in the same words, and keeps nothing", async () => {
    const put = (url: string) =>
      strict.api.call(FACILITIES, "PUT", `${calendar(strictIds.venue)}/feed`, "dana", {
        data: { url },
      });
    const notPublic = "The feed's address is not allowed: it is not on the public internet.";
    for (const [url, words] of [
      [
        `${feeds.url}/synced.ics`,
        "The feed's address is not allowed: it must start with https://.",
      ],
      [`https://127.0.0.1:${new URL(feeds.url).port}/synced.ics`, notPublic],
      ["https://[::1]/cal.ics", notPublic],
      ["https://[::ffff:7f00:1]/cal.ics", notPublic],
      ["webcal://10.0.0.8/cal.ics", notPublic],
      ["https://192.168.1.20/cal.ics", notPublic],
      ["https://localhost/cal.ics", notPublic],
      [`https://${ownAddress()}:5432/cal.ics`, notPublic],
    ] as const) {
      const res = await put(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.code, url).toBe("CALENDAR_FEED_URL_NOT_ALLOWED");
      expect(res.json().error.message, url).toBe(words);
    }
    const sync = await strict.ok<TSync>(
      strict.api.call(FACILITIES, "GET", `${calendar(strictIds.venue)}/feed`, "dana"),
    );
    expect(sync.feedUrl).toBeNull();
  });
});
