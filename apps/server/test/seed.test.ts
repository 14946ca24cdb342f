// The demo seed against a real (fresh) database: counts, references, images the app serves,
// demo sign-in, refusal without --force, the same names from the same seed, stays and traffic.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SPORTS } from "@hostfield/domain/reference";
import { addDays, isSpaceTypeCombinationAllowed } from "@hostfield/domain/rules";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scaledCounts } from "../src/cli/seed/generate";
import {
  DEMO_PASSWORD,
  DEMO_USERS,
  runSeed,
  seedEmptyDatabase,
  seedFileStore,
  type TSeedContext,
  type TSeedOptions,
} from "../src/cli/seed/index";
import { NO_REF } from "../src/modules/reports/schema";
import { buildTestApp, type TTestApp, V } from "./helper";
import { signIn } from "./oidc-driver";

const SCALE = 0.02;
const OPTIONS: TSeedOptions = { seed: 3, scale: SCALE, force: false, today: "2025-06-02" };

let t: TTestApp;
let ctx: TSeedContext;
const logs: string[] = [];

const query = async <T extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await t.database.pool.query<T>(text, values)).rows;
const names = async () =>
  (
    await query<{ id: string; name: string; slug: string }>(
      "select id, name, slug from profiles order by id",
    )
  ).map((r) => `${r.id} ${r.slug} ${r.name}`);

beforeAll(async () => {
  // The app and the seed share one data folder, so /media serves what the seed stored.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hostfield-seed-test-"));
  t = await buildTestApp({ env: { DATA_DIR: dataDir } });
  ctx = {
    pool: t.database.pool,
    files: seedFileStore({ dataDir, s3: undefined }),
    log: (message) => logs.push(message),
  };
  await runSeed(ctx, OPTIONS);
}, 120_000);
afterAll(() => t?.close());

