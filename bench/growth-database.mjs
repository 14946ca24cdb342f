// The growth bench's databases: the scale-1 demo network (15,000 facilities, seeded once by the
// seed itself), and copies of it grown to more facilities in SQL, which takes a minute where the
// seed would take an hour. A grown facility is a copy of a seeded one: its own id and slug, the
// same kind of name with a number, a point moved by up to about 30 miles, its likes and creation
// date varied, and its details, sports, amenities, space types, destinations and boosts copied.
// The other kinds keep their scale-1 numbers: the bench asks what a million facilities cost every
// marketplace that shares their tables.
import { prepareSeededDatabase, withClient } from "./seeded-database.mjs";

/**
 * The facility's own rows, copied with it: the table and the column that names the facility,
 * the most rows first (the copies' jobs are taken in this order).
 */
const CHILDREN = [
  ["profile_amenities", "profile_id"],
  ["profile_space_types", "profile_id"],
  ["profile_sports", "profile_id"],
  ["facility_destinations", "facility_id"],
  ["facility_details", "profile_id"],
  ["profile_boosts", "profile_id"],
];

/** A copy's likes and name, from the original's (`c`, a profile or a link's copies of them). */
const copyLikes = (likes) => `floor(${likes} * (0.5 + m.r3))::int`;
const copyName = (name) => `${name} || ' ' || m.g`;

/** The copies a destination's link keeps of its facility (a trigger does, out of the build). */
const LINK_CHANGES = {
  like_count: copyLikes("c.like_count"),
  facility_name: copyName("c.facility_name"),
};

/** How the copy's columns differ from the original's (`c` the original, `m` the copy's map row). */
const PROFILE_CHANGES = {
  id: "m.id",
  slug: "c.slug || '-g' || m.g",
  name: copyName("c.name"),
  lat: "least(89.9, greatest(-89.9, c.lat + (m.r1 - 0.5) * 0.8))",
  lng: "c.lng + (m.r2 - 0.5) * 0.8",
  like_count: copyLikes("c.like_count"),
  follower_count: "floor(c.follower_count * (0.5 + m.r3))::int",
  created_date: "c.created_date - (m.r4 * interval '400 days')",
  updated_date: "c.updated_date",
};

/** A version-4 UUID made from `text` (md5 with the version and variant bits set): repeatable. */
const UUID_OF = (text) =>
  `overlay(overlay(md5(${text}) placing '4' from 13) placing '8' from 17)::uuid`;

const databaseUrl = (base, name) => {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
};

async function columnsOf(client, table) {
  const { rows } = await client.query(
    "select column_name as name from information_schema.columns where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position",
    [table],
  );
  return rows.map((r) => r.name);
}

