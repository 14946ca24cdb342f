// Profile search (service over a real migrated database): radius, filters, visibility, paging,
// boosts (a sponsored lead of the best match), sorts, geocoding and facet counts; then, through the API, events by dates and age group,
// the map's box, and the 400s of bad filters.
import fs from "node:fs";
import { SEARCH_MAX_OFFSET, type TProfileSearchFilter } from "@hostfield/domain/contracts";
import type { TTier } from "@hostfield/domain/reference";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KIND_MODULES } from "../src/modules";
import { companyDetails } from "../src/modules/companies/schema";
import { destinationDetails } from "../src/modules/destinations/schema";
import { facilityDetails } from "../src/modules/facilities/schema";
import type { TDatabase, TDb } from "../src/platform/db/database";
import { distanceMiles, EARTH_RADIUS_MILES, type TLatLng } from "../src/platform/geo/distance";
import { createGazetteer } from "../src/platform/geo/gazetteer";
import { AppError } from "../src/platform/http/errors";
import {
  profileAmenities,
  profileBoosts,
  profileSpaceTypes,
  profileSports,
  profiles,
} from "../src/profiles/schema";
import { bucketOfDay, SPONSORED_OTHERS_REACH } from "../src/profiles/search/repository";
import {
  searchProfileStats,
  searchProfiles,
  type TSearchProfilesInput,
} from "../src/profiles/search/service";
import { buildTestApp, openTestDatabase, type TTestApp, testConfig, V } from "./helper";
import { signInPeople, type TTokens } from "./oidc-driver";

/** The server's view of a kind, as the search takes it. */
const kind = (name: keyof typeof KIND_MODULES) => KIND_MODULES[name].descriptor;

const gazetteer = createGazetteer();
const geocode = (address: string) => {
  const place = gazetteer.resolve(address);
  return place && { lat: place.lat, lng: place.lng, label: place.label };
};
const LOUISVILLE = gazetteer.resolve("Louisville, KY")!;
const CENTER: TLatLng = { lat: LOUISVILLE.lat, lng: LOUISVILLE.lng };

/** No boost is running on this day. */
const PLAIN_DAY = "2025-01-10";
/** Delta's boost runs through this day and Bravo's starts on it; Charlie's ended the day before. */
const BOOST_DAY = "2026-03-15";

const toRadians = (d: number) => (d * Math.PI) / 180;
const toDegrees = (r: number) => (r * 180) / Math.PI;

/** The point `miles` from `from` along `bearing` (degrees), on earthdistance's sphere. */
function destination(from: TLatLng, bearing: number, miles: number): TLatLng {
  const delta = miles / EARTH_RADIUS_MILES;
  const theta = toRadians(bearing);
  const phi1 = toRadians(from.lat);
  const lambda1 = toRadians(from.lng);
  const phi2 = Math.asin(
    Math.sin(phi1) * Math.cos(delta) + Math.cos(phi1) * Math.sin(delta) * Math.cos(theta),
  );
  const lambda2 =
    lambda1 +
    Math.atan2(
      Math.sin(theta) * Math.sin(delta) * Math.cos(phi1),
      Math.cos(delta) - Math.sin(phi1) * Math.sin(phi2),
    );
  return { lat: toDegrees(phi2), lng: toDegrees(lambda2) };
}

type TFixture = {
  name: string;
  kind?: string;
  status?: "pending" | "approved";
  isActive?: boolean;
  at?: TLatLng | null;
  city?: string;
  state?: string;
  tier?: TTier | null;
  description?: string;
  likeCount?: number;
  createdDate?: string;
  sports?: string[];
  amenities?: string[];
  spaces?: { name: string; surface: string; location: string }[];
  facilityTypes?: string[];
  destinationType?: string;
  vendorCategories?: string[];
  boosts?: [start: string, end: string][];
};

let slugCounter = 0;
async function insertProfile(db: TDb, f: TFixture): Promise<string> {
  const [row] = await db
    .insert(profiles)
    .values({
      kind: f.kind ?? "facility",
      name: f.name,
      slug: `${f.name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${++slugCounter}`,
      status: f.status ?? "approved",
      isActive: f.isActive ?? true,
      lat: f.at?.lat ?? null,
      lng: f.at?.lng ?? null,
      city: f.city ?? null,
      state: f.state ?? null,
      tier: f.tier ?? null,
      description: f.description ?? null,
      likeCount: f.likeCount ?? 0,
      createdDate: new Date(f.createdDate ?? "2024-01-01T00:00:00Z"),
    })
    .returning({ id: profiles.id });
  const id = row!.id;
  if (f.sports?.length) {
    await db
      .insert(profileSports)
      .values(f.sports.map((name) => ({ profileId: id, kind: f.kind ?? "facility", name })));
  }
  if (f.amenities?.length) {
    await db
      .insert(profileAmenities)
      .values(f.amenities.map((name) => ({ profileId: id, kind: f.kind ?? "facility", name })));
  }
  if (f.spaces?.length) {
    await db
      .insert(profileSpaceTypes)
      .values(f.spaces.map((s) => ({ profileId: id, count: 1, ...s })));
  }
  if (f.facilityTypes) {
    await db.insert(facilityDetails).values({ profileId: id, facilityTypes: f.facilityTypes });
  }
  if (f.destinationType) {
    await db
      .insert(destinationDetails)
      .values({ profileId: id, destinationType: f.destinationType });
  }
  if (f.vendorCategories) {
    await db.insert(companyDetails).values({ profileId: id, vendorCategories: f.vendorCategories });
  }
  for (const [startDate, endDate] of f.boosts ?? []) {
    await db.insert(profileBoosts).values({ profileId: id, startDate, endDate });
  }
  return id;
}

const ALPHA_AT = destination(CENTER, 0, 10);
const BRAVO_AT = destination(CENTER, 90, 49);
const CHARLIE_AT = destination(CENTER, 180, 51);
const DELTA_AT = destination(CENTER, 270, 500);

