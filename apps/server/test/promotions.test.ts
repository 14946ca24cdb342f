// Business promotions over http on the embedded database: the collection and its one default,
// validity windows (dates, weekdays, expiry), their images (uploads only), the radius search around
// a place or an event, who may read and write them, and bad input answered 4xx with a code.
import { addDays, promotionDayOf, todayUtc } from "@hostfield/domain/rules";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { codeOf, expectCallers, ok } from "./access-matrix";
import { buildTestApp, KIND_DESCRIPTORS, type TTestApp } from "./helper";
import { signInPeople, type TTokens } from "./oidc-driver";
import { png, profileClient, type TMethod } from "./profile-client";

const PEOPLE = ["owner", "other", "admin", "organizer"] as const;
type TPerson = (typeof PEOPLE)[number];
const BUSINESS = KIND_DESCRIPTORS.find((d) => d.kind === "business")!;
const EVENT = KIND_DESCRIPTORS.find((d) => d.kind === "event")!;

const PLACES = {
  indianapolis: { lat: 39.7684, lng: -86.1581 },
  /** About 14 miles north of downtown Indianapolis. */
  carmel: { lat: 39.9784, lng: -86.118 },
  /** About 165 miles away. */
  chicago: { lat: 41.8781, lng: -87.6298 },
};

const today = todayUtc();
/** The first day from `from` on that falls on `day`. */
function next(day: string, from: string) {
  let d = from;
  while (promotionDayOf(d) !== day) d = addDays(d, 1);
  return d;
}

let t: TTestApp;
let tokens: Record<TPerson, TTokens>;
const { call, upload, createListing } = profileClient(
  () => t.app,
  () => tokens,
);
const biz = (method: TMethod, route: string, who: TPerson | "anonymous", payload?: unknown) =>
  call(BUSINESS, method, route, who, payload);
const search = (who: TPerson | "anonymous", data: Record<string, unknown>) =>
  biz("POST", "/promotions/search", who, { data });

const promotion = (overrides: Record<string, unknown> = {}) => ({
  title: "10% off for teams",
  offer: { type: "percentage", value: 10 },
  validFrom: today,
  validTo: addDays(today, 60),
  code: "TEAM10",
  ...overrides,
});

async function listedBusiness(
  name: string,
  who: TPerson,
  at: { lat: number; lng: number },
  category: string,
  approve = true,
) {
  const { id } = await createListing(BUSINESS, name, who);
  await ok(
    await biz("PATCH", `/${id}`, who, [
      { op: "replace", path: "/lat", value: at.lat },
      { op: "replace", path: "/lng", value: at.lng },
      { op: "replace", path: "/businessCategory", value: category },
    ]),
  );
  if (approve) await ok(await biz("PUT", `/${id}/approve`, "admin"));
  return id;
}

async function addPromotion(
  businessId: string,
  overrides: Record<string, unknown> = {},
  who: TPerson = "admin",
) {
  const body = await ok(
    await biz("POST", `/${businessId}/promotions`, who, { data: promotion(overrides) }),
    201,
  );
  return body.data.id as string;
}

const titles = (body: { data: { promotion: { title: string } }[] }) =>
  body.data.map((hit) => hit.promotion.title);

let diner: string;
let arcade: string;
let faraway: string;
let pendingShop: string;
let eventId: string;
let pendingEventId: string;
const eventStart = addDays(today, 20);

beforeAll(async () => {
  t = await buildTestApp({ env: { ADMIN_EMAILS: "admin@example.com", RATE_LIMIT_MAX: "1000000" } });
  tokens = await signInPeople(t.app, t.app.db, PEOPLE, "correct horse 42");
  diner = await listedBusiness("Canal Diner", "owner", PLACES.indianapolis, "Food & Beverage");
  arcade = await listedBusiness("Carmel Arcade", "admin", PLACES.carmel, "Entertainment");
  faraway = await listedBusiness("Windy Grill", "admin", PLACES.chicago, "Food & Beverage");
  pendingShop = await listedBusiness(
    "Pending Pies",
    "owner",
    PLACES.indianapolis,
    "Food & Beverage",
    false,
  );
  const event = await createListing(EVENT, "Indy Hoops Classic", "organizer");
  eventId = event.id;
  await ok(
    await call(EVENT, "PATCH", `/${eventId}`, "organizer", [
      { op: "replace", path: "/startDate", value: eventStart },
      { op: "replace", path: "/endDate", value: addDays(eventStart, 2) },
      { op: "replace", path: "/lat", value: PLACES.indianapolis.lat },
      { op: "replace", path: "/lng", value: PLACES.indianapolis.lng },
    ]),
  );
  await ok(await call(EVENT, "PUT", `/${eventId}/approve`, "admin"));
  pendingEventId = (await createListing(EVENT, "Unlisted Cup", "organizer")).id;
  await ok(
    await call(EVENT, "PATCH", `/${pendingEventId}`, "organizer", [
      { op: "replace", path: "/lat", value: PLACES.indianapolis.lat },
      { op: "replace", path: "/lng", value: PLACES.indianapolis.lng },
    ]),
  );
}, 120_000);
afterAll(() => t?.close());

