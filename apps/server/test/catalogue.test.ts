// Which calls of the product's catalogue (spec/service-calls.md, as JSON) the server serves today.
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TTestApp } from "./helper";

type TEntry = { service: string; method: string; path: string };
const catalogue: TEntry[] = JSON.parse(
  fs.readFileSync(new URL("./fixtures/catalogue.json", import.meta.url), "utf8"),
);
const BASE: Record<string, string> = {
  "user-mgmt": "/user-mgmt/api",
  status: "",
  "hotel-mgmt": "/hotel-mgmt/api",
  "destination-mgmt": "/destination-mgmt/api",
  "facility-mgmt": "/facility-mgmt/api",
  "business-mgmt": "/business-mgmt/api",
  "company-mgmt": "/company-mgmt/api",
  "event-mgmt": "/event-mgmt/api",
  "report-mgmt": "/report-mgmt/api",
  "assistant-mgmt": "/assistant-mgmt/api",
  "story-mgmt": "/story-mgmt/api",
};

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** The catalogue path as a Fastify route pattern: {id} -> :id (names differ; positions matter). */
const pattern = (path: string) => path.replace(/\{[^}]+\}/g, ":p").replace(/\?.*$/, "");

function served(entry: TEntry): boolean {
  const url = `${BASE[entry.service] ?? "/none"}${pattern(entry.path)}`;
  return t.app.routeTable.some(
    (r) => r.method === entry.method && r.url.replace(/:[^/]+/g, ":p") === url,
  );
}

describe("catalogue coverage", () => {
  it("serves every call of the user-management service: accounts, images, groups, threads, notifications", () => {
    const entries = catalogue.filter((e) => e.service === "user-mgmt");
    expect(entries.length).toBeGreaterThan(70);
    const missing = entries.filter((e) => !served(e)).map((e) => `${e.method} ${e.path}`);
    expect(missing).toEqual([]);
  });

  it("serves the status document", () => {
    const entries = catalogue.filter((e) => e.service === "status");
    expect(entries.map(served)).toEqual(entries.map(() => true));
  });

  // The listing kinds' shared calls (issue "Profiles"), and the events' and organizations' own
  // (clone, ical, partner, email, settings, hotels, Marketed search, organization events, stats,
  // report), requests for proposals and leads (issue 7), hotel stays (issue 17), business
  // promotions, partner pictures and destination CRM (issue 20): every one of them.
  const KIND_SERVICES = [
    "hotel-mgmt",
    "destination-mgmt",
    "facility-mgmt",
    "business-mgmt",
    "company-mgmt",
    "event-mgmt",
  ];

  it("serves every call of requests for proposals, leads, the pipeline and the RFP marketplace", () => {
    const entries = catalogue.filter(
      (e) =>
        e.service === "event-mgmt" &&
        /\/(requirements|leads|pipeline)\b|\/search\/rfps$/.test(e.path),
    );
    expect(entries.length).toBe(23);
    const missing = entries.filter((e) => !served(e)).map((e) => `${e.method} ${e.path}`);
    expect(missing).toEqual([]);
  });

  it("serves every call of the hotel service, with availability, quotes, reservations and matches", () => {
    const entries = catalogue.filter((e) => e.service === "hotel-mgmt");
    expect(entries.filter((e) => /availability|reservations|matches/.test(e.path))).toHaveLength(4);
    const missing = entries.filter((e) => !served(e)).map((e) => `${e.method} ${e.path}`);
    expect(missing).toEqual([]);
  });

  it("serves every shared call of the seven listing kinds", () => {
    const entries = catalogue.filter((e) => KIND_SERVICES.includes(e.service));
    expect(entries.length).toBeGreaterThan(300);
    const missing = entries
      .filter((e) => !served(e))
      .map((e) => `${e.service} ${e.method} ${e.path}`);
    expect(missing).toEqual([]);
  });

  // Business promotions (issue 20): the collection with its default, and the search.
  it("serves every promotions call of the business service", () => {
    const entries = catalogue.filter(
      (e) => e.service === "business-mgmt" && /\/promotions\b/.test(e.path),
    );
    expect(entries).toHaveLength(8);
    const missing = entries.filter((e) => !served(e)).map((e) => `${e.method} ${e.path}`);
    expect(missing).toEqual([]);
  });

  // A destination's CRM connections (issue 20): the collection, sync, accounts and the log.
  it("serves every CRM call of the destination service", () => {
    const entries = catalogue.filter(
      (e) => e.service === "destination-mgmt" && /\/crm\b/.test(e.path),
    );
    expect(entries).toHaveLength(9);
    const missing = entries.filter((e) => !served(e)).map((e) => `${e.method} ${e.path}`);
    expect(missing).toEqual([]);
  });

  // Stories (issue 20): the published list, one by slug, one by id.
  it("serves every call of the story service", () => {
    const entries = catalogue.filter((e) => e.service === "story-mgmt");
    expect(entries).toHaveLength(3);
    const missing = entries.filter((e) => !served(e)).map((e) => `${e.method} ${e.path}`);
    expect(missing).toEqual([]);
  });

  // The assistant and the destinations' tour-guide settings (issue 19).
  it("serves every call of the assistant service and every tour-guide call of the destinations", () => {
    const assistant = catalogue.filter((e) => e.service === "assistant-mgmt");
    expect(assistant).toHaveLength(14);
    const tourGuide = catalogue.filter(
      (e) => e.service === "destination-mgmt" && /\/tour-guide\b/.test(e.path),
    );
    expect(tourGuide).toHaveLength(4);
    const missing = [...assistant, ...tourGuide]
      .filter((e) => !served(e))
      .map((e) => `${e.service} ${e.method} ${e.path}`);
    expect(missing).toEqual([]);
  });

  // Reports (issue 18).
  it("serves every call of the report service: dashboards, leaderboards and the RFP overview", () => {
    const entries = catalogue.filter((e) => e.service === "report-mgmt");
    expect(entries).toHaveLength(38);
    expect(entries.filter((e) => /\/(leaderboard|overview)$/.test(e.path))).toHaveLength(6);
    const missing = entries.filter((e) => !served(e)).map((e) => `${e.method} ${e.path}`);
    expect(missing).toEqual([]);
  });
});