// The five listed facilities; the rest must never show up in a facility search.
const FIXTURES: TFixture[] = [
  {
    name: "Alpha Arena",
    at: ALPHA_AT,
    city: "Louisville",
    state: "Kentucky",
    tier: "Gold",
    description: "A downtown arena with courts for tournaments.",
    likeCount: 5,
    createdDate: "2024-01-01T00:00:00Z",
    sports: ["Basketball", "Volleyball"],
    amenities: ["Parking", "Wifi"],
    spaces: [{ name: "Court", surface: "Hardwood", location: "Indoor" }],
    facilityTypes: ["Arena"],
  },
  {
    name: "Bravo Fieldhouse",
    at: BRAVO_AT,
    city: "Lexington",
    state: "Kentucky",
    tier: "Silver",
    likeCount: 10,
    createdDate: "2024-02-01T00:00:00Z",
    sports: ["Soccer"],
    amenities: ["Parking"],
    // Its court is indoor and its field outdoor: "an outdoor court" must not match it.
    spaces: [
      { name: "Field", surface: "Turf", location: "Outdoor" },
      { name: "Court", surface: "Hardwood", location: "Indoor" },
    ],
    facilityTypes: ["Fieldhouse", "Sports Complex"],
    boosts: [[BOOST_DAY, "2026-03-20"]],
  },
  {
    name: "Charlie Complex",
    at: CHARLIE_AT,
    city: "Elizabethtown",
    state: "Indiana",
    tier: "Bronze",
    likeCount: 1,
    createdDate: "2024-03-01T00:00:00Z",
    sports: ["Basketball"],
    spaces: [{ name: "Court", surface: "Concrete", location: "Outdoor" }],
    facilityTypes: ["Sports Complex"],
    boosts: [
      ["2026-02-01", "2026-03-14"],
      ["2026-03-16", "2026-04-01"],
    ],
  },
  {
    name: "Delta Dome",
    at: DELTA_AT,
    city: "St. Louis",
    state: "Missouri",
    description: "An Olympic-size swimming pool, the arena of championship meets.",
    likeCount: 20,
    createdDate: "2024-04-01T00:00:00Z",
    sports: ["Swimming"],
    amenities: ["Locker Rooms"],
    spaces: [{ name: "Pool", surface: "N/A", location: "Indoor" }],
    facilityTypes: ["Aquatic Center"],
    boosts: [["2026-03-01", BOOST_DAY]],
  },
  {
    name: "Echo Center",
    at: null,
    city: "Columbus",
    state: "Ohio",
    likeCount: 0,
    createdDate: "2024-05-01T00:00:00Z",
    facilityTypes: [],
  },
  // Never listed as facilities.
  {
    name: "Foxtrot Pending",
    status: "pending",
    at: destination(CENTER, 45, 5),
    sports: ["Basketball"],
  },
  {
    name: "Golf Inactive",
    isActive: false,
    at: destination(CENTER, 45, 6),
    sports: ["Basketball"],
  },
  { name: "Hotel Hilltop", kind: "hotel", at: destination(CENTER, 45, 7), state: "Kentucky" },
  {
    name: "Dest Visitors Bureau",
    kind: "destination",
    at: destination(CENTER, 45, 8),
    destinationType: "Convention & Visitors Bureau",
  },
  {
    name: "Dest Sports Commission",
    kind: "destination",
    at: destination(CENTER, 45, 9),
    destinationType: "Sports Commission",
    sports: ["Basketball"],
    amenities: ["Parking"],
  },
  {
    name: "Company Buses",
    kind: "company",
    vendorCategories: ["Transportation", "Catering"],
  },
  { name: "Company Trophies", kind: "company", vendorCategories: ["Awards"] },
];
const LISTED = ["Alpha Arena", "Bravo Fieldhouse", "Charlie Complex", "Delta Dome", "Echo Center"];