describe("a business's promotions", () => {
  it("a manager adds one: it reads back from the list and by id, current today", async () => {
    const id = await addPromotion(
      diner,
      {
        title: "Free dessert",
        offer: { type: "text", text: "Free dessert with every team meal" },
        days: ["Fri", "Sat"],
        startTime: "11:00",
        endTime: "21:30",
        terms: "Show your roster.",
        code: null,
        redemptionUrl: "https://diner.example.com/teams",
        audienceTags: ["Coaches", "Participants"],
      },
      "owner",
    );
    const one = (await ok(await biz("GET", `/${diner}/promotions/${id}`, "anonymous"))).data;
    expect(one).toMatchObject({
      profileId: diner,
      title: "Free dessert",
      offer: { type: "text", text: "Free dessert with every team meal" },
      days: ["Fri", "Sat"],
      startTime: "11:00",
      endTime: "21:30",
      redemptionUrl: "https://diner.example.com/teams",
      audienceTags: ["Coaches", "Participants"],
      isDefault: false,
      status: "current",
    });
    const list = await ok(await biz("GET", `/${diner}/promotions`, "anonymous"));
    expect(list.data.map((p: { id: string }) => p.id)).toContain(id);
    const filtered = await ok(
      await biz("POST", `/${diner}/promotions/filtered`, "other", { data: {} }),
    );
    expect(filtered._meta.stats.count).toBe(list._meta.stats.count);
    const changed = await ok(
      await biz("PATCH", `/${diner}/promotions/${id}`, "owner", [
        { op: "replace", path: "/offer", value: { type: "amount", value: 5 } },
      ]),
    );
    expect(changed.data.offer).toEqual({ type: "amount", value: 5 });
    await ok(await biz("DELETE", `/${diner}/promotions/${id}`, "owner"));
    expect((await biz("GET", `/${diner}/promotions/${id}`, "owner")).statusCode).toBe(404);
  });

  it("has one default at most: a new default replaces the old, and an expired one is no default", async () => {
    const first = await addPromotion(arcade, { title: "First default", isDefault: true });
    expect((await ok(await biz("GET", `/${arcade}/promotions/default`, "anonymous"))).data.id).toBe(
      first,
    );
    const second = await addPromotion(arcade, { title: "Second default", isDefault: true });
    expect((await ok(await biz("GET", `/${arcade}/promotions/default`, "anonymous"))).data.id).toBe(
      second,
    );
    const old = (await ok(await biz("GET", `/${arcade}/promotions/${first}`, "admin"))).data;
    expect(old.isDefault).toBe(false);
    // Patching the first back to default takes it from the second.
    await ok(
      await biz("PATCH", `/${arcade}/promotions/${first}`, "admin", [
        { op: "replace", path: "/isDefault", value: true },
      ]),
    );
    expect((await ok(await biz("GET", `/${arcade}/promotions/default`, "anonymous"))).data.id).toBe(
      first,
    );
    // A default that ended yesterday is none.
    await ok(
      await biz("PATCH", `/${arcade}/promotions/${first}`, "admin", [
        { op: "replace", path: "/validFrom", value: addDays(today, -10) },
        { op: "replace", path: "/validTo", value: addDays(today, -1) },
      ]),
    );
    expect(
      (await ok(await biz("GET", `/${arcade}/promotions/default`, "anonymous"))).data,
    ).toBeNull();
    const expired = (await ok(await biz("GET", `/${arcade}/promotions/${first}`, "admin"))).data;
    expect(expired.status).toBe("expired");
    await biz("DELETE", `/${arcade}/promotions/${first}`, "admin");
    await biz("DELETE", `/${arcade}/promotions/${second}`, "admin");
  });

  it("puts the featured deal on the business's marketplace card", async () => {
    const id = await addPromotion(diner, { title: "Card deal", isDefault: true }, "owner");
    const found = await ok(await biz("POST", "/search", "anonymous", { data: {} }));
    const cards = new Map(
      (found.data as { id: string; featuredDeal?: unknown }[]).map((p) => [p.id, p.featuredDeal]),
    );
    expect(cards.get(diner)).toEqual({
      id,
      title: "Card deal",
      offer: { type: "percentage", value: 10 },
    });
    expect(cards.get(faraway)).toBeNull();
    await biz("DELETE", `/${diner}/promotions/${id}`, "owner");
  });

  it("refuses bad promotions with 400 and a code, and a missing one with 404", async () => {
    const bad = [
      promotion({ validFrom: addDays(today, 5), validTo: today }),
      promotion({ offer: { type: "percentage", value: 150 } }),
      promotion({ offer: { type: "coupon" } }),
      promotion({ code: null, redemptionUrl: null }),
      promotion({ redemptionUrl: "javascript:alert(1)" }),
      promotion({ startTime: "18:00", endTime: "09:00" }),
      promotion({ startTime: "25:00", endTime: "26:00" }),
      promotion({ startTime: "10:00" }),
      promotion({ days: ["Funday"] }),
      promotion({ audienceTags: ["Everyone"] }),
      promotion({ validFrom: "2026-02-30" }),
      promotion({ image: "data:image/png;base64,AAAA" }),
      { title: "" },
    ];
    for (const data of bad) {
      const res = await biz("POST", `/${diner}/promotions`, "owner", { data });
      expect([res.statusCode, codeOf(res)], JSON.stringify(data)).toEqual([
        400,
        "VALIDATION_FAILED",
      ]);
    }
    const id = await addPromotion(diner, {}, "owner");
    const patched = await biz("PATCH", `/${diner}/promotions/${id}`, "owner", [
      { op: "replace", path: "/validTo", value: addDays(today, -30) },
    ]);
    expect([patched.statusCode, codeOf(patched)]).toEqual([400, "VALIDATION_FAILED"]);
    const missing = await biz(
      "GET",
      `/${diner}/promotions/00000000-0000-4000-8000-000000000000`,
      "owner",
    );
    expect(missing.statusCode).toBe(404);
    expect(codeOf(missing)).toBeTruthy();
    const elsewhere = await biz("GET", `/${arcade}/promotions/${id}`, "admin");
    expect(elsewhere.statusCode).toBe(404);
    await biz("DELETE", `/${diner}/promotions/${id}`, "owner");
  });

  it("take an image uploaded for the business's deals, and no link or other file", async () => {
    const uploadFor = async (business: string, color: string, who: TPerson = "owner") =>
      (
        await ok(
          await upload(
            BUSINESS,
            `/${business}/promotions/images`,
            who,
            await png(color),
            "deal.png",
          ),
          201,
        )
      ).data.url as string;
    const image = await uploadFor(diner, "#2a9d8f");
    expect(image).toMatch(
      new RegExp(`^/media/profiles/businesses/promotions/${diner}/[0-9a-f-]{36}\\.png$`),
    );
    const id = await addPromotion(diner, { title: "Pictured deal", image }, "owner");
    const read = await ok(await biz("GET", `/${diner}/promotions/${id}`, "anonymous"));
    expect(read.data.image).toBe(image);
    const file = await t.app.inject({ url: image });
    expect([file.statusCode, file.headers["content-type"]]).toEqual([200, "image/png"]);
    // Another field changes; the image stays.
    const patched = await ok(
      await biz("PATCH", `/${diner}/promotions/${id}`, "owner", [
        { op: "replace", path: "/title", value: "Pictured deal, again" },
      ]),
    );
    expect(patched.data.image).toBe(image);

    const refused = [
      "https://example.com/deal.png",
      // Another business's upload, and an address of ours that names no stored file.
      await uploadFor(arcade, "#e76f51", "admin"),
      `/media/profiles/businesses/promotions/${diner}/00000000-0000-4000-8000-000000000000.png`,
      "/media/profiles/businesses/partners/00000000-0000-4000-8000-000000000000.png",
    ];
    for (const other of refused) {
      const res = await biz("POST", `/${diner}/promotions`, "owner", {
        data: promotion({ image: other }),
      });
      expect([res.statusCode, codeOf(res)], other).toEqual([400, "VALIDATION_FAILED"]);
      const changed = await biz("PATCH", `/${diner}/promotions/${id}`, "owner", [
        { op: "replace", path: "/image", value: other },
      ]);
      expect([changed.statusCode, codeOf(changed)], other).toEqual([400, "VALIDATION_FAILED"]);
    }
    const pdf = await upload(
      BUSINESS,
      `/${diner}/promotions/images`,
      "owner",
      Buffer.from("%PDF-1.7\n%%EOF\n"),
      "deal.pdf",
    );
    expect([pdf.statusCode, codeOf(pdf)]).toEqual([415, "UNSUPPORTED_FILE_TYPE"]);
    // Removing the deal takes its image out of the store.
    await ok(await biz("DELETE", `/${diner}/promotions/${id}`, "owner"));
    expect((await t.app.inject({ url: image })).statusCode).toBe(404);
  });

  it("are written by the business's managers and admins only, and read as its page is", async () => {
    const id = await addPromotion(diner, { title: "Matrix deal" }, "owner");
    await expectCallers(
      ["anonymous", "other", "organizer", "owner", "admin"],
      ["owner", "admin"],
      (who) =>
        biz("PATCH", `/${diner}/promotions/${id}`, who, [
          { op: "replace", path: "/title", value: `By ${who}` },
        ]),
    );
    await expectCallers(
      ["anonymous", "other", "owner", "admin"],
      ["anonymous", "other", "owner", "admin"],
      (who) => biz("GET", `/${diner}/promotions/default`, who),
      { anonymousRefused: "refused" },
    );
    // A pending business's deals are its people's and the admins' only.
    await addPromotion(pendingShop, { title: "Pending deal" }, "owner");
    await expectCallers(
      ["anonymous", "other", "owner", "admin"],
      ["owner", "admin"],
      (who) => biz("GET", `/${pendingShop}/promotions`, who),
      { anonymousRefused: "refused" },
    );
    await expectCallers(["other", "owner"], ["owner"], (who) =>
      biz("POST", `/${diner}/promotions`, who, { data: promotion({ title: `Added by ${who}` }) }),
    );
    await expectCallers(
      ["anonymous", "other", "organizer", "owner", "admin"],
      ["owner", "admin"],
      async (who) =>
        upload(BUSINESS, `/${diner}/promotions/images`, who, await png("#264653"), "deal.png"),
    );
  });
});

