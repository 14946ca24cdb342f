// Only this file of the seed speaks SQL: the emptiness check, removing earlier demo data, the
// seed's connections, lock and transactions (withSeedSession), and bulk inserts (a JSON array per
// statement, spread into rows by json_populate_recordset).
import { addDays } from "@hostfield/domain/rules";
import { getTableColumns, getTableName, type Table } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import { rollupDays } from "../../modules/reports/rollup";
import type { TDemoUser } from "./accounts";
import { listingChildParts } from "./generate";
import type { TDemoNetwork } from "./network";
import { RAW_DAYS } from "./reports";
import * as tables from "./tables";

type TQueryable = Pick<pg.PoolClient, "query">;

// An arbitrary constant naming the seed's advisory lock (migrations use 7_420_001).
const SEED_LOCK_ID = 7_420_002;
// About 2 MB of JSON per statement: large enough that round trips do not matter, small enough
// for the embedded server's message buffers.
const BATCH_CHARS = 2_000_000;

export async function countProfiles(client: TQueryable): Promise<number> {
  const { rows } = await client.query<{ n: string }>("select count(*) as n from profiles");
  return Number(rows[0]?.n ?? 0);
}

/**
 * Deletes what an earlier seed wrote: the demo accounts, every profile they created (their
 * details, children and links go with them by cascade; their traffic and standings by hand) and
 * the stories they wrote. A seed that failed on several connections may have committed traffic
 * batches without their events: it names them in `batchIds`.
 */
export async function deleteDemoData(
  client: TQueryable,
  userIds: readonly string[],
  emailDomain: string,
  batchIds: readonly string[] = [],
): Promise<{ profiles: number; users: number }> {
  // Traffic and standings name their listing without a foreign key, so they go first, by hand.
  const demoProfiles = "select id from profiles where created_by = any($1::uuid[])";
  await client.query(
    `with gone as (delete from analytics_events where subject_id in (${demoProfiles}) returning batch_id)
     delete from analytics_batches where batch_id in (select batch_id from gone) or batch_id = any($2::uuid[])`,
    [userIds, batchIds],
  );
  await client.query(`delete from analytics_daily where subject_id in (${demoProfiles})`, [
    userIds,
  ]);
  await client.query(`delete from report_standings where subject_id in (${demoProfiles})`, [
    userIds,
  ]);
  // The demo accounts' stories (an author's deleted account would leave them authorless), with
  // their traffic, which names them without a foreign key too.
  const demoStories = "select id from stories where author_id = any($1::uuid[])";
  for (const table of ["analytics_events", "analytics_daily"]) {
    await client.query(`delete from ${table} where subject_id in (${demoStories})`, [userIds]);
  }
  await client.query("delete from stories where author_id = any($1::uuid[])", [userIds]);
  const deletedProfiles = await client.query(
    "delete from profiles where created_by = any($1::uuid[])",
    [userIds],
  );
  const deletedUsers = await client.query(
    "delete from users where id = any($1::uuid[]) or email like $2",
    [userIds, `%@${emailDomain}`],
  );
  return { profiles: deletedProfiles.rowCount ?? 0, users: deletedUsers.rowCount ?? 0 };
}

export async function listSlugs(client: TQueryable): Promise<Set<string>> {
  const { rows } = await client.query<{ slug: string }>("select slug from profiles");
  return new Set(rows.map((r) => r.slug));
}

export async function listHotelPartnerIds(client: TQueryable): Promise<Set<string>> {
  const { rows } = await client.query<{ partner_id: string }>(
    "select partner_id from hotel_details where partner_id is not null",
  );
  return new Set(rows.map((r) => r.partner_id));
}

function jsonValue(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}

/**
 * Sends statements on one connection, one at a time, each while the caller makes the next:
 * PostgreSQL inserts a batch while this process serializes the following one and, between turns
 * of the event loop, runs `meanwhile` (drawing the rest of the network). On the embedded database
 * both share this thread, so that changes the order of the work, not its amount.
 */
class StatementPipe {
  private inFlight: Promise<unknown> | undefined;
  private busy = false;

  constructor(
    private readonly client: TQueryable,
    private readonly meanwhile: () => boolean,
    /** Set when a connection beside this one failed: this one stops at its next statement. */
    private readonly stop: { error?: unknown },
  ) {}