let database: TDatabase;
let dataDir: string;
beforeAll(async () => {
  const config = testConfig();
  dataDir = config.dataDir;
  database = await openTestDatabase(config);
  for (const fixture of FIXTURES) await insertProfile(database.db, fixture);
});
afterAll(async () => {
  await database?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

type TOptions = Partial<Omit<TSearchProfilesInput, "filter">>;
const search = (filter: TProfileSearchFilter, options: TOptions = {}) =>
  searchProfiles(database.db, {
    kind: kind("facility"),
    filter,
    window: { limit: 100, offset: 0 },
    today: PLAIN_DAY,
    geocode,
    ...options,
  });
const names = async (filter: TProfileSearchFilter, options: TOptions = {}) =>
  (await search(filter, options)).rows.map((r) => r.name);
/** Names in any order, for filters (order has tests of its own). */
const matching = async (filter: TProfileSearchFilter, options: TOptions = {}) =>
  (await names(filter, options)).sort();

describe("radius", () => {
  it("places the fixtures where the test meant, on earthdistance's sphere", () => {
    expect(distanceMiles(CENTER, BRAVO_AT)).toBeCloseTo(49, 6);
    expect(distanceMiles(CENTER, CHARLIE_AT)).toBeCloseTo(51, 6);
  });

  it("finds a facility 49 mi away in a 50 mi search but not one 51 mi away", async () => {
    const found = await search({ near: { ...CENTER, dist: 50 } });
    expect(found.rows.map((r) => r.name)).toEqual(["Alpha Arena", "Bravo Fieldhouse"]);
    expect(found.count).toBe(2);
    expect(found.rows[1]!.distanceMiles).toBeCloseTo(49, 3);
    expect(found.near).toMatchObject({ ...CENTER, dist: 50 });
    expect(await matching({ near: { ...CENTER, dist: 52 } })).toEqual([
      "Alpha Arena",
      "Bravo Fieldhouse",
      "Charlie Complex",
    ]);
  });

  it("measures every row from a point without a radius, and has no distance without a point", async () => {
    const found = await search({ near: CENTER });
    expect(found.count).toBe(5);
    const miles = Object.fromEntries(found.rows.map((r) => [r.name, r.distanceMiles]));
    expect(miles["Alpha Arena"]).toBeCloseTo(10, 3);
    expect(miles["Charlie Complex"]).toBeCloseTo(51, 3);
    expect(miles["Delta Dome"]).toBeCloseTo(500, 3);
    expect(miles["Echo Center"]).toBeNull();
    expect(found.near?.dist).toBeNull();

    const plain = await search({});
    expect(plain.near).toBeNull();
    expect(plain.rows.every((r) => r.distanceMiles === null)).toBe(true);
  });
});

describe("visibility", () => {
  it("lists only approved, active profiles of the kind searched", async () => {
    expect(await matching({})).toEqual(LISTED);
    expect(await matching({ sports: ["Basketball"] })).toEqual(["Alpha Arena", "Charlie Complex"]);
    expect(await matching({ text: "Foxtrot" })).toEqual([]);
    expect(await matching({ text: "Golf Inactive" })).toEqual([]);
    expect(await matching({ near: { ...CENTER, dist: 20 } })).toEqual(["Alpha Arena"]);
  });

  it("lists other kinds only in their own search", async () => {
    expect(await matching({}, { kind: kind("hotel") })).toEqual(["Hotel Hilltop"]);
    expect(await matching({}, { kind: kind("destination") })).toEqual([
      "Dest Sports Commission",
      "Dest Visitors Bureau",
    ]);
    expect(await matching({}, { kind: kind("event") })).toEqual([]);
  });
});

describe("filters", () => {
  it("sports and amenities: any of those listed", async () => {
    expect(await matching({ sports: ["Basketball"] })).toEqual(["Alpha Arena", "Charlie Complex"]);
    expect(await matching({ sports: ["Swimming", "Soccer"] })).toEqual([
      "Bravo Fieldhouse",
      "Delta Dome",
    ]);
    expect(await matching({ sports: ["Ball Hockey"] })).toEqual([]);
    expect(await matching({ amenities: ["Parking"] })).toEqual(["Alpha Arena", "Bravo Fieldhouse"]);
    expect(await matching({ amenities: ["Wifi", "Locker Rooms"] })).toEqual([
      "Alpha Arena",
      "Delta Dome",
    ]);
  });

  it("sports and amenities of each kind: a row carries its listing's kind, and no other", async () => {
    const destinations = { kind: kind("destination") };
    expect(await matching({ sports: ["Basketball"] }, destinations)).toEqual([
      "Dest Sports Commission",
    ]);
    expect(await matching({ amenities: ["Parking"] }, destinations)).toEqual([
      "Dest Sports Commission",
    ]);
    // The facilities' search is unchanged by the destination's rows (visibility, above).
    expect(await matching({ amenities: ["Parking"] })).toEqual(["Alpha Arena", "Bravo Fieldhouse"]);
    // A row naming another kind than its listing's is refused by the table's reference.
    const [alpha] = await database.db
      .select({ id: profiles.id })
      .from(profiles)
      .where(sql`${profiles.name} = 'Alpha Arena'`);
    for (const table of [profileSports, profileAmenities]) {
      const wrong = database.db
        .insert(table)
        .values({ profileId: alpha!.id, kind: "destination", name: "Archery" });
      // 23503: foreign_key_violation.
      await expect(wrong).rejects.toMatchObject({ cause: { code: "23503" } });
    }
  });

  it("space types, surfaces and location: one space must satisfy them all", async () => {
    expect(await matching({ spaceTypes: ["Court"] })).toEqual([
      "Alpha Arena",
      "Bravo Fieldhouse",
      "Charlie Complex",
    ]);
    expect(await matching({ surfaces: ["Hardwood"] })).toEqual(["Alpha Arena", "Bravo Fieldhouse"]);
    expect(await matching({ spaceTypes: ["Court"], spaceLocation: "Outdoor" })).toEqual([
      "Charlie Complex",
    ]);
    expect(await matching({ spaceTypes: ["Court"], surfaces: ["Turf"] })).toEqual([]);
    expect(await matching({ spaceTypes: ["Pool", "Field"], spaceLocation: "Indoor" })).toEqual([
      "Delta Dome",
    ]);
    expect(await matching({ spaceLocation: "Outdoor" })).toEqual([
      "Bravo Fieldhouse",
      "Charlie Complex",
    ]);
    expect(await matching({ spaceTypes: ["Court"], spaceLocation: "Both" })).toEqual([
      "Alpha Arena",
      "Bravo Fieldhouse",
      "Charlie Complex",
    ]);
    expect(await matching({ spaceLocation: "Both" })).toEqual(LISTED);
  });

  it("types: the kind's own type list", async () => {
    expect(await matching({ types: ["Arena", "Fieldhouse"] })).toEqual([
      "Alpha Arena",
      "Bravo Fieldhouse",
    ]);
    expect(await matching({ types: ["Sports Complex"] })).toEqual([
      "Bravo Fieldhouse",
      "Charlie Complex",
    ]);
    expect(await matching({ types: ["Sports Commission"] }, { kind: kind("destination") })).toEqual(
      ["Dest Sports Commission"],
    );
    expect(await matching({ types: ["Catering"] }, { kind: kind("company") })).toEqual([
      "Company Buses",
    ]);
    // Hotels have no type list, so the filter does not narrow them.
    expect(await matching({ types: ["Arena"] }, { kind: kind("hotel") })).toEqual([
      "Hotel Hilltop",
    ]);
  });

  it("states, regions (their states) and tiers", async () => {
    expect(await matching({ states: ["Kentucky"] })).toEqual(["Alpha Arena", "Bravo Fieldhouse"]);
    expect(await matching({ states: ["Kentucky", "Ohio"] })).toEqual([
      "Alpha Arena",
      "Bravo Fieldhouse",
      "Echo Center",
    ]);
    expect(await matching({ regions: ["Midwest"] })).toEqual([
      "Charlie Complex",
      "Delta Dome",
      "Echo Center",
    ]);
    expect(await matching({ regions: ["Midwest"], states: ["Ohio", "Kentucky"] })).toEqual([
      "Echo Center",
    ]);
    expect(await matching({ regions: ["Midwest"], states: ["Kentucky"] })).toEqual([]);
    expect(await matching({ tiers: ["Gold", "Silver"] })).toEqual([
      "Alpha Arena",
      "Bravo Fieldhouse",
    ]);
    expect(await matching({ tiers: ["Legacy"] })).toEqual([]);
  });

  it("text: names (with typos), cities and descriptions", async () => {
    expect(await matching({ text: "alpha" })).toEqual(["Alpha Arena"]);
    expect(await matching({ text: "Alpah Arena" })).toEqual(["Alpha Arena"]);
    expect(await matching({ text: "fieldhouse" })).toEqual(["Bravo Fieldhouse"]);
    expect(await matching({ text: "lexington" })).toEqual(["Bravo Fieldhouse"]);
    expect(await matching({ text: "swimming pools" })).toEqual(["Delta Dome"]);
    expect(await matching({ text: "100%_off" })).toEqual([]);
    // A word being typed, inside a name or a city.
    expect(await matching({ text: "fieldh" })).toEqual(["Bravo Fieldhouse"]);
    expect(await matching({ text: "lexing" })).toEqual(["Bravo Fieldhouse"]);
    // Every word must match; a typo falls back to the names' trigrams only when no listing has
    // all the words ("Alpah Arena" above), so a search with an exact match shows no near ones.
    expect(await matching({ text: "downtown arena" })).toEqual(["Alpha Arena"]);
    expect(await matching({ text: "Charlie Complex" })).toEqual(["Charlie Complex"]);
    // Query syntax is words to us, never tsquery operators ("not pool" would leave Alpha).
    expect(await matching({ text: "arena & !(pool)" })).toEqual(["Delta Dome"]);
    expect(await matching({ text: "the" })).toEqual([]);
    // Too short for trigrams: a plain substring of name or city.
    expect(await matching({ text: "ch" })).toEqual(["Charlie Complex", "Echo Center"]);
  });

  it("combines filters, each narrowing the others", async () => {
    expect(
      await matching({ near: { ...CENTER, dist: 60 }, sports: ["Basketball"], tiers: ["Bronze"] }),
    ).toEqual(["Charlie Complex"]);
    expect(await matching({ states: ["Kentucky"], sports: ["Basketball"] })).toEqual([
      "Alpha Arena",
    ]);
  });

  it("sports near a place: the listing's sports as they are now, whoever writes them", async () => {
    // A sport near a place is read from the listing's copy of its sports (migration 0052's
    // triggers keep it); elsewhere from profile_sports itself. Written here by bare SQL, as any
    // writer might: an insert, a delete, a rename.
    const db = database.db;
    const near = { ...CENTER, dist: 60 };
    const id = await insertProfile(db, {
      name: "Foxtrot Field",
      at: ALPHA_AT,
      sports: ["Lacrosse"],
    });
    const ofFoxtrot = eq(profileSports.profileId, id);
    try {
      expect(await matching({ near, sports: ["Lacrosse"] })).toEqual(["Foxtrot Field"]);
      await db.insert(profileSports).values({ profileId: id, kind: "facility", name: "Rugby" });
      await db.delete(profileSports).where(and(ofFoxtrot, eq(profileSports.name, "Lacrosse")));
      expect(await matching({ near, sports: ["Lacrosse"] })).toEqual([]);
      expect(await matching({ near, sports: ["Rugby"] })).toEqual(["Foxtrot Field"]);
      await db.update(profileSports).set({ name: "Cricket" }).where(ofFoxtrot);
      expect(await matching({ near, sports: ["Rugby"] })).toEqual([]);
      expect(await matching({ near, sports: ["Polo", "Cricket"] })).toEqual(["Foxtrot Field"]);
      // Without a place the filter reads profile_sports: the two agree.
      expect(await matching({ sports: ["Cricket"] })).toEqual(["Foxtrot Field"]);
      expect(await matching({ near, sports: ["Basketball"] })).toEqual([
        "Alpha Arena",
        "Charlie Complex",
      ]);
      await db.delete(profileSports).where(ofFoxtrot);
      expect(await matching({ near, sports: ["Cricket"] })).toEqual([]);
    } finally {
      await db.delete(profiles).where(eq(profiles.id, id));
    }
  });

  // Two connections: the embedded database has one session behind every connection.
  it.runIf(Boolean(testConfig().databaseUrl))(
    "two transactions adding sports to one listing at once: its copy names both",
    async () => {
      const id = await insertProfile(database.db, { name: "Golf Grounds", at: ALPHA_AT });
      const [first, second] = [await database.pool.connect(), await database.pool.connect()];
      const add = (client: typeof first, name: string) =>
        client.query(
          "insert into profile_sports (profile_id, kind, name) values ($1, 'facility', $2)",
          [id, name],
        );
      try {
        await first.query("begin");
        await second.query("begin");
        // The first's trigger locks the listing; the second's waits, then reads what it committed.
        await add(first, "Polo");
        const adding = add(second, "Rugby");
        await new Promise((resolve) => setTimeout(resolve, 200));
        await first.query("commit");
        await adding;
        await second.query("commit");
        const near = { ...CENTER, dist: 60 };
        expect(await matching({ near, sports: ["Polo"] })).toEqual(["Golf Grounds"]);
        expect(await matching({ near, sports: ["Rugby"] })).toEqual(["Golf Grounds"]);
      } finally {
        await Promise.all([first, second].map((c) => c.query("rollback").catch(() => undefined)));
        first.release();
        second.release();
        await database.db.delete(profiles).where(eq(profiles.id, id));
      }
    },
  );
});

describe("paging", () => {
  it("keeps the total while the window moves", async () => {
    const page = (offset: number) =>
      search({ sort: "name" }, { window: { limit: 2, offset } }).then((r) => ({
        names: r.rows.map((row) => row.name),
        count: r.count,
      }));
    expect(await page(0)).toEqual({ names: ["Alpha Arena", "Bravo Fieldhouse"], count: 5 });
    expect(await page(2)).toEqual({ names: ["Charlie Complex", "Delta Dome"], count: 5 });
    expect(await page(4)).toEqual({ names: ["Echo Center"], count: 5 });
    expect(await page(10)).toEqual({ names: [], count: 5 });
  });

  it("counts up to its cap past the page's start, then says at least that many", async () => {
    const page = (offset: number) =>
      search({ sort: "name" }, { window: { limit: 2, offset }, countCap: 2 }).then((r) => ({
        names: r.rows.map((row) => row.name),
        count: r.count,
        capped: r.capped,
      }));
    // Five listed: the first page counts two past its start, and more are there.
    expect(await page(0)).toEqual({
      names: ["Alpha Arena", "Bravo Fieldhouse"],
      count: 2,
      capped: true,
    });
    // The cap counts from the page's start: at least four, and a next page to ask for.
    expect(await page(2)).toMatchObject({ count: 4, capped: true });
    // A cap that reaches past the last match counts them all.
    expect(await search({}, { countCap: 5 })).toMatchObject({ count: 5, capped: false });
    // A page that ends the matches knows their number without counting to a cap.
    expect(await page(4)).toEqual({ names: ["Echo Center"], count: 5, capped: false });
  });

  it("counts nothing when nothing matches", async () => {
    expect(await search({ sports: ["Ball Hockey"] })).toMatchObject({ rows: [], count: 0 });
    const past = await search({ sports: ["Ball Hockey"] }, { window: { limit: 5, offset: 5 } });
    expect(past).toMatchObject({ rows: [], count: 0 });
  });
});

describe("boosts", () => {
  it("leads the best match with the listings boosted today, sponsored, and touches no order asked for", async () => {
    const best = (await search({}, { today: BOOST_DAY })).rows;
    // Bravo's and Delta's boosts run: two, within the SPONSORED_PER_PAGE that may lead (their
    // order is the day's rotation); the rest by likes (Alpha 5, Charlie 1, Echo 0).
    expect(best.map((r) => [r.boosted, r.sponsored])).toEqual([
      [true, true],
      [true, true],
      [false, false],
      [false, false],
      [false, false],
    ]);
    expect(best.slice(0, 2).map((r) => r.name)).toEqual(
      expect.arrayContaining(["Bravo Fieldhouse", "Delta Dome"]),
    );
    expect(best.slice(2).map((r) => r.name)).toEqual([
      "Alpha Arena",
      "Charlie Complex",
      "Echo Center",
    ]);
    const near = await names({ near: CENTER }, { today: BOOST_DAY });
    expect(near.slice(0, 2)).toEqual(expect.arrayContaining(["Bravo Fieldhouse", "Delta Dome"]));
    expect(near.slice(2)).toEqual(["Alpha Arena", "Charlie Complex", "Echo Center"]);
    // A page past the lead has none of it, and none of its listings again.
    const second = await search({}, { today: BOOST_DAY, window: { limit: 2, offset: 2 } });
    expect(second.rows.map((r) => [r.name, r.sponsored])).toEqual([
      ["Alpha Arena", false],
      ["Charlie Complex", false],
    ]);
    expect(second.count).toBe(5);
    // The count holds the lead once, capped past the rest's start or not: the lead (Bravo,
    // Delta) fills a window of two, and three others match.
    const counted = (countCap: number) =>
      search({}, { today: BOOST_DAY, window: { limit: 2, offset: 0 }, countCap }).then((r) => ({
        count: r.count,
        capped: r.capped,
      }));
    expect(await counted(1)).toEqual({ count: 3, capped: true });
    expect(await counted(2)).toEqual({ count: 4, capped: true });
    expect(await counted(3)).toEqual({ count: 5, capped: false });
    // A window past the lead counts from the rest's own start (the second of the others here):
    // a cap of one says at least 2 + 2, a cap of two reaches the last.
    const past = (countCap: number) =>
      search({}, { today: BOOST_DAY, window: { limit: 1, offset: 3 }, countCap }).then((r) => [
        r.rows.map((row) => row.name),
        r.count,
        r.capped,
      ]);
    expect(await past(1)).toEqual([["Charlie Complex"], 4, true]);
    expect(await past(2)).toEqual([["Charlie Complex"], 5, false]);
    // Nearest, by name and newest keep their order and sponsor nothing; the boosted rows still say so.
    expect(await names({ near: CENTER, sort: "distance" }, { today: BOOST_DAY })).toEqual(LISTED);
    const byName = await search({ sort: "name" }, { today: BOOST_DAY });
    expect(byName.rows.map((r) => [r.name, r.boosted])).toEqual([
      ["Alpha Arena", false],
      ["Bravo Fieldhouse", true],
      ["Charlie Complex", false],
      ["Delta Dome", true],
      ["Echo Center", false],
    ]);
    expect(byName.rows.some((r) => r.sponsored)).toBe(false);
    expect(await names({ sort: "newest" }, { today: BOOST_DAY })).toEqual([...LISTED].reverse());
  });

  it("does not favour an expired or a future boost", async () => {
    const after = await search({ sort: "name" }, { today: "2026-03-21" });
    // Only Charlie's second boost runs then.
    expect(after.rows.filter((r) => r.boosted).map((r) => r.name)).toEqual(["Charlie Complex"]);
    const plain = await search({ sort: "name" });
    expect(plain.rows.map((r) => r.name)).toEqual(LISTED);
    expect(plain.rows.some((r) => r.boosted)).toBe(false);
    // The best match of a day without boosts: no lead, by likes.
    const best = await search({});
    expect(best.rows.some((r) => r.sponsored)).toBe(false);
  });

  it("looks for boosts outside the day's bucket among the first SPONSORED_OTHERS_REACH matches only", async () => {
    // Businesses (no other test searches them) in a row east of the centre, a tenth of a mile
    // apart: the nearest first is their order. Two are boosted all year: one just inside the
    // reach, one just past it.
    const reach = SPONSORED_OTHERS_REACH;
    const ids: string[] = [];
    for (let i = 0; i < reach + 5; i++) {
      ids.push(
        await insertProfile(database.db, {
          kind: "business",
          name: `Reach ${i}`,
          at: destination(CENTER, 90, 1 + i / 10),
        }),
      );
    }
    const inside = reach - 10;
    const past = reach + 2;
    for (const i of [inside, past]) {
      await database.db.insert(profileBoosts).values({
        profileId: ids[i]!,
        startDate: "2030-01-01",
        endDate: "2030-12-31",
      });
    }
    // Each listing's bucket, as the rotation's index computes it.
    const bucketOf = async (id: string) => {
      const { rows } = await database.db.execute<{ bucket: number }>(
        sql`select hashtext(${id}::text) & 31 as bucket`,
      );
      return Number(rows[0]!.bucket);
    };
    const buckets = new Set([await bucketOf(ids[inside]!), await bucketOf(ids[past]!)]);
    const dayOf = (wanted: (bucket: number) => boolean) => {
      for (let d = 1; d <= 64; d++) {
        const day = new Date(Date.UTC(2030, 0, d)).toISOString().slice(0, 10);
        if (wanted(bucketOfDay(day))) return day;
      }
      throw new Error("no such day in 2030's first 64");
    };
    const sponsored = async (today: string) =>
      (
        await search(
          { near: { ...CENTER, dist: 100 } },
          { kind: kind("business"), today, window: { limit: 20, offset: 0 } },
        )
      ).rows
        .filter((r) => r.sponsored)
        .map((r) => r.name);

    // A day of neither's bucket: the boost within the reach leads, the one past it does not.
    expect(await sponsored(dayOf((b) => !buckets.has(b)))).toEqual([`Reach ${inside}`]);
    // On the day of its own bucket, the listing past the reach leads too: the bucket's boosts are
    // read from the boosts' side, whatever the reach.
    const pastBucket = await bucketOf(ids[past]!);
    expect(await sponsored(dayOf((b) => b === pastBucket))).toContain(`Reach ${past}`);
  });
});

describe("sorts", () => {
  it("by name, newest and distance", async () => {
    expect(await names({ sort: "name" })).toEqual(LISTED);
    expect(await names({ sort: "newest" })).toEqual([...LISTED].reverse());
    expect(await names({ near: CENTER, sort: "distance" })).toEqual(LISTED);
    expect(await names({ near: destination(CENTER, 270, 480), sort: "distance" })).toEqual([
      "Delta Dome",
      "Alpha Arena",
      "Charlie Complex",
      "Bravo Fieldhouse",
      "Echo Center",
    ]);
  });

  it("by distance without a point falls back to name", async () => {
    expect(await names({ sort: "distance" })).toEqual(LISTED);
  });

  it("by relevance: a text's match (in the name first), else distance from a point, else likes", async () => {
    expect(await names({})).toEqual([
      "Delta Dome",
      "Bravo Fieldhouse",
      "Alpha Arena",
      "Charlie Complex",
      "Echo Center",
    ]);
    expect(await names({ near: CENTER })).toEqual(LISTED);
    expect(await names({ sort: "relevance", text: "Charlie Complex" })).toEqual([
      "Charlie Complex",
    ]);
    // A text: its words in the name first (Alpha, 5 likes), then elsewhere (Delta's description,
    // 20 likes), each part most liked first.
    expect(await names({ text: "Arena" })).toEqual(["Alpha Arena", "Delta Dome"]);
    expect(await names({ text: "arena", sort: "name" })).toEqual(["Alpha Arena", "Delta Dome"]);
    expect(await names({ text: "arena", sort: "newest" })).toEqual(["Delta Dome", "Alpha Arena"]);
  });
});

describe("places", () => {
  it("geocodes an address with the gazetteer", async () => {
    const found = await search({ near: { address: "Louisville, KY", dist: 50 } });
    expect(found.near).toEqual({ ...CENTER, label: "Louisville, KY", dist: 50 });
    expect(found.rows.map((r) => r.name)).toEqual(["Alpha Arena", "Bravo Fieldhouse"]);
  });

  it("prefers given coordinates to the address, which then only labels them", async () => {
    const found = await search({ near: { address: "Chicago, IL", ...CENTER, dist: 50 } });
    expect(found.near).toEqual({ ...CENTER, label: "Chicago, IL", dist: 50 });
    expect(found.count).toBe(2);
  });

  it("refuses an address it cannot place with 400 PLACE_NOT_FOUND", async () => {
    const filter = { near: { address: "Nowhere At All, ZZ", dist: 50 } };
    const error = await search(filter).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "PLACE_NOT_FOUND", statusCode: 400 });
    await expect(
      searchProfileStats(database.db, {
        kind: kind("facility"),
        filter,
        today: PLAIN_DAY,
        geocode,
      }),
    ).rejects.toMatchObject({ code: "PLACE_NOT_FOUND", statusCode: 400 });
  });
});

