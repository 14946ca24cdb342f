// Only this file of the seed speaks SQL: the emptiness check, removing earlier demo data, and
// bulk inserts (a JSON array per statement, spread into rows by json_populate_recordset).
import { addDays } from "@hostfield/domain/rules";
import { getTableColumns, getTableName, type Table } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import { rollupDays } from "../../modules/reports/rollup";
import type { TDemoUser } from "./accounts";
import type { TDemoNetwork } from "./network";
import { RAW_DAYS } from "./reports";
import * as tables from "./tables";

type TQueryable = Pick<pg.PoolClient, "query">;

// An arbitrary constant naming the seed's advisory lock (migrations use 7_420_001).
const SEED_LOCK_ID = 7_420_002;
// About 2 MB of JSON per statement: large enough that round trips do not matter, small enough
// for the embedded server's message buffers.
const BATCH_CHARS = 2_000_000;

/** Runs `work` in one transaction on one connection: all of the demo network or none of it. */
export async function inTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("begin");
    const result = await work(client);
    await client.query("commit");
    return result;
  } catch (error) {
    await client.query("rollback").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Two seeds (two servers starting on one empty database) take turns; released at commit. */
export async function lockSeeding(client: TQueryable): Promise<void> {
  await client.query("select pg_advisory_xact_lock($1)", [SEED_LOCK_ID]);
}

export async function countProfiles(client: TQueryable): Promise<number> {
  const { rows } = await client.query<{ n: string }>("select count(*) as n from profiles");
  return Number(rows[0]?.n ?? 0);
}

/**
 * Deletes what an earlier seed wrote: the demo accounts, every profile they created (their
 * details, children and links go with them by cascade; their traffic and standings by hand) and
 * the stories they wrote.
 */
export async function deleteDemoData(
  client: TQueryable,
  userIds: readonly string[],
  emailDomain: string,
): Promise<{ profiles: number; users: number }> {
  // Traffic and standings name their listing without a foreign key, so they go first, by hand.
  const demoProfiles = "select id from profiles where created_by = any($1::uuid[])";
  await client.query(
    `with gone as (delete from analytics_events where subject_id in (${demoProfiles}) returning batch_id)
     delete from analytics_batches where batch_id in (select batch_id from gone)`,
    [userIds],
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
 * Inserts rows given by their drizzle (TypeScript) field names. Columns a row leaves out take
 * their defaults; json_populate_recordset reads every value with the column's own type, arrays
 * included.
 */
async function insertRows<T extends Table>(
  client: TQueryable,
  table: T,
  rows: readonly T["$inferInsert"][],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  const fields = [...new Set(rows.flatMap((row) => Object.keys(row)))].filter(
    (field) => columns[field],
  );
  const names = fields.map((field) => `"${columns[field]!.name}"`).join(", ");
  const tableName = `"${getTableName(table)}"`;
  const statement = `insert into ${tableName} (${names}) select ${names} from json_populate_recordset(null::${tableName}, $1::json)`;
  let batch: string[] = [];
  let size = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await client.query(statement, [`[${batch.join(",")}]`]);
    batch = [];
    size = 0;
  };
  for (const row of rows) {
    const record: Record<string, unknown> = {};
    for (const field of fields) {
      record[columns[field]!.name] = jsonValue((row as Record<string, unknown>)[field]);
    }
    const json = JSON.stringify(record);
    batch.push(json);
    size += json.length + 1;
    if (size >= BATCH_CHARS) await flush();
  }
  await flush();
}

export type TInsertProgress = (table: string, rows: number, ms: number) => void;

/** Writes the network, parents before children. */
export async function insertNetwork(
  client: TQueryable,
  network: Omit<TDemoNetwork, "users"> & { users: (TDemoUser & { passwordHash: string })[] },
  verifiedAt: Date,
  progress: TInsertProgress = () => undefined,
): Promise<void> {
  const step = async <T extends Table>(table: T, rows: readonly T["$inferInsert"][]) => {
    const started = Date.now();
    await insertRows(client, table, rows);
    progress(getTableName(table), rows.length, Date.now() - started);
  };
  await step(
    tables.users,
    network.users.map((u) => ({ ...u, emailVerifiedDate: verifiedAt })),
  );
  await step(tables.profiles, network.profiles);
  await step(tables.facilityDetails, network.facilityDetails);
  await step(tables.destinationDetails, network.destinationDetails);
  await step(tables.hotelDetails, network.hotelDetails);
  await step(tables.businessDetails, network.businessDetails);
  await step(tables.businessPromotions, network.businessPromotions);
  await step(tables.companyDetails, network.companyDetails);
  await step(tables.organizationDetails, network.organizationDetails);
  await step(tables.eventDetails, network.eventDetails);
  await step(tables.profileSports, network.profileSports);
  await step(tables.profileSpaceTypes, network.profileSpaceTypes);
  await step(tables.profileAmenities, network.profileAmenities);
  await step(tables.facilityDestinations, network.facilityDestinations);
  await step(tables.profileCompanies, network.profileCompanies);
  await step(tables.profileMembers, network.profileMembers);
  await step(tables.profileReactions, network.profileReactions);
  await step(tables.profileBoosts, network.profileBoosts);
  await step(tables.stories, network.stories);
  await step(tables.storyListings, network.storyListings);
  await step(tables.roomTypes, network.roomTypes);
  await step(tables.roomNights, network.roomNights);
  await step(tables.hotelBlocks, network.hotelBlocks);
  await step(tables.blockNights, network.blockNights);
  await step(tables.blockChanges, network.blockChanges);
  await step(tables.reservations, network.reservations);
  await step(tables.reservationNights, network.reservationNights);
  await step(tables.analyticsDaily, network.analyticsDaily);
  // Generation stamps today's raw events before noon UTC; seeded earlier than that, the ones
  // still to come are stamped now (nothing is received in the future).
  const now = Date.now();
  const notAhead = <T extends { receivedAt?: Date | undefined }>(row: T): T =>
    row.receivedAt && row.receivedAt.getTime() > now ? { ...row, receivedAt: new Date(now) } : row;
  await step(tables.analyticsBatches, network.analyticsBatches.map(notAhead));
  await step(tables.analyticsEvents, network.analyticsEvents.map(notAhead));
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
export async function analyzeTables(client: TQueryable, vacuum: boolean): Promise<void> {
  await client.query(vacuum ? "vacuum (analyze)" : "analyze");
}