describe("promotions/search", () => {
  const saturday = next("Sat", addDays(today, 7));
  beforeAll(async () => {
    for (const id of [diner, arcade, faraway, pendingShop]) {
      const list = await ok(await biz("GET", `/${id}/promotions?take=100`, "admin"));
      for (const p of list.data) await biz("DELETE", `/${id}/promotions/${p.id}`, "admin");
    }
    // Each is named by its title in the answers.
    const promotions: [string, Record<string, unknown>][] = [
      [diner, { title: "Diner now" }],
      [
        diner,
        { title: "Diner expired", validFrom: addDays(today, -30), validTo: addDays(today, -1) },
      ],
      [
        diner,
        {
          title: "Diner Saturdays",
          days: ["Sat"],
          validFrom: saturday,
          validTo: addDays(saturday, 30),
        },
      ],
      [
        diner,
        { title: "Diner later", validFrom: addDays(today, 100), validTo: addDays(today, 120) },
      ],
      [arcade, { title: "Arcade now" }],
      [faraway, { title: "Windy now" }],
      [pendingShop, { title: "Pending now" }],
    ];
    for (const [id, overrides] of promotions) await addPromotion(id, overrides);
  });

  it("finds promotions within the radius, nearest first, at listed businesses only", async () => {
    const at = { ...PLACES.indianapolis, startDate: today, endDate: addDays(today, 2) };
    expect(titles(await ok(await search("anonymous", { ...at, radius: 5 })))).toEqual([
      "Diner now",
    ]);
    expect(titles(await ok(await search("anonymous", { ...at, radius: 25 })))).toEqual([
      "Diner now",
      "Arcade now",
    ]);
    const wide = await ok(await search("anonymous", { ...at, radius: 200 }));
    expect(titles(wide)).toEqual(["Diner now", "Arcade now", "Windy now"]);
    expect(wide._meta.stats.count).toBe(3);
    expect(wide.data[1].business).toMatchObject({
      id: arcade,
      name: "Carmel Arcade",
      businessCategory: "Entertainment",
    });
    expect(wide.data[1].business.distanceMiles).toBeGreaterThan(10);
    expect(wide.data[1].business.distanceMiles).toBeLessThan(20);
    const paged = await ok(await search("anonymous", { ...at, radius: 200, offset: 1, take: 1 }));
    expect([titles(paged), paged._meta.stats.count]).toEqual([["Arcade now"], 3]);
  });

  it("narrows by business category", async () => {
    const res = await ok(
      await search("anonymous", {
        ...PLACES.indianapolis,
        radius: 200,
        categories: ["Food & Beverage"],
      }),
    );
    expect(titles(res).sort()).toEqual([
      "Diner Saturdays",
      "Diner later",
      "Diner now",
      "Windy now",
    ]);
  });

  it("keeps promotions valid on the dates: never expired ones, weekdays met, later ones in their range", async () => {
    const near = { ...PLACES.indianapolis, radius: 5 };
    // Asked about last month, the expired promotion still does not show.
    const past = await ok(
      await search("anonymous", {
        ...near,
        startDate: addDays(today, -20),
        endDate: addDays(today, -2),
      }),
    );
    expect(titles(past)).toEqual([]);
    const weekend = await ok(
      await search("anonymous", { ...near, startDate: addDays(saturday, -1), endDate: saturday }),
    );
    expect(titles(weekend).sort()).toEqual(["Diner Saturdays", "Diner now"]);
    const midweek = next("Mon", addDays(saturday, 1));
    const weekdays = await ok(
      await search("anonymous", { ...near, startDate: midweek, endDate: addDays(midweek, 3) }),
    );
    expect(titles(weekdays)).toEqual(["Diner now"]);
    const later = await ok(
      await search("anonymous", {
        ...near,
        startDate: addDays(today, 110),
        endDate: addDays(today, 111),
      }),
    );
    expect(titles(later)).toEqual(["Diner later"]);
    // No dates: everything not expired.
    const open = await ok(await search("anonymous", near));
    expect(titles(open).sort()).toEqual(["Diner Saturdays", "Diner later", "Diner now"]);
  });

  it("around an event: its venue and its dates, unless others are given", async () => {
    const res = await ok(await search("anonymous", { eventId, radius: 25 }));
    // The event's three days hold a Saturday only if one falls in them.
    const days = [eventStart, addDays(eventStart, 1), addDays(eventStart, 2)];
    const expected = ["Diner now", "Arcade now"];
    if (days.some((d) => promotionDayOf(d) === "Sat") && saturday <= addDays(eventStart, 2)) {
      expected.splice(1, 0, "Diner Saturdays");
    }
    expect(titles(res).sort()).toEqual(expected.sort());
    const later = await ok(
      await search("anonymous", {
        eventId,
        startDate: addDays(today, 110),
        endDate: addDays(today, 111),
      }),
    );
    expect(titles(later)).toEqual(["Diner later"]);
  });

  it("does not reveal a pending event, and refuses a search without a place with 400", async () => {
    // The event was never approved: its organizer sees its deals, a stranger gets 404.
    await expectCallers(
      ["anonymous", "other", "organizer", "admin"],
      ["organizer", "admin"],
      (who) => search(who, { eventId: pendingEventId }),
      { anonymousRefused: "refused" },
    );
    for (const data of [
      {},
      { lat: 39.7 },
      { ...PLACES.indianapolis, radius: 500 },
      { ...PLACES.indianapolis, radius: 0 },
      { ...PLACES.indianapolis, startDate: today },
      { ...PLACES.indianapolis, startDate: addDays(today, 3), endDate: today },
      { ...PLACES.indianapolis, categories: ["Spa"] },
      { eventId: "not-an-id" },
      { ...PLACES.indianapolis, take: 1000 },
    ]) {
      const res = await search("anonymous", data);
      expect([res.statusCode, codeOf(res)], JSON.stringify(data)).toEqual([
        400,
        "VALIDATION_FAILED",
      ]);
    }
    const unknown = await search("anonymous", { eventId: "00000000-0000-4000-8000-000000000000" });
    expect(unknown.statusCode).toBe(404);
  });
});
