// The cities the map labels on its own basemap: anyone may read them, visitors included.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectCallers } from "./access-matrix";
import { buildTestApp, type TTestApp, V } from "./helper";
import { signInPeople, type TTokens } from "./oidc-driver";

const CALLERS = ["anonymous", "member"] as const;

let t: TTestApp;
let tokens: Record<"member", TTokens>;

beforeAll(async () => {
  t = await buildTestApp({ env: { RATE_LIMIT_MAX: "1000000" } });
  tokens = await signInPeople(t.app, t.app.db, ["member"], "correct horse 42");
}, 120_000);
afterAll(() => t?.close());

function get(url: string, who: (typeof CALLERS)[number] = "anonymous") {
  return t.app.inject({
    method: "GET",
    url,
    headers: who === "anonymous" ? {} : { authorization: `Bearer ${tokens[who].access_token}` },
  });
}

type TPlace = { name: string; state: string; lat: number; lng: number; population: number };

describe("GET /api/map/places", () => {
  it("answers visitors and signed-in people alike", async () => {
    await expectCallers(CALLERS, CALLERS, (who) => get(`/api/map/places?${V}`, who));
  });

  it("lists US and Canadian cities of 10,000 people or more, the most populous first", async () => {
    const res = await get(`/api/map/places?${V}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toMatch(/public/);
    const places = res.json().data as TPlace[];
    expect(places[0]).toMatchObject({ name: "New York", state: "NY" });
    expect(places.find((p) => p.name === "Toronto")).toMatchObject({ state: "ON" });
    const austin = places.find((p) => p.name === "Austin" && p.state === "TX");
    expect(austin?.lat).toBeCloseTo(30.27, 1);
    expect(austin?.lng).toBeCloseTo(-97.74, 1);
    expect(places.every((p) => p.population >= 10_000)).toBe(true);
    for (let i = 1; i < places.length; i += 1) {
      expect(places[i - 1]!.population).toBeGreaterThanOrEqual(places[i]!.population);
    }
  });

  it("refuses a call without the API version with a 400 and its code", async () => {
    const res = await get("/api/map/places");
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("API_VERSION_UNSUPPORTED");
  });
});
