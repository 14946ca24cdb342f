// A facility's space types with an indicative day price over http: its managers set it (adding a
// space type, or changing one with JSON Patch) and remove it, everyone reads it; a negative, huge
// or over-precise amount and an unknown currency are 400 VALIDATION_FAILED with nothing stored, and
// only the facility's managers write.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TTestApp, V } from "./helper";
import { signInPeople, type TTokens } from "./oidc-driver";

const PEOPLE = ["owner", "stranger", "admin"] as const;
type TWho = (typeof PEOPLE)[number] | "anonymous";
let t: TTestApp;
let tokens: Record<(typeof PEOPLE)[number], TTokens>;
let facility: string;

function fac(
  method: "GET" | "POST" | "PATCH" | "DELETE" | "PUT",
  route: string,
  who: TWho,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url: `/facility-mgmt/api/facilities${route}${route.includes("?") ? "&" : "?"}${V}`,
    headers: who === "anonymous" ? {} : { authorization: `Bearer ${tokens[who].access_token}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const COURTS = {
  name: "Court",
  surface: "Hardwood",
  count: 4,
  location: "Indoor",
  additionalFeatures: ["Lights"],
};

beforeAll(async () => {
  t = await buildTestApp({ env: { ADMIN_EMAILS: "admin@example.com" } });
  tokens = await signInPeople(t.app, t.app.db, PEOPLE, "correct horse 42");
  const created = await fac("POST", "", "owner", {
    data: { name: "Priced Fieldhouse", facilityTypes: ["Fieldhouse"] },
  });
  expect(created.statusCode, created.body).toBe(201);
  facility = created.json().data.id;
  const approved = await fac("PUT", `/${facility}/approve`, "admin");
  expect(approved.statusCode, approved.body).toBe(200);
}, 120_000);
afterAll(() => t?.close());

type TSpace = { id: string; name: string; dayPrice: { amount: number; currency: string } | null };

async function spaces(who: TWho): Promise<TSpace[]> {
  const res = await fac("GET", `/${facility}/spaceTypes`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe("a space type's indicative day price", () => {
  it("its managers set it on a new space type and change it; everyone reads it", async () => {
    const added = await fac("POST", `/${facility}/spaceTypes`, "owner", {
      data: { ...COURTS, dayPrice: { amount: 450, currency: "USD" } },
    });
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json().data.id as string;
    expect(added.json().data.dayPrice).toEqual({ amount: 450, currency: "USD" });
    expect(await spaces("anonymous")).toMatchObject([
      { id, name: "Court", dayPrice: { amount: 450, currency: "USD" } },
    ]);

    const changed = await fac("PATCH", `/${facility}/spaceTypes/${id}`, "owner", [
      { op: "replace", path: "/dayPrice", value: { amount: 512.5, currency: "CAD" } },
    ]);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({
      count: 4,
      additionalFeatures: ["Lights"],
      dayPrice: { amount: 512.5, currency: "CAD" },
    });
    // A change of another field keeps the price.
    const recounted = await fac("PATCH", `/${facility}/spaceTypes/${id}`, "owner", [
      { op: "replace", path: "/count", value: 6 },
    ]);
    expect(recounted.json().data.dayPrice).toEqual({ amount: 512.5, currency: "CAD" });
    expect((await spaces("stranger"))[0]?.dayPrice).toEqual({ amount: 512.5, currency: "CAD" });

    const removed = await fac("PATCH", `/${facility}/spaceTypes/${id}`, "owner", [
      { op: "replace", path: "/dayPrice", value: null },
    ]);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await spaces("anonymous"))[0]?.dayPrice).toBeNull();
    await fac("DELETE", `/${facility}/spaceTypes/${id}`, "owner");
  });

  it("a space type without one has none", async () => {
    const added = await fac("POST", `/${facility}/spaceTypes`, "owner", {
      data: { ...COURTS, name: "Field", surface: "Turf", location: "Outdoor" },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().data.dayPrice).toBeNull();
    await fac("DELETE", `/${facility}/spaceTypes/${added.json().data.id}`, "owner");
  });

  it("refuses a price out of bounds or in an unknown currency with 400 and a code, storing nothing", async () => {
    const added = await fac("POST", `/${facility}/spaceTypes`, "owner", {
      data: { ...COURTS, dayPrice: { amount: 300, currency: "USD" } },
    });
    const id = added.json().data.id as string;
    for (const dayPrice of [
      { amount: -1, currency: "USD" },
      { amount: 100_000.01, currency: "USD" },
      { amount: 10.005, currency: "USD" },
      { amount: 450, currency: "JPY" },
      { amount: "450", currency: "USD" },
      { currency: "USD" },
    ]) {
      const posted = await fac("POST", `/${facility}/spaceTypes`, "owner", {
        data: { ...COURTS, name: "Rink", surface: "Ice", dayPrice },
      });
      expect(posted.statusCode, JSON.stringify(dayPrice)).toBe(400);
      expect(posted.json().error.code).toBe("VALIDATION_FAILED");
      expect(JSON.stringify(posted.json().error.details.issues)).toContain("dayPrice");
      const patched = await fac("PATCH", `/${facility}/spaceTypes/${id}`, "owner", [
        { op: "replace", path: "/dayPrice", value: dayPrice },
      ]);
      expect(patched.statusCode, JSON.stringify(dayPrice)).toBe(400);
      expect(patched.json().error.code).toBe("VALIDATION_FAILED");
    }
    const after = await spaces("anonymous");
    expect(after.map((s) => s.name)).toEqual(["Court"]);
    expect(after[0]?.dayPrice).toEqual({ amount: 300, currency: "USD" });
    await fac("DELETE", `/${facility}/spaceTypes/${id}`, "owner");
  });

  it("only the facility's managers set it", async () => {
    const added = await fac("POST", `/${facility}/spaceTypes`, "owner", { data: COURTS });
    const id = added.json().data.id as string;
    const price = [{ op: "replace", path: "/dayPrice", value: { amount: 1, currency: "USD" } }];
    expect(
      (await fac("PATCH", `/${facility}/spaceTypes/${id}`, "stranger", price)).statusCode,
    ).toBe(403);
    expect(
      (await fac("PATCH", `/${facility}/spaceTypes/${id}`, "anonymous", price)).statusCode,
    ).toBe(401);
    expect(
      (
        await fac("POST", `/${facility}/spaceTypes`, "stranger", {
          data: { ...COURTS, dayPrice: { amount: 1, currency: "USD" } },
        })
      ).statusCode,
    ).toBe(403);
    expect((await spaces("anonymous"))[0]?.dayPrice).toBeNull();
  });
});