/** The table's indexes that back no constraint: dropped for the bulk insert, built again after. */
async function plainIndexes(client, table) {
  const { rows } = await client.query(
    `select i.indexname as name, i.indexdef as def from pg_indexes i
     where i.schemaname = 'public' and i.tablename = $1
       and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    [table],
  );
  return rows;
}

/** Sessions set for the bulk insert, on each of the build's connections. */
async function bulkSession(client) {
  await client.query("set maintenance_work_mem = '1GB'");
  await client.query("set synchronous_commit = off");
  // Every copy's parent is written in the same build, so the foreign keys' checks (a trigger per
  // row) are skipped for the bulk insert: the session acts as a replica would.
  await client.query("set session_replication_role = replica");
}

/**
 * Runs `jobs` (each a function of a client) on two connections at once, each taking the next job
 * as it finishes one: the machine's two cores, where one connection used one.
 */
async function onTwoConnections(url, jobs) {
  const queue = [...jobs];
  await Promise.all(
    [0, 1].map(() =>
      withClient(url, async (client) => {
        await bulkSession(client);
        for (let job = queue.shift(); job; job = queue.shift()) await job(client);
      }),
    ),
  );
}

/** Adds facilities to the database at `url` (a copy of the base) until it holds `facilities`. */
async function grow(url, facilities, log) {
  const prepared = await withClient(url, async (client) => {
    const { rows } = await client.query(
      "select count(*)::int as n from profiles where kind = 'facility'",
    );
    const base = rows[0].n;
    const wanted = facilities - base;
    if (wanted <= 0) return null;
    await bulkSession(client);
    await client.query("select setseed(0.49)");
    // One map row per copy: which facility it copies and its own random numbers; a table both
    // connections read (unlogged: a build that fails is built again).
    await client.query("drop table if exists growth_map");
    await client.query(
      `create unlogged table growth_map as
       select p.id as src, ${UUID_OF("p.id::text || ':' || g")} as id, g, random() as r1,
         random() as r2, random() as r3, random() as r4
       from (select id from profiles where kind = 'facility' order by id) p,
         generate_series(1, ceil($1::float8 / $2)::int) g
       order by g, p.id
       limit $1`,
      [wanted, base],
    );
    await client.query("create index on growth_map (src)");
    await client.query("analyze growth_map");
    const tables = ["profiles", ...CHILDREN.map(([t]) => t)];
    const dropped = [];
    for (const table of tables) {
      for (const index of await plainIndexes(client, table)) {
        await client.query(`drop index "${index.name}"`);
        dropped.push(index);
      }
    }
    const columns = {};
    for (const table of tables) columns[table] = await columnsOf(client, table);
    return { dropped, columns };
  });
  if (!prepared) return;
  const { dropped, columns } = prepared;
  const started = Date.now();
  // Every table's copies in halves (by the copy's number), each half a job, the largest tables'
  // first: the two connections take the next job as they finish one, so neither waits idle while
  // the other copies a table alone. The foreign keys are not checked (bulkSession), so a child's
  // copies need not wait for their profiles'.
  const copyHalf = (table, key, values, half) => (client) =>
    client.query(
      `insert into ${table} (${columns[table].join(", ")})
       select ${values.join(", ")} from growth_map m join ${table} c on c.${key} = m.src
       where m.g % 2 = ${half}`,
    );
  const jobs = [];
  const profileValues = columns.profiles.map((c) => PROFILE_CHANGES[c] ?? `c.${c}`);
  for (const half of [0, 1]) jobs.push(copyHalf("profiles", "id", profileValues, half));
  for (const [table, key] of CHILDREN) {
    // A destination's link keeps its facility's likes and name (a trigger does, which the build's
    // session does not fire): the copy's, made as the copied facility's were.
    const changes = table === "facility_destinations" ? LINK_CHANGES : {};
    const values = columns[table].map((c) =>
      c === key ? "m.id" : c === "id" ? "gen_random_uuid()" : (changes[c] ?? `c.${c}`),
    );
    for (const half of [0, 1]) jobs.push(copyHalf(table, key, values, half));
  }
  await onTwoConnections(url, jobs);
  const inserted = Date.now();
  // The indexes again, two at a time, the profiles' (the largest) first.
  await onTwoConnections(
    url,
    dropped.map((index) => (client) => client.query(index.def)),
  );
  const indexed = Date.now();
  await withClient(url, async (client) => {
    await client.query("drop table growth_map");
    await client.query("vacuum analyze");
  });
  log(
    `grew to ${facilities} facilities: insert ${Math.round((inserted - started) / 1000)} s, indexes ${Math.round((indexed - inserted) / 1000)} s, vacuum ${Math.round((Date.now() - indexed) / 1000)} s`,
  );
}

/**
 * The databases for `sizes` (facility counts, the smallest the seeded base itself), each named
 * `{prefix}_{size}` beside `baseUrl`'s database; reused while they hold their size (BENCH_RESEED=1
 * builds them again). Returns the URL of each, by size.
 */
export async function prepareGrowthDatabases({ baseUrl, sizes, root, log }) {
  const name = new URL(baseUrl).pathname.slice(1);
  await prepareSeededDatabase({ url: baseUrl, scale: 1, facilities: 15_000, root, log });
  const admin = databaseUrl(baseUrl, "postgres");
  const urls = {};
  for (const size of sizes) {
    const grown = `${name}_${size}`;
    urls[size] = databaseUrl(baseUrl, grown);
    const present = await withClient(admin, async (client) => {
      const found = await client.query("select 1 from pg_database where datname = $1", [grown]);
      return found.rowCount > 0;
    });
    if (present && !process.env.BENCH_RESEED) {
      const n = await withClient(urls[size], async (client) => {
        const { rows } = await client.query(
          "select count(*)::int as n from profiles where kind = 'facility'",
        );
        return rows[0].n;
      });
      if (n === size) {
        log(`reusing ${grown}: ${n} facilities`);
        continue;
      }
    }
    const started = Date.now();
    await withClient(admin, async (client) => {
      await client.query(`drop database if exists "${grown}"`);
      // A template must have no other session; the base's last one closed above.
      await client.query(`create database "${grown}" template "${name}"`);
    });
    await grow(urls[size], size, log);
    log(`built ${grown} in ${Math.round((Date.now() - started) / 1000)} s`);
  }
  return urls;
}
