import { ZPromotionInput, ZStoryInput } from "@hostfield/domain/contracts";
import {
  AGE_GROUPS,
  AMENITY_NAMES,
  AUDIENCE_TAGS,
  BUSINESS_CATEGORIES,
  COMPETITION_LEVELS,
  DESTINATION_SERVICES,
  DESTINATION_TYPES,
  EVENT_INTEREST_TYPES,
  EVENT_TYPES,
  FACILITY_TYPES,
  findSport,
  ORGANIZATION_TYPES,
  PLACE_ATTRIBUTE_TAGS,
  PLACE_CATEGORY_NAMES,
  SPORT_NAMES,
  STATES,
  TIERS,
  VENDOR_CATEGORIES,
  VENDOR_SERVICE_TAGS,
} from "@hostfield/domain/reference";
import { addDays, isSpaceTypeCombinationAllowed } from "@hostfield/domain/rules";
import { beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../platform/config";
import { distanceMiles } from "../../platform/geo/distance";
import type { TPlace } from "../../platform/geo/place";
import { DEMO_USERS } from "./accounts";
import { buildDemoNetwork, generateDemoNetwork, LISTING_PARTS, scaledCounts } from "./generate";
import { demoImageKeys } from "./images";
import { parseSeedArgs } from "./index";
import type { TDemoNetwork, TGenerateInput } from "./network";
import { createPostalLocator, loadSeedCities, type TPostalLocator } from "./places";
import { createRandom } from "./random";
import { RAW_DAYS, TRAFFIC_DAYS } from "./reports";
import { BLOCK_EVENTS, CALENDAR_DAYS, MAX_STAY_HOTELS } from "./stays";
import { slugify } from "./text";

const TODAY = "2025-03-10";
let cities: readonly TPlace[];
let postal: TPostalLocator;
let network: TDemoNetwork;

const input = (seed: number, scale = 0.02): TGenerateInput => ({
  seed,
  scale,
  today: TODAY,
  cities,
  postal,
  images: demoImageKeys(),
});

beforeAll(() => {
  cities = loadSeedCities();
  postal = createPostalLocator();
  network = generateDemoNetwork(input(7));
});

const oneOf = (list: readonly string[]) => (value: unknown) =>
  expect(list, String(value)).toContain(value);

describe("the seeded random stream", () => {
  it("repeats for a seed and differs between seeds", () => {
    const draw = (seed: string) => {
      const r = createRandom(seed);
      return [r.next(), r.int(1, 6), r.uuid(), r.fork("x").next()];
    };
    expect(draw("a")).toEqual(draw("a"));
    expect(draw("a")).not.toEqual(draw("b"));
    expect(createRandom("a").uuid()).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});

describe("generateDemoNetwork", () => {
  it("gives the same network for the same seed, and another for another seed", () => {
    expect(JSON.stringify(generateDemoNetwork(input(7)))).toBe(JSON.stringify(network));
    const other = generateDemoNetwork(input(8));
    expect(other.profiles.map((p) => p.name)).not.toEqual(network.profiles.map((p) => p.name));
  });

  it("builds the scaled count of each kind", () => {
    const counts: Record<string, number> = {};
    for (const p of network.profiles) counts[p.kind] = (counts[p.kind] ?? 0) + 1;
    expect(counts).toEqual(scaledCounts(0.02));
    expect(scaledCounts(1)).toMatchObject({ facility: 15_000, destination: 800, hotel: 3_000 });
    expect(scaledCounts(7).facility).toBe(105_000);
  });

  it("uses only space type, surface and location combinations the reference allows", () => {
    expect(network.profileSpaceTypes.length).toBeGreaterThan(0);
    for (const space of network.profileSpaceTypes) {
      expect(isSpaceTypeCombinationAllowed(space), JSON.stringify(space)).toBe(true);
      expect(space.count).toBeGreaterThanOrEqual(1);
      expect(space.count).toBeLessThanOrEqual(1000);
    }
    // Every sport of a facility brings its default space type.
    const spaces = new Map<string, Set<string>>();
    for (const s of network.profileSpaceTypes) {
      spaces.set(s.profileId, (spaces.get(s.profileId) ?? new Set()).add(s.name));
    }
    const facilityIds = new Set(network.facilityDetails.map((f) => f.profileId));
    for (const sport of network.profileSports.filter((s) => facilityIds.has(s.profileId))) {
      expect(spaces.get(sport.profileId)).toContain(findSport(sport.name)!.spaceType.name);
    }
  });

  it("places every listing in a valid state, with its country and a postal code", () => {
    const states = new Map<string, string>(STATES.map((s) => [s.name, s.country]));
    for (const p of network.profiles) {
      expect(states.get(p.state!), `${p.name}: ${p.state}`).toBe(p.country);
      expect(p.city).toBeTruthy();
      expect(p.street).toMatch(/^\d+ /);
      if (p.country === "US") expect(p.postalCode ?? "00000").toMatch(/^\d{5}$/);
      else expect(p.postalCode ?? "A0A 0A0").toMatch(/^[A-Z]\d[A-Z] \d[A-Z]\d$/);
      expect(Math.abs(p.lat!)).toBeLessThanOrEqual(90);
      expect(Math.abs(p.lng!)).toBeLessThanOrEqual(180);
    }
    expect(network.profiles.filter((p) => p.postalCode).length).toBeGreaterThan(
      network.profiles.length * 0.95,
    );
  });

  it("uses only reference values", () => {
    network.facilityDetails.flatMap((f) => f.facilityTypes ?? []).forEach(oneOf(FACILITY_TYPES));
    network.profileAmenities.map((a) => a.name).forEach(oneOf(AMENITY_NAMES));
    network.profileSports.map((s) => s.name).forEach(oneOf(SPORT_NAMES));
    network.destinationDetails.map((d) => d.destinationType).forEach(oneOf(DESTINATION_TYPES));
    network.destinationDetails
      .flatMap((d) => d.services ?? [])
      .forEach(oneOf(DESTINATION_SERVICES));
    network.businessDetails.map((b) => b.businessCategory).forEach(oneOf(BUSINESS_CATEGORIES));
    network.businessDetails
      .flatMap((b) => b.placeAttributes ?? [])
      .forEach(oneOf(PLACE_ATTRIBUTE_TAGS));
    network.businessDetails
      .flatMap((b) => b.placeCategories ?? [])
      .forEach(oneOf(PLACE_CATEGORY_NAMES));
    network.companyDetails
      .flatMap((c) => c.vendorCategories ?? [])
      .forEach(oneOf(VENDOR_CATEGORIES));
    network.companyDetails.flatMap((c) => c.serviceTags ?? []).forEach(oneOf(VENDOR_SERVICE_TAGS));
    network.companyDetails.flatMap((c) => c.audienceTags ?? []).forEach(oneOf(AUDIENCE_TAGS));
    network.organizationDetails.map((o) => o.organizationType).forEach(oneOf(ORGANIZATION_TYPES));
    network.organizationDetails
      .flatMap((o) => o.eventInterestTypes ?? [])
      .forEach(oneOf(EVENT_INTEREST_TYPES));
    network.eventDetails.map((e) => e.type).forEach(oneOf(EVENT_TYPES));
    network.eventDetails.map((e) => e.ageGroup).forEach(oneOf(AGE_GROUPS));
    network.eventDetails
      .map((e) => e.eventLevel)
      .filter(Boolean)
      .forEach(oneOf(COMPETITION_LEVELS));
    network.profiles
      .map((p) => p.tier)
      .filter(Boolean)
      .forEach(oneOf(TIERS));
  });

  it("keeps slugs and partner ids unique, and links only what exists", () => {
    const slugs = network.profiles.map((p) => p.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    const partnerIds = network.hotelDetails.map((h) => h.partnerId);
    expect(new Set(partnerIds).size).toBe(partnerIds.length);

    const byId = new Map(network.profiles.map((p) => [p.id, p]));
    for (const e of network.eventDetails) {
      expect(byId.get(e.organizationId!)?.kind).toBe("organization");
      expect(e.startDate >= addDays(TODAY, 3)).toBe(true);
      expect(e.startDate <= addDays(TODAY, 548 + 6)).toBe(true);
      expect(e.endDate >= e.startDate).toBe(true);
    }
    for (const link of network.facilityDestinations) {
      const facility = byId.get(link.facilityId)!;
      const destination = byId.get(link.destinationId)!;
      expect([facility.kind, destination.kind]).toEqual(["facility", "destination"]);
      expect(
        distanceMiles(
          { lat: facility.lat!, lng: facility.lng! },
          { lat: destination.lat!, lng: destination.lng! },
        ),
      ).toBeLessThanOrEqual(25);
    }
    for (const link of network.profileCompanies) {
      expect(["hotel", "business"]).toContain(byId.get(link.profileId)?.kind);
      expect(byId.get(link.companyId)?.kind).toBe("company");
    }
    const users = new Set(network.users.map((u) => u.id));
    for (const m of [...network.profileMembers, ...network.profileReactions]) {
      expect(users.has(m.userId)).toBe(true);
      expect(byId.has(m.profileId)).toBe(true);
    }
    for (const b of network.profileBoosts) {
      expect(b.startDate <= TODAY && b.endDate >= TODAY).toBe(true);
    }
  });

  it("gives businesses promotions the contract accepts, one featured each, the demo account's current", () => {
    const byId = new Map(network.profiles.map((p) => [p.id, p]));
    expect(network.businessPromotions.length).toBeGreaterThan(0);
    const defaults = new Map<string, number>();
    for (const p of network.businessPromotions) {
      expect(byId.get(p.profileId)?.kind).toBe("business");
      const parsed = ZPromotionInput.safeParse(p);
      expect(parsed.error?.issues ?? [], p.title).toEqual([]);
      if (p.isDefault) defaults.set(p.profileId, (defaults.get(p.profileId) ?? 0) + 1);
    }
    const withAny = new Set(network.businessPromotions.map((p) => p.profileId));
    expect([...withAny].map((id) => defaults.get(id))).toEqual([...withAny].map(() => 1));
    const demoBusinesses = network.profileMembers
      .filter(
        (m) => m.userId === DEMO_USERS.business.id && byId.get(m.profileId)?.kind === "business",
      )
      .map((m) => m.profileId);
    expect(demoBusinesses.length).toBeGreaterThan(0);
    for (const id of demoBusinesses) {
      const current = network.businessPromotions.filter(
        (p) => p.profileId === id && p.validFrom <= TODAY && p.validTo >= TODAY,
      );
      expect(current.length).toBeGreaterThan(0);
    }
  });

  it("writes stories the contract accepts, about listed listings, across every category; the demo destination's own in each state", () => {
    const byId = new Map(network.profiles.map((p) => [p.id, p]));
    // Scale 0.02 makes fewer than 6 of 30: the floor holds.
    expect(network.stories).toHaveLength(6);
    expect(new Set(network.stories.map((s) => s.slug)).size).toBe(6);
    for (const s of network.stories) {
      const parsed = ZStoryInput.safeParse({ ...s, coverImage: null, listingIds: [] });
      expect(parsed.error?.issues ?? [], s.title).toEqual([]);
      const about = network.storyListings.filter((l) => l.storyId === s.id);
      expect(about.length, s.title).toBeGreaterThan(0);
      for (const l of about) expect(byId.get(l.profileId)?.status).toBe("approved");
      expect(s.bodyHtml).toMatch(/^<(h2|p|ol|ul)>/);
    }
    const mine = network.stories.filter((s) => s.authorId === DEMO_USERS.destination.id);
    expect(mine.map((s) => s.status).sort()).toEqual(["approved", "draft", "pending"]);
    const larger = generateDemoNetwork(input(7, 0.5));
    expect(larger.stories).toHaveLength(15);
    expect(new Set(network.stories.flatMap((s) => s.categories)).size).toBe(5);
  });

  it("keeps reaction counts equal to the reactions", () => {
    const likes = new Map<string, number>();
    for (const r of network.profileReactions.filter((r) => r.kind === "like")) {
      likes.set(r.profileId, (likes.get(r.profileId) ?? 0) + 1);
    }
    for (const p of network.profiles) expect(p.likeCount).toBe(likes.get(p.id) ?? 0);
  });

  it("avoids slugs already taken by other listings", () => {
    const taken = new Set(network.profiles.map((p) => p.slug));
    const again = generateDemoNetwork({ ...input(7), takenSlugs: taken });
    for (const p of again.profiles) expect(taken.has(p.slug)).toBe(false);
  });

  it("draws step by step: the listings' parts are final at the listings stage, the rest follows in steps", () => {
    // The seed writes LISTING_PARTS while the later steps run, so those may only read them.
    const { network: drawn, steps } = buildDemoNetwork(input(7, 0.05));
    let step = steps.next();
    while (!step.done && step.value !== "listings") step = steps.next();
    expect(step.value).toBe("listings");
    const parts = [...LISTING_PARTS];
    const atListings = JSON.stringify(parts.map((part) => drawn[part]));
    expect(drawn.profiles.length).toBeGreaterThan(0);
    expect(drawn.analyticsDaily).toHaveLength(0);
    let later = 0;
    while (!steps.next().done) later++;
    // Traffic alone comes in several steps (LISTINGS_PER_STEP), so the writes can interleave.
    expect(later).toBeGreaterThan(4);
    expect(JSON.stringify(parts.map((part) => drawn[part]))).toBe(atListings);
    expect(JSON.stringify(drawn)).toBe(JSON.stringify(generateDemoNetwork(input(7, 0.05))));
  });
});

/**
 * The stays' counters against the rows behind them: no night oversold, no block night overbooked,
 * the calendar's held equal to the accepted blocks' held, and every booked counter equal to the
 * rooms of the reservations that took from it.
 */
function checkStays(n: TDemoNetwork, today: string) {
  // Problems are collected, not asserted one by one: there are tens of thousands of nights.
  const problems: string[] = [];
  const check = (ok: boolean, what: string) => {
    if (!ok && problems.length < 20) problems.push(what);
  };
  const key = (...parts: unknown[]) => parts.join("|");
  const add = (map: Map<string, number>, k: string, v: number) => map.set(k, (map.get(k) ?? 0) + v);
  const blocks = new Map(n.hotelBlocks.map((b) => [b.id!, b]));
  const types = new Map(n.roomTypes.map((t) => [t.id!, t]));
  const heldByBlocks = new Map<string, number>();
  for (const bn of n.blockNights) {
    const k = key(bn.blockId, bn.roomTypeId, bn.night);
    check(bn.booked! >= 0 && bn.booked! <= bn.held, `block night overbooked: ${k}`);
    if (blocks.get(bn.blockId)!.status === "Accepted") {
      add(heldByBlocks, key(bn.roomTypeId, bn.night), bn.held);
    }
  }
  const reservations = new Map(n.reservations.map((r) => [r.id!, r]));
  const bookedInBlocks = new Map<string, number>();
  const bookedOutside = new Map<string, number>();
  for (const night of n.reservationNights) {
    const r = reservations.get(night.reservationId)!;
    const k = key(r.confirmationNumber, night.night);
    check(r.status === "Confirmed", `not confirmed: ${k}`);
    check((night.blockId ?? null) === (r.blockId ?? null), `night's block differs: ${k}`);
    check(night.source === (night.blockId ? "block" : "calendar"), `source: ${k}`);
    check(night.night >= r.checkIn && night.night < r.checkOut, `night outside the stay: ${k}`);
    if (night.blockId) add(bookedInBlocks, key(night.blockId, r.roomTypeId, night.night), r.rooms);
    else add(bookedOutside, key(r.roomTypeId, night.night), r.rooms);
  }
  const cells = new Map(n.roomNights.map((c) => [key(c.roomTypeId, c.night), c]));
  for (const c of n.roomNights) {
    const k = key(c.roomTypeId, c.night);
    check(c.held! + c.booked! <= c.roomsToSell!, `oversold: ${k}`);
    check(c.held === (heldByBlocks.get(k) ?? 0), `held is not the blocks' held: ${k}`);
    check(c.booked === (bookedOutside.get(k) ?? 0), `booked is not the reservations': ${k}`);
    check(types.get(c.roomTypeId)?.hotelId === c.hotelId, `another hotel's room type: ${k}`);
  }
  for (const bn of n.blockNights) {
    const k = key(bn.blockId, bn.roomTypeId, bn.night);
    check(
      bn.booked === (bookedInBlocks.get(k) ?? 0),
      `block booked is not the reservations': ${k}`,
    );
    const pickup = bn.booked! / bn.held;
    check(
      blocks.get(bn.blockId)!.status === "Accepted"
        ? pickup >= 0.2 && pickup <= 0.9
        : bn.booked === 0,
      `pickup ${pickup}: ${k}`,
    );
    check(bn.rate < cells.get(key(bn.roomTypeId, bn.night))!.rate!, `group rate not lower: ${k}`);
  }
  const events = new Map(n.eventDetails.map((e) => [e.profileId, e]));
  const profiles = new Map(n.profiles.map((p) => [p.id, p]));
  for (const b of n.hotelBlocks) {
    const event = events.get(b.eventId)!;
    const days = Math.round(
      (Date.parse(String(event.startDate)) - Date.parse(b.cutoffDate)) / 86_400_000,
    );
    const hotel = profiles.get(b.hotelId)!;
    const venue = profiles.get(b.eventId)!;
    const miles = distanceMiles(
      { lat: hotel.lat!, lng: hotel.lng! },
      { lat: venue.lat!, lng: venue.lng! },
    );
    check(event.category === "Marketed", `block for an event not marketed: ${b.id}`);
    check(days >= 14 && days <= 30 && b.cutoffDate >= today, `cut-off ${b.cutoffDate}: ${b.id}`);
    check(b.attritionPercent! >= 10 && b.attritionPercent! <= 25, `attrition: ${b.id}`);
    check(b.compPerPaid === 40, `comps: ${b.id}`);
    check(miles <= 25, `hotel ${miles} mi away: ${b.id}`);
  }
  const confirmations = n.reservations.map((r) => r.confirmationNumber);
  check(new Set(confirmations).size === confirmations.length, "confirmation numbers repeat");
  for (const c of confirmations) {
    check(/^HF-[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{8}$/.test(c), `confirmation number ${c}`);
  }
  const perHotel = new Map<string, number>();
  for (const t of n.roomTypes) perHotel.set(t.hotelId, (perHotel.get(t.hotelId) ?? 0) + 1);
  for (const [hotel, count] of perHotel)
    check(count >= 2 && count <= 4, `${count} types: ${hotel}`);
  check(n.roomNights.length === n.roomTypes.length * CALENDAR_DAYS, "calendar length");
  check(perHotel.size <= MAX_STAY_HOTELS, "too many hotels with a calendar");
  expect(problems).toEqual([]);
}

describe("the demo stays", () => {
  it("keep every counter true at the test scale", () => {
    checkStays(network, TODAY);
    // Every listed hotel has room types at small scales, and a few book outside blocks.
    const listed = network.profiles.filter(
      (p) => p.kind === "hotel" && p.status === "approved" && p.isActive,
    );
    expect(new Set(network.roomTypes.map((t) => t.hotelId)).size).toBe(listed.length);
    expect(network.reservations.filter((r) => !r.blockId).length).toBeGreaterThan(0);
  });

  it("hold and book rooms for the soonest marketed events, and repeat for a seed", () => {
    const larger = generateDemoNetwork(input(7, 0.1));
    checkStays(larger, TODAY);
    const statuses = larger.hotelBlocks.map((b) => b.status);
    expect(statuses.filter((s) => s === "Accepted").length).toBeGreaterThan(5);
    expect(statuses.filter((s) => s === "Proposed").length).toBe(2);
    expect(new Set(larger.hotelBlocks.map((b) => b.eventId)).size).toBe(BLOCK_EVENTS);
    expect(larger.reservations.filter((r) => r.blockId).length).toBeGreaterThan(20);
    expect(larger.blockChanges.filter((c) => c.action === "accepted").length).toBe(
      statuses.filter((s) => s === "Accepted").length,
    );
    const again = generateDemoNetwork(input(7, 0.1));
    expect(again.reservations.map((r) => r.confirmationNumber)).toEqual(
      larger.reservations.map((r) => r.confirmationNumber),
    );
  });
});

describe("the demo traffic", () => {
  let larger: TDemoNetwork;
  beforeAll(() => {
    // Enough listings of each tier to compare them.
    larger = generateDemoNetwork(input(7, 0.2));
  });
  const viewsOf = (n: TDemoNetwork, from = "0000-00-00", to = "9999-99-99") => {
    const views = new Map<string, number>();
    for (const c of n.analyticsDaily) {
      if (c.metric === "views" && c.day >= from && c.day <= to)
        views.set(c.subjectId, (views.get(c.subjectId) ?? 0) + c.count);
    }
    return views;
  };
  const ownedOf = (n: TDemoNetwork) => new Set(n.profileMembers.map((m) => m.profileId));

  it("counts the 180 days up to today, the last two as raw events (yesterday, this morning)", () => {
    const days = network.analyticsDaily.map((c) => c.day).sort();
    expect(days[0]).toBe(addDays(TODAY, -(TRAFFIC_DAYS - 1)));
    // The raw days' counters are the roll-up's, once the seed has written the raw events.
    expect(days.at(-1)).toBe(addDays(TODAY, -RAW_DAYS));
    const yesterday = addDays(TODAY, -(RAW_DAYS - 1));
    expect(network.analyticsEvents.length).toBeGreaterThan(100);
    for (const e of network.analyticsEvents) {
      expect([yesterday, TODAY]).toContain(e.day);
      expect(e.receivedAt!.toISOString().slice(0, 10)).toBe(e.day);
      if (e.day === TODAY) expect(e.receivedAt!.toISOString() < `${TODAY}T12:00`).toBe(true);
    }
    const batches = new Set(network.analyticsBatches.map((b) => b.batchId));
    expect(batches.size).toBe(network.analyticsBatches.length);
    expect(network.analyticsEvents.every((e) => batches.has(e.batchId))).toBe(true);
  });

  it("gives the demo accounts' listings a full curve and most others a few views", () => {
    const owned = ownedOf(network);
    const viewDays = new Map<string, number>();
    for (const c of network.analyticsDaily) {
      if (c.metric === "views") viewDays.set(c.subjectId, (viewDays.get(c.subjectId) ?? 0) + 1);
    }
    for (const id of owned) expect(viewDays.get(id), id).toBeGreaterThanOrEqual(150);
    const others = network.profiles.filter((p) => !owned.has(p.id));
    const seldom = others.filter((p) => (viewDays.get(p.id) ?? 0) < 10);
    expect(seldom.length / others.length).toBeGreaterThan(0.9);
  });

  it("gives paying tiers more traffic: Gold more than Bronze, Bronze more than none", () => {
    const owned = ownedOf(larger);
    const boosted = new Set(larger.profileBoosts.map((b) => b.profileId));
    const activeDays = new Map<string, Set<string>>();
    for (const c of larger.analyticsDaily) {
      activeDays.set(c.subjectId, (activeDays.get(c.subjectId) ?? new Set()).add(c.day));
    }
    // Facilities (most listings of each tier), neither the demo accounts' nor boosted: the mean
    // number of days each was seen at all (a view or an impression).
    const days: Record<string, number[]> = {};
    for (const p of larger.profiles) {
      if (p.kind !== "facility" || owned.has(p.id) || boosted.has(p.id)) continue;
      if (p.status !== "approved" || !p.isActive) continue;
      const tier = p.tier ?? "none";
      days[tier] = [...(days[tier] ?? []), activeDays.get(p.id)?.size ?? 0];
    }
    const mean = (tier: string) => days[tier]!.reduce((a, b) => a + b, 0) / days[tier]!.length;
    expect(days.Gold!.length).toBeGreaterThan(20);
    expect(mean("Gold")).toBeGreaterThan(1.3 * mean("Bronze"));
    expect(mean("Bronze")).toBeGreaterThan(1.3 * mean("none"));
  });

  it("lifts boosted listings' views while the boost runs", () => {
    const owned = ownedOf(larger);
    let during = 0;
    let duringDays = 0;
    let before = 0;
    let beforeDays = 0;
    const yesterday = addDays(TODAY, -1);
    for (const boost of larger.profileBoosts) {
      if (owned.has(boost.profileId) || boost.startDate > yesterday) continue;
      const monthBefore = addDays(boost.startDate, -30);
      during += viewsOf(larger, boost.startDate, yesterday).get(boost.profileId) ?? 0;
      duringDays += Math.round((Date.parse(yesterday) - Date.parse(boost.startDate)) / 864e5) + 1;
      before +=
        viewsOf(larger, monthBefore, addDays(boost.startDate, -1)).get(boost.profileId) ?? 0;
      beforeDays += 30;
    }
    expect(duringDays).toBeGreaterThan(20);
    expect(during / duringDays).toBeGreaterThan(2 * (before / beforeDays));
  });
});

describe("slugify and the command line", () => {
  it("makes slugs", () => {
    expect(slugify("Hampton Inn Québec Downtown")).toBe("hampton-inn-quebec-downtown");
    expect(slugify("Surname's Grill & Bar")).toBe("surnames-grill-and-bar");
    expect(slugify("!!!")).toBe("listing");
  });

  it("parses options", () => {
    expect(parseSeedArgs([])).toEqual({ seed: 1, scale: 1, force: false });
    expect(parseSeedArgs(["--seed", "42", "--scale=7", "--force"])).toEqual({
      seed: 42,
      scale: 7,
      force: true,
    });
    expect(parseSeedArgs(["--today", "2026-12-01"])).toEqual({
      seed: 1,
      scale: 1,
      force: false,
      today: "2026-12-01",
    });
    expect(parseSeedArgs(["--today", "2026-02-30"])).toMatch(/--today/);
    expect(parseSeedArgs(["--scale", "0"])).toMatch(/--scale/);
    expect(parseSeedArgs(["--bogus"])).toMatch(/unknown option/);
  });
});

describe("SEED_ON_START", () => {
  it("is off unless set (npm start sets it) and can be turned off", () => {
    expect(loadConfig({}).seedOnStart).toBe(false);
    expect(loadConfig({ SEED_ON_START: "true" }).seedOnStart).toBe(true);
    expect(loadConfig({ SEED_ON_START: "false" }).seedOnStart).toBe(false);
    expect(() => loadConfig({ SEED_ON_START: "sometimes" })).toThrow(/SEED_ON_START/);
  });
});