  /**
   * Waits for the statement in flight, then sends this one and answers when (Date.now()) it did;
   * `done` runs once it has finished.
   */
  async send(statement: string, values: unknown[], done?: () => void): Promise<number> {
    await this.settle();
    if (this.stop.error) throw this.stop.error;
    this.busy = true;
    const sent = this.client.query(statement, values).then(
      () => {
        this.busy = false;
        done?.();
      },
      (error: unknown) => {
        this.busy = false;
        throw error;
      },
    );
    // settle() awaits it; until then its failure must not count as unhandled.
    sent.catch(() => undefined);
    this.inFlight = sent;
    return Date.now();
  }

  /** Waits for the statement in flight, then runs this one and answers its rows. */
  async rows<R>(statement: string, values: unknown[] = []): Promise<R[]> {
    await this.settle();
    if (this.stop.error) throw this.stop.error;
    const { rows } = await this.client.query(statement, values);
    return rows as R[];
  }

  /** Runs `meanwhile` a step at a time until the statement in flight has finished. */
  async settle(): Promise<void> {
    // setImmediate lets the event loop take PostgreSQL's answer between two steps.
    while (this.busy && this.meanwhile()) await new Promise((resolve) => setImmediate(resolve));
    const sent = this.inFlight;
    this.inFlight = undefined;
    await sent;
  }
}

/**
 * Columns a migration declares and the drizzle schema does not (no read of the table carries
 * them), which the seed writes all the same: a listing's copy of its sports' names (0052).
 */
const UNDECLARED: { readonly [table: string]: Record<string, { name: string }> } = {
  profiles: { sportNames: { name: "sport_names" } },
};

/**
 * Inserts rows given by their drizzle (TypeScript) field names. Columns a row leaves out take
 * their defaults; json_populate_recordset reads every value with the column's own type, arrays
 * included. `done` runs once the last row is in, with when (Date.now()) the first was sent.
 */
async function insertRows<T extends Table>(
  pipe: StatementPipe,
  table: T,
  rows: readonly T["$inferInsert"][],
  done: (started: number) => void,
): Promise<void> {
  if (rows.length === 0) return done(Date.now());
  const columns = {
    ...(getTableColumns(table) as Record<string, { name: string }>),
    ...UNDECLARED[getTableName(table)],
  };
  const present = new Set<string>();
  for (const row of rows) for (const field in row) present.add(field);
  const fields = [...present].filter((field) => columns[field]);
  const names = fields.map((field) => `"${columns[field]!.name}"`).join(", ");
  const tableName = `"${getTableName(table)}"`;
  const statement = `insert into ${tableName} (${names}) select ${names} from json_populate_recordset(null::${tableName}, $1::json)`;
  let batch: string[] = [];
  let size = 0;
  let written = 0;
  let started = 0;
  const finished = () => done(started);
  for (const row of rows) {
    const record: Record<string, unknown> = {};
    for (const field of fields) {
      record[columns[field]!.name] = jsonValue((row as Record<string, unknown>)[field]);
    }
    const json = JSON.stringify(record);
    batch.push(json);
    size += json.length + 1;
    written++;
    if (size >= BATCH_CHARS || written === rows.length) {
      const last = written === rows.length;
      const sentAt = await pipe.send(
        statement,
        [`[${batch.join(",")}]`],
        last ? finished : undefined,
      );
      if (!started) started = sentAt;
      batch = [];
      size = 0;
    }
  }
}

type TPart = keyof TDemoNetwork;

/**
 * The parts of the network in stages: a stage's tables reference only those of earlier stages
 * (and each other's never), so on several connections each writes its share of every table of a
 * stage side by side with the others, and the next stage starts once they are committed. On one
 * connection they simply go in this order, parents before children.
 */
const STAGES: readonly (readonly TPart[])[] = [
  ["users"],
  ["profiles"],
  [
    ...listingChildParts(),
    "businessPromotions",
    "profileBoosts",
    "stories",
    "roomTypes",
    "hotelBlocks",
    "analyticsDaily",
    "analyticsBatches",
  ],
  ["storyListings", "roomNights", "blockNights", "blockChanges", "reservations", "analyticsEvents"],
  ["reservationNights"],
];

