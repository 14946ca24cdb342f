// The pages around a place: a destination's facilities (listed under it), the hotels and the
// events not over yet near it; a landing state's page; and who may review a facility.
import { addDays, todayUtc } from "@hostfield/domain/rules";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { codeOf } from "./access-matrix";
import { buildTestApp, type TTestApp, V } from "./helper";
import { signInPeople, type TTokens } from "./oidc-driver";

const PEOPLE = ["owner", "cvb", "fan", "admin"] as const;
type TWho = (typeof PEOPLE)[number] | "anonymous";
let t: TTestApp;
let tokens: Record<(typeof PEOPLE)[number], TTokens>;

function call(service: string, method: string, route: string, who: TWho, payload?: unknown) {
  return t.app.inject({
    method: method as "GET",
    url: `/${service}/api${route}${route.includes("?") ? "&" : "?"}${V}`,
    headers: who === "anonymous" ? {} : { authorization: `Bearer ${tokens[who].access_token}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
const SERVICE = {
  facilities: "facility-mgmt",
  destinations: "destination-mgmt",
  hotels: "hotel-mgmt",
  events: "event-mgmt",
} as const;

/** A listing created by `who`, approved unless `pending`, placed at a point in a state. */
async function listing(
  path: keyof typeof SERVICE,
  who: TWho,
  data: Record<string, unknown>,
  place: { lat: number; lng: number; state: string } | null,
  pending = false,
) {
  const created = await call(SERVICE[path], "POST", `/${path}`, who, { data });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id as string;
  if (!pending)
    expect((await call(SERVICE[path], "PUT", `/${path}/${id}/approve`, "admin")).statusCode).toBe(
      200,
    );
  if (place)
    await t.database.pool.query(
      "update profiles set lat = $1, lng = $2, state = $3 where id = $4",
      [place.lat, place.lng, place.state, id],
    );
  return id;
}

const names = (res: { json(): { data: { name: string }[] } }) => res.json().data.map((p) => p.name);
const event = (name: string, start: string, end = start) => ({
  name,
  type: "Tournament",
  startDate: start,
  endDate: end,
});

// Indianapolis, a town 10 miles off, and Chicago (over 150 miles away).
const INDY = { lat: 39.7684, lng: -86.1581, state: "Indiana" };
const NEAR = { lat: 39.9, lng: -86.2, state: "Indiana" };
const FAR = { lat: 41.8781, lng: -87.6298, state: "Illinois" };

let destination: string;
let facility: string;
let arena: string;

beforeAll(async () => {
  t = await buildTestApp({ env: { ADMIN_EMAILS: "admin@example.com" } });
  tokens = await signInPeople(t.app, t.app.db, PEOPLE, "correct horse 42");
  destination = await listing("destinations", "cvb", { name: "Visit Indy" }, INDY);
  const today = todayUtc();
  // Listed under the destination: two listed facilities, one pending; one listed elsewhere.
  facility = await listing("facilities", "owner", { name: "Bankers Fieldhouse" }, NEAR);
  arena = await listing("facilities", "owner", { name: "Arena Courts" }, INDY);
  const pending = await listing("facilities", "owner", { name: "Pending Dome" }, INDY, true);
  await listing("facilities", "owner", { name: "Unlinked Gym" }, INDY);
  for (const id of [facility, arena, pending]) {
    const link = await call("facility-mgmt", "POST", `/facilities/${id}/destinations`, "owner", {
      data: { destinationId: destination },
    });
    expect(link.statusCode, link.body).toBe(201);
  }
  await listing("hotels", "owner", { name: "Near Inn" }, NEAR);
  await listing("hotels", "owner", { name: "Downtown Suites" }, INDY);
  await listing("hotels", "owner", { name: "Chicago Lodge" }, FAR);
  await listing("events", "owner", event("Later Cup", addDays(today, 40)), NEAR);
  await listing("events", "owner", event("Sooner Classic", addDays(today, 5)), INDY);
  await listing(
    "events",
    "owner",
    event("Running Now", addDays(today, -1), addDays(today, 1)),
    INDY,
  );
  await listing("events", "owner", event("Past Open", addDays(today, -20)), INDY);
  await listing("events", "owner", event("Hidden Draft", addDays(today, 3)), INDY, true);
  await listing("events", "owner", event("Windy City Open", addDays(today, 4)), FAR);
}, 180_000);
afterAll(() => t?.close());

const around = (section: string, who: TWho = "anonymous", query = "") =>
  call("destination-mgmt", "GET", `/destinations/${destination}/${section}${query}`, who);

describe("a destination's page around it", () => {
  it("lists the listed facilities listed under it, with their count, paged", async () => {
    const all = await around("facilities");
    expect(all.statusCode, all.body).toBe(200);
    expect(names(all).sort()).toEqual(["Arena Courts", "Bankers Fieldhouse"]);
    expect(all.json()._meta.stats.count).toBe(2);
    const second = await around("facilities", "anonymous", "?take=1&offset=1");
    expect(second.json().data).toHaveLength(1);
    expect(second.json()._meta.stats.count).toBe(2);
    expect(names(second)).not.toContain(
      names(await around("facilities", "anonymous", "?take=1"))[0],
    );
  });

  it("lists them most liked first (ties by name), as their likes and names are now", async () => {
    // A destination of its own; Bankers Fieldhouse is liked before it is linked, so the link
    // starts from the likes the facility has.
    const other = await listing("destinations", "cvb", { name: "Visit Near" }, null);
    const like = (id: string, method: "POST" | "DELETE") =>
      call("facility-mgmt", method, `/facilities/${id}/likes`, "fan");
    expect((await like(facility, "POST")).statusCode).toBeLessThan(300);
    for (const id of [arena, facility]) {
      const link = await call("facility-mgmt", "POST", `/facilities/${id}/destinations`, "owner", {
        data: { destinationId: other },
      });
      expect(link.statusCode, link.body).toBe(201);
    }
    const listed = async () =>
      names(
        await call("destination-mgmt", "GET", `/destinations/${other}/facilities`, "anonymous"),
      );
    expect(await listed()).toEqual(["Bankers Fieldhouse", "Arena Courts"]);
    // Unliked: a tie at no likes, by name.
    expect((await like(facility, "DELETE")).statusCode).toBeLessThan(300);
    expect(await listed()).toEqual(["Arena Courts", "Bankers Fieldhouse"]);
    // A like after the link moves the facility up.
    expect((await like(arena, "POST")).statusCode).toBeLessThan(300);
    expect(await listed()).toEqual(["Arena Courts", "Bankers Fieldhouse"]);
    expect((await like(arena, "DELETE")).statusCode).toBeLessThan(300);
    expect((await like(facility, "POST")).statusCode).toBeLessThan(300);
    expect(await listed()).toEqual(["Bankers Fieldhouse", "Arena Courts"]);
    // A tie again, and a renamed facility takes its new name's place among them.
    expect((await like(facility, "DELETE")).statusCode).toBeLessThan(300);
    await t.database.pool.query("update profiles set name = 'Zeta Courts' where id = $1", [arena]);
    expect(await listed()).toEqual(["Bankers Fieldhouse", "Zeta Courts"]);
    await t.database.pool.query("update profiles set name = 'Arena Courts' where id = $1", [arena]);
    // A link to no facility is still refused by its foreign key (the copies do not fail first).
    await expect(
      t.database.pool.query(
        "insert into facility_destinations (facility_id, destination_id) values (gen_random_uuid(), $1)",
        [other],
      ),
    ).rejects.toMatchObject({ code: "23503" });
  });

  it("lists the hotels near it, nearest first, and not those far away", async () => {
    expect(names(await around("hotels"))).toEqual(["Downtown Suites", "Near Inn"]);
  });

  it("lists the visible events near it that are not over, soonest first", async () => {
    expect(names(await around("events"))).toEqual(["Running Now", "Sooner Classic", "Later Cup"]);
  });

  it("answers 404 for a destination that is pending or missing, 400 for a bad id or page", async () => {
    const pending = await listing("destinations", "cvb", { name: "Pending CVB" }, INDY, true);
    const hidden = await call(
      "destination-mgmt",
      "GET",
      `/destinations/${pending}/facilities`,
      "fan",
    );
    expect(hidden.statusCode).toBe(404);
    // Its own people see what is around it.
    expect(
      (await call("destination-mgmt", "GET", `/destinations/${pending}/hotels`, "cvb")).statusCode,
    ).toBe(200);
    const bad = await call("destination-mgmt", "GET", "/destinations/not-an-id/facilities", "fan");
    expect(bad.statusCode).toBe(400);
    expect(codeOf(bad)).toBeTruthy();
    expect((await around("facilities", "anonymous", "?take=0")).statusCode).toBe(400);
  });
});

describe("a state's landing page", () => {
  it("gives the state, its destinations, facilities and upcoming events in one reply", async () => {
    const res = await call("destination-mgmt", "GET", "/states/indiana", "anonymous");
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().data;
    expect(page.state).toMatchObject({
      name: "Indiana",
      slug: "indiana",
      region: "Midwest",
      featured: true,
      featuredVideo: expect.stringMatching(/^https:/),
    });
    expect(page.destinations.items.map((p: { name: string }) => p.name)).toEqual(["Visit Indy"]);
    expect(page.facilities.count).toBe(3);
    expect(page.facilities.items.map((p: { name: string }) => p.name)).not.toContain(
      "Pending Dome",
    );
    expect(page.events.items.map((p: { name: string }) => p.name)).toEqual([
      "Running Now",
      "Sooner Classic",
      "Later Cup",
    ]);
  });

  it("has no video when the state has none, and answers 404 STATE_NOT_FOUND elsewhere", async () => {
    const arizona = await call("destination-mgmt", "GET", "/states/arizona", "anonymous");
    expect(arizona.json().data.state).toMatchObject({
      name: "Arizona",
      featured: false,
      featuredVideo: null,
    });
    expect(arizona.json().data.destinations).toEqual({ items: [], count: 0 });
    // Illinois is a state, but not one with landing content.
    for (const slug of ["illinois", "Indiana", "no-such-state"]) {
      const res = await call("destination-mgmt", "GET", `/states/${slug}`, "anonymous");
      expect(res.statusCode).toBe(404);
      expect(codeOf(res)).toBe("STATE_NOT_FOUND");
    }
  });
});

describe("reviewing a facility", () => {
  const review = (who: TWho, id = facility) =>
    call("facility-mgmt", "POST", `/facilities/${id}/reviews`, who, {
      data: { rating: 4, body: "Good courts" },
    });

  it("is refused to its own managers and to the managers of its destination", async () => {
    for (const who of ["owner", "cvb"] as const) {
      const res = await review(who);
      expect(res.statusCode, who).toBe(403);
      expect(codeOf(res)).toBe("OWN_LISTING_REVIEW");
      const abilities = await call(
        "facility-mgmt",
        "GET",
        `/facilities/${facility}/my/entitlements`,
        who,
      );
      expect(abilities.json().data).not.toContain("reviews.write");
    }
  });

  it("is allowed to another member, who alone edits and removes it; refused to visitors", async () => {
    expect((await review("anonymous")).statusCode).toBe(401);
    const mine = await review("fan");
    expect(mine.statusCode, mine.body).toBe(201);
    const id = mine.json().data.id;
    const path = `/facilities/${facility}/reviews/${id}`;
    const patch = [{ op: "replace", path: "/rating", value: 2 }];
    // The facility's manager does not edit someone's review (but may remove it).
    expect((await call("facility-mgmt", "PATCH", path, "owner", patch)).statusCode).toBe(403);
    const bad = await call("facility-mgmt", "PATCH", path, "fan", [
      { op: "replace", path: "/rating", value: 9 },
    ]);
    expect(bad.statusCode).toBe(400);
    expect((await call("facility-mgmt", "PATCH", path, "fan", patch)).json().data.rating).toBe(2);
    const ratings = await call(
      "facility-mgmt",
      "GET",
      `/facilities/${facility}/ratings`,
      "anonymous",
    );
    expect(ratings.json().data).toMatchObject({ count: 1, average: 2 });
    expect(
      (await call("facility-mgmt", "GET", `/facilities/${facility}/reviews/my`, "fan")).json().data
        .id,
    ).toBe(id);
    expect((await call("facility-mgmt", "DELETE", path, "fan")).statusCode).toBe(200);
    expect(
      (await call("facility-mgmt", "GET", `/facilities/${facility}/reviews/my`, "fan")).json().data,
    ).toBeNull();
  });
});