describe("db:seed", () => {
  it("builds the scaled count of each kind, with a detail row each", async () => {
    const rows = await query<{ kind: string; n: string }>(
      "select kind, count(*) as n from profiles group by kind",
    );
    const counts = Object.fromEntries(rows.map((r) => [r.kind, Number(r.n)]));
    expect(counts).toEqual(scaledCounts(SCALE));
    for (const [kind, table] of [
      ["facility", "facility_details"],
      ["destination", "destination_details"],
      ["hotel", "hotel_details"],
      ["business", "business_details"],
      ["company", "company_details"],
      ["organization", "organization_details"],
      ["event", "event_details"],
    ] as const) {
      const [row] = await query<{ n: string }>(
        `select count(*) as n from ${table} d join profiles p on p.id = d.profile_id and p.kind = $1`,
        [kind],
      );
      expect(Number(row!.n), table).toBe(counts[kind]);
    }
    expect(logs.join("\n")).toMatch(/Seeded .* facility/);
  });

  it("approves and activates most listings, leaving a few pending", async () => {
    const [row] = await query<{ approved: number; pending: number; active: number; total: number }>(
      `select count(*) filter (where status = 'approved')::int as approved,
              count(*) filter (where status = 'pending')::int as pending,
              count(*) filter (where is_active)::int as active,
              count(*)::int as total
         from profiles`,
    );
    expect(row!.approved / row!.total).toBeGreaterThan(0.95);
    expect(row!.active / row!.total).toBeGreaterThan(0.95);
    expect(row!.approved + row!.pending).toBe(row!.total);
  });

  it("references only what exists and what the reference lists allow", async () => {
    const [bad] = await query<{ events: number; links: number; companies: number }>(
      `select
         (select count(*) from event_details e left join profiles o on o.id = e.organization_id
           where o.kind is distinct from 'organization')::int as events,
         (select count(*) from facility_destinations l
            join profiles f on f.id = l.facility_id join profiles d on d.id = l.destination_id
           where f.kind <> 'facility' or d.kind <> 'destination')::int as links,
         (select count(*) from profile_companies l join profiles c on c.id = l.company_id
           where c.kind <> 'company')::int as companies`,
    );
    expect(bad).toEqual({ events: 0, links: 0, companies: 0 });
    const [links] = await query<{ n: number }>(
      "select count(*)::int as n from facility_destinations",
    );
    expect(links!.n).toBeGreaterThan(0);

    const spaces = await query<{ name: string; surface: string; location: string }>(
      "select distinct name, surface, location from profile_space_types",
    );
    for (const space of spaces) expect(isSpaceTypeCombinationAllowed(space)).toBe(true);
    const sports = await query<{ name: string }>("select distinct name from profile_sports");
    const known = new Set<string>(SPORTS.map((s) => s.name));
    for (const s of sports) expect(known.has(s.name)).toBe(true);

    const [dupes] = await query<{ n: number }>(
      "select count(*)::int as n from (select slug from profiles group by slug having count(*) > 1) d",
    );
    expect(dupes!.n).toBe(0);
  });

  it("stores the logos and headers it references, and /media serves them", async () => {
    const keys = (
      await query<{ key: string }>(
        `select distinct key from (select logo as key from profiles union select header_image from profiles) k
          where key is not null`,
      )
    ).map((r) => r.key);
    expect(keys.length).toBeGreaterThan(10);
    for (const key of keys) expect(await ctx.files.exists(key), key).toBe(true);
    const res = await t.app.inject({
      method: "GET",
      url: `/media/${keys[0]}?w=112&h=112&fit=contain`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^image\//);
  });

  it("creates verified demo accounts that sign in and own listings", async () => {
    const users = await query<{ email: string; roles: string[]; verified: boolean; owned: number }>(
      `select u.email, u.roles, u.email_verified_date is not null as verified,
              (select count(*)::int from profile_members m where m.user_id = u.id and m.role = 'owner') as owned
         from users u order by u.email`,
    );
    expect(users.map((u) => u.email).sort()).toEqual(
      Object.values(DEMO_USERS)
        .map((u) => u.email)
        .sort(),
    );
    expect(users.every((u) => u.verified)).toBe(true);
    expect(users.find((u) => u.email === DEMO_USERS.admin.email)?.roles).toEqual(["admin"]);
    expect(users.find((u) => u.email === DEMO_USERS.organizer.email)?.owned).toBeGreaterThan(0);
    expect(users.find((u) => u.email === DEMO_USERS.facility.email)?.owned).toBeGreaterThan(0);

    const tokens = await signIn(t.app, DEMO_USERS.admin.email, DEMO_PASSWORD);
    const me = await t.app.inject({
      method: "GET",
      url: `/user-mgmt/api/users/my?${V}`,
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ email: DEMO_USERS.admin.email, isAdmin: true });
  });

  it("writes 180 days of traffic: a full weekly curve for the demo facility, a long tail elsewhere", async () => {
    const first = addDays(OPTIONS.today!, -179);
    const [facility] = await query<{ id: string }>(
      `select m.profile_id as id from profile_members m join profiles p on p.id = m.profile_id
        where m.user_id = $1 and m.role = 'owner' and p.kind = 'facility' order by p.id limit 1`,
      [DEMO_USERS.facility.id],
    );
    const days = await query<{ day: string; views: number; weekday: number }>(
      `select day::text as day, count::int as views, extract(dow from day)::int as weekday
         from analytics_daily where subject_id = $1 and metric = 'views' and day between $2 and $3`,
      [facility!.id, first, OPTIONS.today],
    );
    expect(days.length).toBeGreaterThanOrEqual(150);
    // Whole days only: today's raw events are its morning's.
    const byWeekday = new Map<number, number[]>();
    for (const d of days.filter((d) => d.day < OPTIONS.today!)) {
      byWeekday.set(d.weekday, [...(byWeekday.get(d.weekday) ?? []), d.views]);
    }
    const means = [...byWeekday.values()].map((v) => v.reduce((a, b) => a + b, 0) / v.length);
    expect(means).toHaveLength(7);
    expect(Math.max(...means)).toBeGreaterThan(1.3 * Math.min(...means));

    // Counters only inside the 180 days, and every counter is consistent with its neighbours.
    const [span] = await query<{ first: string; last: string }>(
      "select min(day)::text as first, max(day)::text as last from analytics_daily",
    );
    expect(span).toEqual({ first, last: OPTIONS.today });
    const [bad] = await query<Record<string, number>>(
      `with d as (
         select subject_id, day,
                sum(count) filter (where metric = 'views') as views,
                sum(count) filter (where metric = 'clicks') as clicks,
                sum(count) filter (where metric like 'clicks.%') as targets
           from analytics_daily group by subject_id, day)
       select (select count(*) from analytics_daily where metric = 'visitors')::int as visitors,
              count(*) filter (where coalesce(clicks, 0) <> coalesce(targets, 0))::int as clicks,
              (select count(*) from analytics_daily a left join profiles p on p.id = a.subject_id
                where p.kind is distinct from a.subject_kind)::int as subjects,
              (select count(*) from analytics_daily a left join profiles h on h.id = a.ref
                where a.metric = 'clicks.hotel' and h.kind is distinct from 'hotel')::int as "hotelRefs",
              (select count(*) from analytics_daily
                where count <= 0 or (metric <> 'clicks.hotel' and ref <> '${NO_REF}'))::int as rows
         from d`,
    );
    expect(bad).toEqual({ visitors: 0, clicks: 0, subjects: 0, hotelRefs: 0, rows: 0 });
    const [totals] = await query<Record<"views" | "impressions" | "clicks", number>>(
      `select ${["views", "impressions", "clicks"]
        .map((m) => `sum(count) filter (where metric = '${m}')::int as ${m}`)
        .join(", ")} from analytics_daily`,
    );
    // Views are unique visitors a day (no `visitors` metric is written, issue 48).
    const { views, impressions, clicks } = totals!;
    expect(impressions / views).toBeGreaterThan(2);
    expect(clicks / views).toBeGreaterThan(0.01);
    expect(clicks / views).toBeLessThan(0.15);

    // The long tail: most listings are seen on few days.
    const [tail] = await query<{ listings: number; few: number }>(
      `select count(*)::int as listings,
              count(*) filter (where coalesce((select count(*) from analytics_daily a
                where a.subject_id = p.id and a.metric = 'views'), 0) < 30)::int as few
         from profiles p`,
    );
    expect(tail!.few / tail!.listings).toBeGreaterThan(0.8);
  });

  it("writes yesterday's and this morning's traffic as raw events, rolled up into their counters", async () => {
    const yesterday = addDays(OPTIONS.today!, -1);
    const [raw] = await query<{ first: string; last: string; n: number; batches: number }>(
      `select min(day)::text as first, max(day)::text as last, count(*)::int as n,
              count(distinct batch_id)::int as batches,
              count(*) filter (where (received_at at time zone 'UTC')::date <> day
                or (day = $1 and received_at at time zone 'UTC' >= $1::date + interval '12 hours'))::int as "offDay",
              (select count(*) from analytics_events e where not exists
                (select 1 from analytics_batches b where b.batch_id = e.batch_id))::int as "noBatch"
         from analytics_events`,
      [OPTIONS.today],
    );
    expect(raw).toMatchObject({ first: yesterday, last: OPTIONS.today, offDay: 0, noBatch: 0 });
    expect(raw!.n).toBeGreaterThan(100);
    // The raw days' counters are what the raw events add up to, each visitor once per listing and
    // day (a click once per target and ref); the roll-up writes no `visitors` (issue 48).
    const counted = await query<{ key: string; n: number }>(
      `select subject_id || ' ' || day || ' ' || metric || ' ' || ref as key, count::int as n
         from analytics_daily where day >= $1 order by key`,
      [yesterday],
    );
    const fromRaw = await query<{ key: string; n: number }>(
      `with e as (
         select subject_id, day, type, visitor, target, coalesce(ref, '${NO_REF}'::uuid) as ref
           from analytics_events)
       select subject_id || ' ' || day || ' ' || metric || ' ' || ref as key, n::int as n from (
         select subject_id, day, type || 's' as metric, '${NO_REF}'::uuid as ref,
                count(distinct visitor || ' ' || coalesce(target, '') || ' ' || ref) as n
           from e group by 1, 2, 3
         union all
         select subject_id, day, 'clicks.' || target, ref, count(distinct visitor)
           from e where type = 'click' group by 1, 2, 3, 4) c
       order by key`,
    );
    expect(counted.length).toBeGreaterThan(0);
    expect(counted).toEqual(fromRaw);
  });

  it("refuses a database with profiles unless forced, and repeats itself for the same seed", async () => {
    const before = await names();
    await expect(runSeed(ctx, OPTIONS)).rejects.toThrow(/already has .* profiles.*--force/);
    expect(
      await seedEmptyDatabase(t.database, { dataDir: os.tmpdir(), s3: undefined }, console),
    ).toBe(false);

    await runSeed(ctx, { ...OPTIONS, force: true });
    expect(await names()).toEqual(before);

    await runSeed(ctx, { ...OPTIONS, seed: 4, force: true });
    const other = await names();
    expect(other).not.toEqual(before);
    expect(other.length).toBe(before.length);
  }, 120_000);

  it("writes stays whose counters match the rows behind them, and pickup reads them", async () => {
    // A scale with blocks (at 0.02 few marketed events have a hotel within 25 miles).
    await runSeed(ctx, { ...OPTIONS, scale: 0.05, force: true });
    const [counts] = await query<{
      types: number;
      nights: number;
      accepted: number;
      proposed: number;
      inBlocks: number;
      outside: number;
    }>(
      `select (select count(*)::int from room_types) as types,
              (select count(*)::int from room_nights) as nights,
              (select count(*)::int from hotel_blocks where status = 'Accepted') as accepted,
              (select count(*)::int from hotel_blocks where status = 'Proposed') as proposed,
              (select count(*)::int from reservations where block_id is not null) as "inBlocks",
              (select count(*)::int from reservations where block_id is null) as outside`,
    );
    expect(counts!.types).toBeGreaterThan(0);
    expect(counts!.nights).toBe(counts!.types * 180);
    expect(counts!.accepted).toBeGreaterThan(0);
    expect(counts!.proposed).toBeGreaterThan(0);
    expect(counts!.inBlocks).toBeGreaterThan(0);
    expect(counts!.outside).toBeGreaterThan(0);

    const [bad] = await query<Record<string, number>>(
      `select
         (select count(*) from room_nights where held + booked > rooms_to_sell)::int as oversold,
         (select count(*) from block_nights where booked > held)::int as "blockOverbooked",
         (select count(*) from room_nights c
           where c.held <> coalesce((select sum(n.held) from block_nights n
                   join hotel_blocks b on b.id = n.block_id and b.status = 'Accepted'
                  where n.room_type_id = c.room_type_id and n.night = c.night), 0))::int as "heldOff",
         (select count(*) from room_nights c
           where c.booked <> coalesce((select sum(r.rooms) from reservation_nights rn
                   join reservations r on r.id = rn.reservation_id and r.status = 'Confirmed'
                  where rn.block_id is null and r.room_type_id = c.room_type_id
                    and rn.night = c.night), 0))::int as "bookedOff",
         (select count(*) from block_nights n
           where n.booked <> coalesce((select sum(r.rooms) from reservation_nights rn
                   join reservations r on r.id = rn.reservation_id and r.status = 'Confirmed'
                  where rn.block_id = n.block_id and r.room_type_id = n.room_type_id
                    and rn.night = n.night), 0))::int as "blockBookedOff"`,
    );
    expect(bad).toEqual({
      oversold: 0,
      blockOverbooked: 0,
      heldOff: 0,
      bookedOff: 0,
      blockBookedOff: 0,
    });

    // The pickup chart an admin sees is the block's nights as seeded.
    const [block] = await query<{ id: string; held: number; booked: number }>(
      `select b.id, sum(n.held)::int as held, sum(n.booked)::int as booked
         from hotel_blocks b join block_nights n on n.block_id = b.id
        where b.status = 'Accepted' group by b.id order by b.id limit 1`,
    );
    const tokens = await signIn(t.app, DEMO_USERS.admin.email, DEMO_PASSWORD);
    const res = await t.app.inject({
      method: "GET",
      url: `/hotel-mgmt/api/hotels/blocks/${block!.id}/pickup?${V}`,
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const pickup = res.json().data;
    expect({ held: pickup.held, booked: pickup.booked }).toEqual({
      held: block!.held,
      booked: block!.booked,
    });
    expect(pickup.booked / pickup.held).toBeGreaterThanOrEqual(0.2);
    expect(pickup.booked / pickup.held).toBeLessThanOrEqual(0.9);
  }, 120_000);
});