const TABLES: { readonly [P in TPart]: Table } = {
  users: tables.users,
  profiles: tables.profiles,
  facilityDetails: tables.facilityDetails,
  destinationDetails: tables.destinationDetails,
  hotelDetails: tables.hotelDetails,
  businessDetails: tables.businessDetails,
  businessPromotions: tables.businessPromotions,
  companyDetails: tables.companyDetails,
  organizationDetails: tables.organizationDetails,
  eventDetails: tables.eventDetails,
  stories: tables.stories,
  storyListings: tables.storyListings,
  profileSports: tables.profileSports,
  profileSpaceTypes: tables.profileSpaceTypes,
  profileAmenities: tables.profileAmenities,
  facilityDestinations: tables.facilityDestinations,
  profileCompanies: tables.profileCompanies,
  profileMembers: tables.profileMembers,
  profileReactions: tables.profileReactions,
  profileBoosts: tables.profileBoosts,
  roomTypes: tables.roomTypes,
  roomNights: tables.roomNights,
  hotelBlocks: tables.hotelBlocks,
  blockNights: tables.blockNights,
  blockChanges: tables.blockChanges,
  reservations: tables.reservations,
  reservationNights: tables.reservationNights,
  analyticsDaily: tables.analyticsDaily,
  analyticsBatches: tables.analyticsBatches,
  analyticsEvents: tables.analyticsEvents,
};

/**
 * Parts written in the order of their listing rather than the order drawn: both indexes of these
 * tables lead with the listing or name it, and rows that arrive grouped by listing update them a
 * quarter faster (the unique (profile_id, name) check finds its page in memory). A listing's own
 * rows keep their order.
 */
const BY_PROFILE = new Set<TPart>(["profileAmenities", "profileSports"]);

const byProfile = <T extends { profileId?: string }>(rows: readonly T[]): T[] =>
  [...rows].sort((a, b) =>
    a.profileId! < b.profileId! ? -1 : a.profileId! > b.profileId! ? 1 : 0,
  );

/**
 * Parts whose table's indexes are built after its rows when the table is empty and the seed writes
 * on one connection (the embedded database, `npm start`'s seed): the listings, whose twenty-odd
 * indexes (GiST, GIN, B-tree) kept current row by row made theirs the longest insert. Scale 1 on
 * the embedded database: 5.7-5.9 s, against 2.0 s for the rows and 2.1-2.2 s for the indexes after.
 * The drop and the build are in the seed's one transaction, so a seed that fails or is killed
 * leaves the indexes as they were. On several connections each writes its share side by side in a
 * transaction of its own, which a dropped index's lock would hold up; that stage took as long
 * either way at scale 7 on PostgreSQL (15.5-17.7 s side by side, 16.5 s on one connection with
 * the indexes built after).
 */
const INDEXED_AFTER = new Set<TPart>(["profiles"]);

/**
 * The indexes of `table` that back no constraint, when the table holds no row: those the seed
 * builds after its rows (none of a table that holds some, whose indexes it keeps current).
 */
const plainIndexesWhileEmpty = (table: string) =>
  `select i.indexname as name, i.indexdef as def from pg_indexes i
   where i.schemaname = current_schema() and i.tablename = $1
     and not exists (select 1 from pg_constraint c where c.conname = i.indexname)
     and not exists (select 1 from "${table}")
   order by i.indexname`;

/** Told of a table's rows once they are in (or, `what` "indexes", of its indexes once built). */
export type TInsertProgress = (
  table: string,
  count: number,
  ms: number,
  what?: "rows" | "indexes",
) => void;

export type TWriteOptions = {
  /** Which parts of the network to write now. */
  parts: ReadonlySet<TPart>;
  /** Told of each table once its rows are in, with how long they took. */
  progress?: TInsertProgress;
  /** A step of other work to run while PostgreSQL writes; false when there is none left. */
  meanwhile?: () => boolean;
};

export type TSeedNetwork = Omit<TDemoNetwork, "users"> & {
  users: (TDemoUser & { passwordHash: string })[];
};