describe("stats", () => {
  const stats = (filter: TProfileSearchFilter, of: keyof typeof KIND_MODULES = "facility") =>
    searchProfileStats(database.db, { kind: kind(of), filter, today: PLAIN_DAY, geocode });

  it("counts each facet over every match, most common first", async () => {
    expect(await stats({})).toEqual({
      count: 5,
      sports: [
        { value: "Basketball", count: 2 },
        { value: "Soccer", count: 1 },
        { value: "Swimming", count: 1 },
        { value: "Volleyball", count: 1 },
      ],
      states: [
        { value: "Kentucky", count: 2 },
        { value: "Indiana", count: 1 },
        { value: "Missouri", count: 1 },
        { value: "Ohio", count: 1 },
      ],
      types: [
        { value: "Sports Complex", count: 2 },
        { value: "Aquatic Center", count: 1 },
        { value: "Arena", count: 1 },
        { value: "Fieldhouse", count: 1 },
      ],
      amenities: [
        { value: "Parking", count: 2 },
        { value: "Locker Rooms", count: 1 },
        { value: "Wifi", count: 1 },
      ],
      tiers: [
        { value: "Bronze", count: 1 },
        { value: "Gold", count: 1 },
        { value: "Silver", count: 1 },
      ],
    });
  });

  it("counts only what the filter matches", async () => {
    expect(await stats({ near: { address: "Louisville, KY", dist: 50 } })).toEqual({
      count: 2,
      sports: [
        { value: "Basketball", count: 1 },
        { value: "Soccer", count: 1 },
        { value: "Volleyball", count: 1 },
      ],
      states: [{ value: "Kentucky", count: 2 }],
      types: [
        { value: "Arena", count: 1 },
        { value: "Fieldhouse", count: 1 },
        { value: "Sports Complex", count: 1 },
      ],
      amenities: [
        { value: "Parking", count: 2 },
        { value: "Wifi", count: 1 },
      ],
      tiers: [
        { value: "Gold", count: 1 },
        { value: "Silver", count: 1 },
      ],
    });
    const none = await stats({ sports: ["Ball Hockey"] });
    expect(none).toEqual({ count: 0, sports: [], states: [], types: [], amenities: [], tiers: [] });
  });

  it("reads each kind's own types", async () => {
    expect((await stats({}, "destination")).types).toEqual([
      { value: "Convention & Visitors Bureau", count: 1 },
      { value: "Sports Commission", count: 1 },
    ]);
    expect((await stats({}, "company")).types).toEqual([
      { value: "Awards", count: 1 },
      { value: "Catering", count: 1 },
      { value: "Transportation", count: 1 },
    ]);
    expect(await stats({}, "hotel")).toMatchObject({ count: 1, types: [] });
  });
});

