// Facility-only calls: destinations whose managers inherit management, reviews and ratings,
// onboarding lists, admin counts; and the hotel look-ups and shared extras.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TTestApp, V } from "./helper";
import { signInPeople, type TTokens } from "./oidc-driver";

const PASSWORD = "correct horse 42";
const PEOPLE = ["owner", "cvb", "fan", "critic", "admin"] as const;
type TWho = (typeof PEOPLE)[number] | "anonymous";
let t: TTestApp;
let tokens: Record<(typeof PEOPLE)[number], TTokens>;

beforeAll(async () => {
  t = await buildTestApp({ env: { ADMIN_EMAILS: "admin@example.com" } });
  tokens = await signInPeople(t.app, t.app.db, PEOPLE, PASSWORD);
}, 120_000);
afterAll(() => t?.close());

function call(
  service: string,
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  route: string,
  who: TWho,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url: `/${service}/api${route}${route.includes("?") ? "&" : "?"}${V}`,
    headers: who === "anonymous" ? {} : { authorization: `Bearer ${tokens[who].access_token}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
const fac = (
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  route: string,
  who: TWho,
  payload?: unknown,
) => call("facility-mgmt", method, `/facilities${route}`, who, payload);

async function listed(service: string, path: string, who: TWho, data: Record<string, unknown>) {
  const created = await call(service, "POST", `/${path}`, who, { data });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id as string;
  expect((await call(service, "PUT", `/${path}/${id}/approve`, "admin")).statusCode).toBe(200);
  return id;
}

describe("a facility listed by a destination", () => {
  let facility: string;
  let destination: string;
  beforeAll(async () => {
    facility = await listed("facility-mgmt", "facilities", "owner", {
      name: "Lakeside Fieldhouse",
      facilityTypes: ["Fieldhouse"],
    });
    destination = await listed("destination-mgmt", "destinations", "cvb", {
      name: "Lakeside Sports Commission",
    });
  });

  it("shows a linked destination's logo as a /media address (a stored key alone 404s)", async () => {
    await t.database.pool.query("update profiles set logo = $1 where id = $2", [
      "demo/logos/lakeside.png",
      destination,
    ]);
    const link = await fac("POST", `/${facility}/destinations`, "owner", {
      data: { destinationId: destination },
    });
    expect(link.statusCode, link.body).toBe(201);
    expect(link.json().data.destination.logo).toBe("/media/demo/logos/lakeside.png");
    const listedUnder = (await fac("GET", `/${facility}/destinations`, "anonymous")).json();
    expect(
      listedUnder.data.map((l: { destination: { logo: string } }) => l.destination.logo),
    ).toEqual(["/media/demo/logos/lakeside.png"]);
    await fac("DELETE", `/${facility}/destinations/${link.json().data.id}`, "owner");
    await t.database.pool.query("update profiles set logo = null where id = $1", [destination]);
  });

  it("is managed by the destination's managers once linked, and not before", async () => {
    const patch = [{ op: "replace", path: "/capacity", value: 1200 }];
    expect((await fac("PATCH", `/${facility}`, "cvb", patch)).statusCode).toBe(403);
    // The destination's manager cannot claim a facility; its own manager links it.
    expect(
      (
        await fac("POST", `/${facility}/destinations`, "cvb", {
          data: { destinationId: destination },
        })
      ).statusCode,
    ).toBe(403);
    const link = await fac("POST", `/${facility}/destinations`, "owner", {
      data: { destinationId: destination },
    });
    expect(link.statusCode, link.body).toBe(201);
    expect(link.json().data.destination.name).toBe("Lakeside Sports Commission");
    expect(
      (
        await fac("POST", `/${facility}/destinations`, "owner", {
          data: { destinationId: destination },
        })
      ).statusCode,
    ).toBe(409);
    const edited = await fac("PATCH", `/${facility}`, "cvb", patch);
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.capacity).toBe(1200);
    expect((await fac("GET", `/${facility}/my/entitlements`, "cvb")).json().data).toContain(
      "profile.update",
    );
    expect((await fac("GET", `/${facility}/my/entitlements`, "cvb")).json().data).not.toContain(
      "profile.delete",
    );
    const inherited = (await fac("GET", `/${facility}/managers/inherited`, "owner")).json();
    expect(inherited.data).toMatchObject([{ email: "cvb@example.com", inherited: true }]);
    // Unlinked, the inheritance ends.
    expect(
      (await fac("DELETE", `/${facility}/destinations/${link.json().data.id}`, "owner")).statusCode,
    ).toBe(200);
    expect((await fac("PATCH", `/${facility}`, "cvb", patch)).statusCode).toBe(403);
  });

  it("takes one review per member, rated 1 to 5, edited by its author only", async () => {
    const review = (who: TWho, rating: number) =>
      fac("POST", `/${facility}/reviews`, who, { data: { rating, title: "Great floors" } });
    expect((await review("anonymous", 5)).statusCode).toBe(401);
    expect((await review("fan", 6)).statusCode).toBe(400);
    const mine = await review("fan", 5);
    expect(mine.statusCode).toBe(201);
    expect((await review("fan", 4)).statusCode).toBe(409);
    expect((await review("critic", 2)).statusCode).toBe(201);
    const ratings = (await fac("GET", `/${facility}/ratings`, "anonymous")).json().data;
    expect(ratings).toEqual({ count: 2, average: 3.5, distribution: [0, 1, 0, 0, 1] });
    const id = mine.json().data.id;
    const edit = [{ op: "replace", path: "/rating", value: 4 }];
    expect((await fac("PATCH", `/${facility}/reviews/${id}`, "critic", edit)).statusCode).toBe(403);
    expect((await fac("PATCH", `/${facility}/reviews/${id}`, "fan", edit)).json().data.rating).toBe(
      4,
    );
    expect((await fac("GET", `/${facility}/reviews/my`, "fan")).json().data.rating).toBe(4);
    expect(
      (await fac("GET", `/${facility}/reviews/${id}/my/entitlements`, "owner")).json().data,
    ).toEqual(["review.delete"]);
    expect((await fac("DELETE", `/${facility}/reviews/${id}`, "critic")).statusCode).toBe(403);
    expect((await fac("DELETE", `/${facility}/reviews/${id}`, "owner")).statusCode).toBe(200);
    expect((await fac("GET", `/${facility}/reviews`, "anonymous")).json()._meta.stats.count).toBe(
      1,
    );
  });

  it("is found by the marketplace search and counted by its facets", async () => {
    await fac("PATCH", `/${facility}`, "owner", [
      {
        op: "replace",
        path: "/address",
        value: {
          street: null,
          city: "Louisville",
          state: "Kentucky",
          postalCode: null,
          country: "US",
        },
      },
      { op: "replace", path: "/sports", value: ["Volleyball"] },
    ]);
    const near = { address: "Lexington, KY", dist: 100 };
    const found = await fac("POST", "/search?take=5", "anonymous", {
      data: { near, sports: ["Volleyball"] },
    });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()._meta.stats.count).toBe(1);
    // Louisville lies about 70 miles west of Lexington.
    expect(found.json().data[0]).toMatchObject({ id: facility, sports: ["Volleyball"] });
    expect(found.json().data[0].distanceMiles).toBeGreaterThan(60);
    expect(found.json().data[0].distanceMiles).toBeLessThan(80);
    const tooFar = await fac("POST", "/search", "anonymous", {
      data: { near: { ...near, dist: 50 } },
    });
    expect(tooFar.json()._meta.stats.count).toBe(0);
    const stats = (await fac("POST", "/search/stats", "anonymous", { data: { near } })).json().data;
    expect(stats.sports).toEqual([{ value: "Volleyball", count: 1 }]);
    const nowhere = await fac("POST", "/search", "anonymous", {
      data: { near: { address: "Xyzzyville, ZZ" } },
    });
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().error.code).toBe("PLACE_NOT_FOUND");
    const destinations = await fac("POST", "/destinations/search", "anonymous", {
      data: { text: "Lakeside" },
    });
    expect(destinations.json().data.map((p: { id: string }) => p.id)).toEqual([destination]);
  });

  it("lists my approved facilities, recently onboarded ones, and counts for admins", async () => {
    expect(
      (await fac("GET", "/my/approved", "owner")).json().data.map((p: { id: string }) => p.id),
    ).toEqual([facility]);
    expect(
      (await fac("GET", "/onboarded", "anonymous")).json().data.map((p: { id: string }) => p.id),
    ).toContain(facility);
    expect((await fac("GET", "/stats", "owner")).statusCode).toBe(403);
    const stats = (await fac("GET", "/stats", "admin")).json().data;
    expect(stats).toMatchObject({ total: 1, approved: 1, pending: 0, active: 1 });
    expect((await fac("GET", "/report", "admin")).json().data.total).toBe(1);
  });
});

describe("hotel look-ups and shared extras", () => {
  it("finds a listed hotel by partner id and place id, and onboarding reuses it", async () => {
    const id = await listed("hotel-mgmt", "hotels", "owner", {
      name: "Hampton Inn Lakeside",
      partnerId: "HP-1",
      placeId: "place-1",
      starRating: 3.5,
    });
    expect((await call("hotel-mgmt", "GET", "/hotels/hp/HP-1", "anonymous")).json().data.id).toBe(
      id,
    );
    expect(
      (await call("hotel-mgmt", "GET", "/hotels/places/place-1", "anonymous")).json().data.id,
    ).toBe(id);
    expect((await call("hotel-mgmt", "GET", "/hotels/hp/HP-404", "anonymous")).statusCode).toBe(
      404,
    );
    const again = await call("hotel-mgmt", "POST", "/hotels/onboarding", "fan", {
      data: { name: "Hampton", partnerId: "HP-1" },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(id);
    const fresh = await call("hotel-mgmt", "POST", "/hotels/onboarding", "fan", {
      data: { name: "New Inn", partnerId: "HP-2" },
    });
    expect(fresh.statusCode).toBe(201);
    expect(fresh.json().data.status).toBe("pending");
  });

  it("links a hotel to a listed company, by the hotel's managers", async () => {
    const hotel = await listed("hotel-mgmt", "hotels", "owner", { name: "Courtyard Lakeside" });
    const company = await listed("company-mgmt", "companies", "critic", { name: "Marriott Group" });
    expect(
      (await call("hotel-mgmt", "PUT", `/hotels/${hotel}/companies/${company}`, "fan")).statusCode,
    ).toBe(403);
    const linked = await call(
      "hotel-mgmt",
      "PUT",
      `/hotels/${hotel}/companies/${company}`,
      "owner",
    );
    expect(linked.json().data.companyIds).toEqual([company]);
    const unlinked = await call(
      "hotel-mgmt",
      "DELETE",
      `/hotels/${hotel}/companies/${company}`,
      "owner",
    );
    expect(unlinked.json().data.companyIds).toEqual([]);
    expect(
      (await call("hotel-mgmt", "DELETE", `/hotels/${hotel}/companies/${company}`, "owner"))
        .statusCode,
    ).toBe(404);
  });

  it("refuses bad references and clashes with a clear 4xx, never a 500", async () => {
    await listed("hotel-mgmt", "hotels", "owner", { name: "Clash Inn", partnerId: "HP-CLASH" });
    const twin = await call("hotel-mgmt", "POST", "/hotels", "fan", {
      data: { name: "Clash Inn Two", partnerId: "HP-CLASH" },
    });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().error.code).toBe("CONFLICT");
    const event = (data: Record<string, unknown>) =>
      call("event-mgmt", "POST", "/events", "owner", {
        data: {
          name: "Spring Classic",
          type: "Tournament",
          startDate: "2027-04-10",
          endDate: "2027-04-12",
          ...data,
        },
      });
    const backwards = await event({ endDate: "2027-04-01" });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.message).toBe("An event cannot end before it starts.");
    const orphan = await event({ organizationId: "00000000-0000-4000-8000-000000000001" });
    expect(orphan.statusCode).toBe(404);
    expect((await event({})).statusCode).toBe(201);
  });

  it("drafts a description from the fields sent", async () => {
    const res = await call("business-mgmt", "PUT", "/businesses/ai/description", "owner", {
      data: {
        name: "Slugger's Grill",
        businessCategory: "Food & Beverage",
        address: { city: "Louisville", state: "Kentucky" },
        placeAttributes: ["Good for Groups"],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.description).toContain(
      "Slugger's Grill is a food & beverage business in Louisville, Kentucky.",
    );
    expect(res.json().data.description).toContain("good for groups");
    expect(
      (await call("business-mgmt", "PUT", "/businesses/ai/description", "anonymous", { data: {} }))
        .statusCode,
    ).toBe(401);
  });
});