/** What the seed does its work through: see withSeedSession. */
export type TSeedSession = {
  /** The first connection, for checks and reads. */
  readonly client: TQueryable;
  /**
   * Runs `work` on the first connection as a unit: in the seed's one transaction, or in one of
   * its own when the seed writes on several connections.
   */
  step<T>(work: (client: TQueryable) => Promise<T>): Promise<T>;
  /** Writes the given parts of the network, parents before children. */
  write(network: TSeedNetwork, verifiedAt: Date, options: TWriteOptions): Promise<void>;
};

/**
 * Runs the seed on `connections` of the pool (at most its size), holding the seed's lock, so two
 * seeds (two servers starting on one empty database) take turns. On one connection, all of it in
 * one transaction: all of the demo network or none of it. On several, each stage (STAGES) is
 * written side by side, each connection's share in a transaction of its own: faster on
 * PostgreSQL, whose index upkeep is most of the work and runs on one core per connection. A seed
 * that fails then runs `undo` to remove what it committed; one killed midway leaves part of a
 * network, which the next seed with --force replaces.
 */
export async function withSeedSession<T>(
  pool: pg.Pool,
  connections: number,
  work: (session: TSeedSession) => Promise<T>,
  undo: (client: TQueryable) => Promise<unknown>,
): Promise<T> {
  const count = Math.max(1, Math.min(Math.floor(connections), pool.options.max ?? 1));
  const clients: pg.PoolClient[] = [];
  try {
    for (let i = 0; i < count; i++) clients.push(await pool.connect());
    const first = clients[0]!;
    if (count === 1) {
      await first.query("begin");
      try {
        await first.query("select pg_advisory_xact_lock($1)", [SEED_LOCK_ID]);
        const result = await work({
          client: first,
          step: (unit) => unit(first),
          write: (network, verifiedAt, options) =>
            writeParts([first], false, network, verifiedAt, options),
        });
        await first.query("commit");
        return result;
      } catch (error) {
        await first.query("rollback").catch(() => undefined);
        throw error;
      }
    }
    await first.query("select pg_advisory_lock($1)", [SEED_LOCK_ID]);
    let wrote = false;
    const step = async <R>(unit: (client: TQueryable) => Promise<R>) => {
      await first.query("begin");
      try {
        const result = await unit(first);
        await first.query("commit");
        return result;
      } catch (error) {
        await first.query("rollback").catch(() => undefined);
        throw error;
      }
    };
    try {
      return await work({
        client: first,
        step,
        write: (network, verifiedAt, options) => {
          wrote = true;
          return writeParts(clients, true, network, verifiedAt, options);
        },
      });
    } catch (error) {
      if (wrote) await step(undo).catch(() => undefined);
      throw error;
    } finally {
      await first.query("select pg_advisory_unlock($1)", [SEED_LOCK_ID]).catch(() => undefined);
    }
  } finally {
    for (const client of clients) client.release();
  }
}

/** A connection's share of a stage's rows: the i-th of `count` consecutive slices. */
const share = <T>(rows: readonly T[], i: number, count: number): readonly T[] =>
  count === 1
    ? rows
    : rows.slice(
        Math.floor((rows.length * i) / count),
        Math.floor((rows.length * (i + 1)) / count),
      );

/**
 * Writes parts stage by stage on `clients`: one, inside the caller's transaction, or several,
 * each its share of a stage in a transaction of its own (`commit`). When one fails, the others
 * stop at their next statement and roll back.
 */