describe("bounds (the map's box)", () => {
  /** A box of `half` degrees around a point. */
  const around = (p: TLatLng, half: number) => ({
    south: p.lat - half,
    west: p.lng - half,
    north: p.lat + half,
    east: p.lng + half,
  });

  it("keeps what lies inside the box and drops what lies outside it", async () => {
    expect(await matching({ bounds: around(ALPHA_AT, 0.05) })).toEqual(["Alpha Arena"]);
    expect(await matching({ bounds: around(DELTA_AT, 0.05) })).toEqual(["Delta Dome"]);
    // Between Alpha and Bravo, nothing.
    expect(await matching({ bounds: around(destination(CENTER, 90, 25), 0.05) })).toEqual([]);
    const box = around(CENTER, 1.5);
    expect(await matching({ bounds: box })).toEqual([
      "Alpha Arena",
      "Bravo Fieldhouse",
      "Charlie Complex",
    ]);
    expect(
      (
        await searchProfileStats(database.db, {
          kind: kind("facility"),
          filter: { bounds: box },
          today: PLAIN_DAY,
          geocode,
        })
      ).count,
    ).toBe(3);
  });

  it("never holds a profile without coordinates, even when it spans the globe", async () => {
    const world = { south: -90, west: -180, north: 90, east: 180 };
    expect(await matching({ bounds: world })).toEqual(LISTED.filter((n) => n !== "Echo Center"));
  });

  it("narrows the other filters and the radius, and keeps their order", async () => {
    const box = around(CENTER, 1.5);
    expect(await matching({ bounds: box, sports: ["Basketball"] })).toEqual([
      "Alpha Arena",
      "Charlie Complex",
    ]);
    expect(await names({ bounds: box, near: { ...CENTER, dist: 50 } })).toEqual([
      "Alpha Arena",
      "Bravo Fieldhouse",
    ]);
    // The box only picks; the listing stays approved, active and of the kind searched.
    expect(await matching({ bounds: around(CENTER, 0.2) })).toEqual(["Alpha Arena"]);
    expect(await matching({ bounds: around(CENTER, 0.2) }, { kind: kind("hotel") })).toEqual([
      "Hotel Hilltop",
    ]);
  });
});