async function writeParts(
  clients: readonly TQueryable[],
  commit: boolean,
  network: TSeedNetwork,
  verifiedAt: Date,
  options: TWriteOptions,
): Promise<void> {
  const { parts, progress = () => undefined } = options;
  // Generation stamps today's raw events before noon UTC; seeded earlier than that, the ones
  // still to come are stamped now (nothing is received in the future).
  const now = Date.now();
  const notAhead = <R extends { receivedAt?: Date | undefined }>(row: R): R =>
    row.receivedAt && row.receivedAt.getTime() > now ? { ...row, receivedAt: new Date(now) } : row;
  const rowsOf = (part: TPart): readonly Record<string, unknown>[] => {
    if (part === "users")
      return network.users.map((u) => ({ ...u, emailVerifiedDate: verifiedAt }));
    if (part === "analyticsBatches") return network.analyticsBatches.map(notAhead);
    if (part === "analyticsEvents") return network.analyticsEvents.map(notAhead);
    const rows = network[part] as readonly Record<string, unknown>[];
    return BY_PROFILE.has(part) ? byProfile(rows) : rows;
  };
  // Made when the first connection comes to them, while its statement before is in flight.
  const made = new Map<TPart, readonly Record<string, unknown>[]>();
  const rowsFor = (part: TPart) => {
    let rows = made.get(part);
    if (!rows) {
      rows = rowsOf(part);
      made.set(part, rows);
    }
    return rows;
  };
  const stop: { error?: unknown } = {};
  const pipes = clients.map(
    (client) => new StatementPipe(client, options.meanwhile ?? (() => false), stop),
  );
  for (const stage of STAGES) {
    const here = stage.filter((part) => parts.has(part));
    if (here.length === 0) continue;
    // Each table's time: from its first statement on any connection to the end of its last.
    const timing = new Map<TPart, { started: number; left: number }>();
    // On one connection, parts whose indexes are built after their rows (INDEXED_AFTER).
    const indexedAfter = pipes.length === 1 ? here.filter((part) => INDEXED_AFTER.has(part)) : [];
    const lane = async (pipe: StatementPipe, i: number) => {
      if (commit) await pipe.send("begin", []);
      const rebuild: { name: string; def: string }[] = [];
      for (const part of indexedAfter) {
        const table = getTableName(TABLES[part]);
        const indexes = await pipe.rows<{ name: string; def: string }>(
          plainIndexesWhileEmpty(table),
          [table],
        );
        for (const index of indexes) await pipe.send(`drop index "${index.name}"`, []);
        rebuild.push(...indexes);
      }
      for (const part of here) {
        const rows = rowsFor(part);
        const time = timing.get(part) ?? { started: Number.POSITIVE_INFINITY, left: pipes.length };
        timing.set(part, time);
        await insertRows(pipe, TABLES[part], share(rows, i, pipes.length), (started) => {
          time.started = Math.min(time.started, started);
          if (--time.left === 0) {
            progress(getTableName(TABLES[part]), rows.length, Date.now() - time.started);
          }
        });
      }
      if (rebuild.length > 0) {
        const started = Date.now();
        for (const index of rebuild) await pipe.send(index.def, []);
        await pipe.settle();
        const tables = indexedAfter.map((part) => getTableName(TABLES[part])).join(", ");
        progress(tables, rebuild.length, Date.now() - started, "indexes");
      }
      if (commit) await pipe.send("commit", []);
      await pipe.settle();
    };
    const lanes = pipes.map((pipe, i) =>
      lane(pipe, i).catch(async (error: unknown) => {
        stop.error ??= error;
        await pipe.settle().catch(() => undefined);
        if (commit) await clients[i]!.query("rollback").catch(() => undefined);
        throw error;
      }),
    );
    const results = await Promise.allSettled(lanes);
    const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
    if (failed) throw failed.reason;
  }
}

/**
 * Rolls the raw events of the last RAW_DAYS days into their daily counters, as the reports
 * module's job does every five minutes. Its own transaction, after the seed's (the embedded
 * server has one connection, and the roll-up takes it).
 */
export async function rollUpRawDays(pool: pg.Pool, today: string): Promise<void> {
  await rollupDays(drizzle(pool), addDays(today, 1 - RAW_DAYS), today, {
    today,
    rawDays: RAW_DAYS,
  });
}

/**
 * Fresh planner statistics, since the embedded server has no autovacuum to gather them later;
 * after replacing earlier demo data, a vacuum too, so the deleted rows' space is reused.
 */
export async function analyzeTables(
  pool: pg.Pool,
  vacuum: boolean,
  connections = 1,
): Promise<void> {
  const command = vacuum ? "vacuum (analyze)" : "analyze";
  if (connections <= 1) {
    await pool.query(command);
    return;
  }
  // Table by table on several connections, the largest first, each taking the next when done.
  const { rows } = await pool.query<{ name: string }>(
    `select quote_ident(schemaname) || '.' || quote_ident(relname) as name
       from pg_stat_user_tables order by pg_total_relation_size(relid) desc`,
  );
  const next = () => rows.shift()?.name;
  const worker = async () => {
    for (let table = next(); table; table = next()) await pool.query(`${command} ${table}`);
  };
  await Promise.all(Array.from({ length: connections }, worker));
}