// ---- through the API: events by dates and age group, the map's box, bad filters -----------------

const PEOPLE = ["organizer", "admin"] as const;
type TPerson = (typeof PEOPLE)[number];

describe("through the API", () => {
  let t: TTestApp;
  let tokens: Record<TPerson, TTokens>;

  const call = (
    path: string,
    method: "POST" | "PUT",
    who: TPerson | "anonymous",
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url: `${path}${path.includes("?") ? "&" : "?"}${V}`,
      headers: who === "anonymous" ? {} : { authorization: `Bearer ${tokens[who].access_token}` },
      ...(payload ? { payload } : {}),
    });

  /** Created by the organizer and approved by the admin, so it is listed. */
  async function listed(service: string, path: string, data: Record<string, unknown>) {
    const created = await call(`/${service}/api/${path}`, "POST", "organizer", { data });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as string;
    const approved = await call(`/${service}/api/${path}/${id}/approve`, "PUT", "admin");
    expect(approved.statusCode, approved.body).toBe(200);
    return id;
  }

  type TEventFixture = {
    name: string;
    startDate: string;
    endDate: string;
    ageGroup: string | null;
    at: TLatLng | null;
    hasFlexibleDates?: boolean;
  };
  const EVENTS: TEventFixture[] = [
    {
      name: "Spring Cup",
      startDate: "2027-04-10",
      endDate: "2027-04-12",
      ageGroup: "Youth",
      at: { lat: 38.25, lng: -85.76 },
    },
    {
      name: "Summer Games",
      startDate: "2027-07-01",
      endDate: "2027-07-05",
      ageGroup: "Adult",
      at: { lat: 38.04, lng: -84.5 },
    },
    // To be held on some days between May and August: the window is what it offers.
    {
      name: "Flexible Classic",
      startDate: "2027-05-01",
      endDate: "2027-08-31",
      hasFlexibleDates: true,
      ageGroup: "High School",
      at: { lat: 41.88, lng: -87.63 },
    },
    {
      name: "Open Meet",
      startDate: "2027-04-20",
      endDate: "2027-04-20",
      ageGroup: "All Ages",
      at: { lat: 39.74, lng: -104.99 },
    },
    // Either side of the antimeridian: Fiji and Samoa.
    {
      name: "Island Invitational",
      startDate: "2027-09-01",
      endDate: "2027-09-03",
      ageGroup: "Youth & High School",
      at: { lat: -17.8, lng: 178.4 },
    },
    {
      name: "Dateline Derby",
      startDate: "2027-09-10",
      endDate: "2027-09-11",
      ageGroup: null,
      at: { lat: -13.8, lng: -171.8 },
    },
    {
      name: "Placeless Clinic",
      startDate: "2027-04-11",
      endDate: "2027-04-11",
      ageGroup: "Youth",
      at: null,
    },
  ];
  const ALL_EVENTS = EVENTS.map((e) => e.name).sort();

  beforeAll(async () => {
    t = await buildTestApp({ env: { ADMIN_EMAILS: "admin@example.com" } });
    tokens = await signInPeople(t.app, t.app.db, PEOPLE, "correct horse 42");
    for (const e of EVENTS) {
      await listed("event-mgmt", "events", {
        name: e.name,
        type: "Tournament",
        startDate: e.startDate,
        endDate: e.endDate,
        hasFlexibleDates: e.hasFlexibleDates ?? false,
        ageGroup: e.ageGroup,
        ...(e.at ? { lat: e.at.lat, lng: e.at.lng } : {}),
      });
    }
    // In Kentucky, with no event fields: event filters do not narrow other kinds.
    await listed("facility-mgmt", "facilities", {
      name: "Bluegrass Courts",
      lat: 38.2,
      lng: -85.7,
    });
  }, 120_000);
  afterAll(() => t?.close());

  const searchEvents = (data: Record<string, unknown>) =>
    call("/event-mgmt/api/events/search?take=50", "POST", "anonymous", { data });
  async function eventNames(data: Record<string, unknown>) {
    const res = await searchEvents(data);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: { name: string }[]; _meta: { stats: { count: number } } };
    expect(body._meta.stats.count).toBe(body.data.length);
    return body.data.map((e) => e.name).sort();
  }

  describe("events by dates", () => {
    it("finds an event whose days overlap the window, edges included", async () => {
      expect(await eventNames({})).toEqual(ALL_EVENTS);
      expect(await eventNames({ startDate: "2027-04-11", endDate: "2027-04-15" })).toEqual([
        "Placeless Clinic",
        "Spring Cup",
      ]);
      // The window's first day is the event's last, and the reverse.
      expect(await eventNames({ startDate: "2027-04-12", endDate: "2027-04-12" })).toEqual([
        "Spring Cup",
      ]);
      expect(await eventNames({ startDate: "2027-03-01", endDate: "2027-04-10" })).toEqual([
        "Spring Cup",
      ]);
      // A window around the event, and one inside it.
      expect(await eventNames({ startDate: "2027-06-25", endDate: "2027-07-10" })).toContain(
        "Summer Games",
      );
      expect(await eventNames({ startDate: "2027-07-02", endDate: "2027-07-03" })).toContain(
        "Summer Games",
      );
    });

    it("leaves out events before or after the window", async () => {
      // After Spring Cup ends, before Open Meet and the flexible window start.
      expect(await eventNames({ startDate: "2027-04-13", endDate: "2027-04-19" })).toEqual([]);
      expect(await eventNames({ startDate: "2028-01-01", endDate: "2028-12-31" })).toEqual([]);
    });

    it("takes a window open at either end", async () => {
      expect(await eventNames({ startDate: "2027-09-01" })).toEqual([
        "Dateline Derby",
        "Island Invitational",
      ]);
      expect(await eventNames({ endDate: "2027-04-10" })).toEqual(["Spring Cup"]);
    });

    it("finds a flexible-dates event on any day of its window, and not outside it", async () => {
      expect(await eventNames({ startDate: "2027-06-01", endDate: "2027-06-30" })).toEqual([
        "Flexible Classic",
      ]);
      expect(await eventNames({ startDate: "2027-04-20", endDate: "2027-05-01" })).toEqual([
        "Flexible Classic",
        "Open Meet",
      ]);
      expect(await eventNames({ startDate: "2027-08-31", endDate: "2027-08-31" })).toEqual([
        "Flexible Classic",
      ]);
      expect(await eventNames({ startDate: "2027-09-01", endDate: "2027-09-30" })).not.toContain(
        "Flexible Classic",
      );
    });
  });

  describe("events by age group", () => {
    it("finds the group itself, events for all ages, and the combined youth and high school", async () => {
      expect(await eventNames({ ageGroups: ["Youth"] })).toEqual([
        "Island Invitational",
        "Open Meet",
        "Placeless Clinic",
        "Spring Cup",
      ]);
      expect(await eventNames({ ageGroups: ["Adult"] })).toEqual(["Open Meet", "Summer Games"]);
      expect(await eventNames({ ageGroups: ["Youth & High School"] })).toEqual([
        "Flexible Classic",
        "Island Invitational",
        "Open Meet",
        "Placeless Clinic",
        "Spring Cup",
      ]);
      // Only events open to everyone call themselves that.
      expect(await eventNames({ ageGroups: ["All Ages"] })).toEqual(["Open Meet"]);
      expect(await eventNames({ ageGroups: ["College"] })).toEqual(["Open Meet"]);
    });

    it("takes any of several groups, and combines with the dates", async () => {
      expect(await eventNames({ ageGroups: ["Adult", "High School"] })).toEqual([
        "Flexible Classic",
        "Island Invitational",
        "Open Meet",
        "Summer Games",
      ]);
      expect(
        await eventNames({ ageGroups: ["Youth"], startDate: "2027-04-01", endDate: "2027-04-30" }),
      ).toEqual(["Open Meet", "Placeless Clinic", "Spring Cup"]);
    });

    it("counts the same events in the facets", async () => {
      const res = await call("/event-mgmt/api/events/search/stats", "POST", "anonymous", {
        data: { ageGroups: ["Adult"], startDate: "2027-07-01" },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.count).toBe(1);
    });

    it("does not narrow other kinds, which have no dates or age group", async () => {
      const res = await call("/facility-mgmt/api/facilities/search", "POST", "anonymous", {
        data: { startDate: "2030-01-01", endDate: "2030-01-02", ageGroups: ["Adult"] },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.map((p: { name: string }) => p.name)).toEqual(["Bluegrass Courts"]);
    });
  });

  describe("the map's box", () => {
    const KENTUCKY = { south: 37, west: -86.5, north: 39, east: -84 };

    it("finds only what lies inside the box, for events and other kinds alike", async () => {
      expect(await eventNames({ bounds: KENTUCKY })).toEqual(["Spring Cup", "Summer Games"]);
      expect(await eventNames({ bounds: { ...KENTUCKY, east: -85 } })).toEqual(["Spring Cup"]);
      expect(
        await eventNames({ bounds: KENTUCKY, startDate: "2027-06-01", ageGroups: ["Adult"] }),
      ).toEqual(["Summer Games"]);
      const facilities = await call("/facility-mgmt/api/facilities/search", "POST", "anonymous", {
        data: { bounds: KENTUCKY },
      });
      expect(facilities.json()._meta.stats.count).toBe(1);
    });

    it("finds nothing in a box with nothing in it", async () => {
      // The middle of the Atlantic.
      expect(await eventNames({ bounds: { south: 20, west: -50, north: 30, east: -40 } })).toEqual(
        [],
      );
      const facilities = await call("/facility-mgmt/api/facilities/search", "POST", "anonymous", {
        data: { bounds: { ...KENTUCKY, west: -84, east: -83 } },
      });
      expect(facilities.json()._meta.stats.count).toBe(0);
    });

    it("reads west greater than east as a box across the antimeridian", async () => {
      const pacific = { south: -25, west: 170, north: -5, east: -165 };
      expect(await eventNames({ bounds: pacific })).toEqual([
        "Dateline Derby",
        "Island Invitational",
      ]);
      // Only the western side of the line (Fiji), and only the eastern one (Samoa).
      expect(await eventNames({ bounds: { ...pacific, east: 180 } })).toEqual([
        "Island Invitational",
      ]);
      expect(await eventNames({ bounds: { ...pacific, west: -180 } })).toEqual(["Dateline Derby"]);
      // The same longitudes the other way round are the rest of the world.
      expect(
        await eventNames({ bounds: { south: -90, west: -165, north: 90, east: 170 } }),
      ).toEqual(["Flexible Classic", "Open Meet", "Spring Cup", "Summer Games"]);
    });

    it("takes every longitude from -180 to 180, but never a profile without a point", async () => {
      expect(
        await eventNames({ bounds: { south: -90, west: -180, north: 90, east: 180 } }),
      ).toEqual(ALL_EVENTS.filter((name) => name !== "Placeless Clinic"));
    });
  });

  describe("bad filters", () => {
    const refused = async (data: unknown, path = "/event-mgmt/api/events/search") => {
      const res = await call(path, "POST", "anonymous", { data: data as object });
      expect(res.statusCode, res.body).toBe(400);
      const { error } = res.json() as { error: { code: string; message: string } };
      expect(error.code).toBe("VALIDATION_FAILED");
      expect(error.message).not.toBe("");
      return error.message;
    };

    it("refuses a page that starts past SEARCH_MAX_OFFSET, and serves the one at it", async () => {
      const path = "/event-mgmt/api/events/search";
      const page = (offset: number) =>
        call(`${path}?offset=${offset}&take=20`, "POST", "anonymous", { data: {} });
      const deep = await page(SEARCH_MAX_OFFSET + 1);
      expect(deep.statusCode, deep.body).toBe(400);
      expect(deep.json().error).toMatchObject({ code: "VALIDATION_FAILED" });
      expect(deep.json().error.message, deep.body).toMatch(/offset/);
      const last = await page(SEARCH_MAX_OFFSET);
      expect(last.statusCode, last.body).toBe(200);
      expect(last.json().data).toEqual([]);
    });

    it("refuses a date that is not a calendar day as YYYY-MM-DD", async () => {
      expect(await refused({ startDate: "2027-02-30" })).toMatch(/startDate/);
      expect(await refused({ endDate: "04/10/2027" })).toMatch(/endDate/);
      expect(await refused({ startDate: 20270410 })).toMatch(/startDate/);
    });

    it("refuses an end before the start", async () => {
      expect(await refused({ startDate: "2027-04-12", endDate: "2027-04-11" })).toMatch(
        /endDate is before startDate/,
      );
    });

    it("refuses an age group that is not on the list", async () => {
      expect(await refused({ ageGroups: ["Toddlers"] })).toMatch(/ageGroups/);
      expect(await refused({ ageGroups: "Youth" })).toMatch(/ageGroups/);
    });

    it("refuses a box out of range, upside down or incomplete", async () => {
      const box = { south: 37, west: -86.5, north: 39, east: -84 };
      expect(await refused({ bounds: { ...box, north: 91 } })).toMatch(/bounds\.north/);
      expect(await refused({ bounds: { ...box, west: -181 } })).toMatch(/bounds\.west/);
      expect(await refused({ bounds: { ...box, south: 40 } })).toMatch(
        /south must not be greater than north/,
      );
      const { east: _, ...open } = box;
      expect(await refused({ bounds: open })).toMatch(/bounds\.east/);
      expect(await refused({ bounds: { ...box, east: "-84" } })).toMatch(/bounds\.east/);
    });

    it("refuses the same on the facet counts and on other kinds", async () => {
      await refused(
        { startDate: "2027-04-12", endDate: "2027-04-11" },
        "/event-mgmt/api/events/search/stats",
      );
      await refused(
        { bounds: { south: 1, west: 0, north: 0, east: 1 } },
        "/facility-mgmt/api/facilities/search",
      );
    });
  });
});
