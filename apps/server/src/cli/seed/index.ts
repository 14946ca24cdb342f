// Seeds a believable demo network: `npm run db:seed`, and `npm start` on an empty database.
// Generation is pure (generate.ts), pictures are drawn locally (images.ts), SQL is in repository.ts.
import { isIsoDate, todayUtc } from "@hostfield/domain/rules";
import type pg from "pg";
import { hashPassword } from "../../modules/users/passwords";
import type { TConfig } from "../../platform/config";
import type { TDatabase } from "../../platform/db/database";
import { createFileStore, type TFileStore } from "../../platform/files/store";
import { DEMO_EMAIL_DOMAIN, DEMO_PASSWORD, DEMO_USERS } from "./accounts";
import { buildDemoNetwork, LISTING_PARTS } from "./generate";
import { demoImageKeys, ensureDemoImages } from "./images";
import type { TDemoNetwork } from "./network";
import { createPostalLocator, loadSeedCities } from "./places";
import * as repo from "./repository";

export { DEMO_PASSWORD, DEMO_USERS } from "./accounts";

export const DEFAULT_SEED = 1;
export const MAX_SCALE = 50;

export type TSeedOptions = {
  seed: number;
  /** Multiplies the scale-1 counts (15,000 facilities, ...). */
  scale: number;
  /** Replace earlier demo data instead of refusing a database that has profiles. */
  force: boolean;
  /** YYYY-MM-DD; today (UTC) unless given, for repeatable tests. */
  today?: string;
};

export type TSeedContext = {
  pool: pg.Pool;
  files: TFileStore;
  log: (message: string) => void;
  /**
   * How many of the pool's connections to write on at once. One (the default): the whole network
   * in one transaction, all of it or none. More: faster on PostgreSQL, each writing its share in
   * transactions of its own; a seed that fails removes what it wrote, one killed midway leaves
   * part of a network (see repository.ts, withSeedSession).
   */
  connections?: number;
};

export type TSeedSummary = {
  profiles: Record<string, number>;
  rows: number;
  imagesWritten: number;
  ms: number;
};

export class SeedRefusedError extends Error {
  override name = "SeedRefusedError";
}

/** The file store the server serves /media from (DATA_DIR/files, or the S3 bucket). */
export function seedFileStore(config: Pick<TConfig, "dataDir" | "s3">): TFileStore {
  return createFileStore(config);
}

const rowCount = (network: TDemoNetwork) =>
  Object.values(network).reduce((sum, rows) => sum + rows.length, 0);

export async function runSeed(ctx: TSeedContext, options: TSeedOptions): Promise<TSeedSummary> {
  const started = Date.now();
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  const { seed, scale, force } = options;
  const today = options.today ?? todayUtc();

  // Cheap refusal before drawing or loading anything; checked again under the lock below.
  const existing = await repo.countProfiles(ctx.pool);
  if (existing > 0 && !force) throw refusal(existing);

  // The pictures are drawn on libuv's threads while this one loads the places and draws the
  // listings; they are in before anything is written.
  const images = ensureDemoImages(ctx.files);
  images.catch(() => undefined);
  const cities = loadSeedCities();
  const postal = createPostalLocator();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  ctx.log(`Seeding demo data (seed ${seed}, scale ${scale}); places ready at ${elapsed()}`);
  let imagesWritten = 0;

  const demoUserIds = Object.values(DEMO_USERS).map((u) => u.id);
  let replaced = false;
  let drawn: TDemoNetwork | undefined;
  const network = await repo.withSeedSession(
    ctx.pool,
    ctx.connections ?? 1,
    async (session) => {
      const before = await repo.countProfiles(session.client);
      if (before > 0 && !force) throw refusal(before);
      const removed = await session.step((client) =>
        repo.deleteDemoData(client, demoUserIds, DEMO_EMAIL_DOMAIN),
      );
      replaced = removed.profiles > 0;
      if (removed.profiles || removed.users) {
        ctx.log(
          `Removed earlier demo data: ${removed.profiles} profiles, ${removed.users} accounts`,
        );
      }
      // Listings that are not demo data keep their slugs and partner ids.
      const others = before - removed.profiles > 0;
      const { network, steps } = buildDemoNetwork({
        seed,
        scale,
        today,
        cities,
        postal,
        images: demoImageKeys(),
        takenSlugs: others ? await repo.listSlugs(session.client) : undefined,
        takenPartnerIds: others ? await repo.listHotelPartnerIds(session.client) : undefined,
      });
      drawn = network;
      const draw = () => !steps.next().done;
      for (let step = steps.next(); !step.done && step.value !== "listings"; step = steps.next()) {
        // A turn of the event loop between steps, for the pictures' reads and writes.
        await new Promise((resolve) => setImmediate(resolve));
      }
      imagesWritten = await images;
      ctx.log(
        `Drew the listings (${rowCount(network).toLocaleString("en-US")} rows) and ${imagesWritten} images at ${elapsed()}`,
      );
      const writing = { ...network, users: network.users.map((u) => ({ ...u, passwordHash })) };
      const verifiedAt = new Date();
      const progress: repo.TInsertProgress = (table, count, ms, what = "rows") => {
        if (count) ctx.log(`  ${table}: ${count.toLocaleString("en-US")} ${what} in ${ms} ms`);
      };
      // The listings go in while the rest of the network is drawn, then the rest.
      await session.write(writing, verifiedAt, {
        parts: LISTING_PARTS,
        progress,
        meanwhile: draw,
      });
      while (draw());
      ctx.log(`Generated ${rowCount(network).toLocaleString("en-US")} rows at ${elapsed()}`);
      const rest = (Object.keys(network) as (keyof TDemoNetwork)[]).filter(
        (part) => !LISTING_PARTS.has(part),
      );
      await session.write(writing, verifiedAt, { parts: new Set(rest), progress });
      return network;
    },
    // A seed on several connections that fails takes out what it committed.
    (client) =>
      repo
        .deleteDemoData(
          client,
          demoUserIds,
          DEMO_EMAIL_DOMAIN,
          drawn?.analyticsBatches.map((batch) => batch.batchId),
        )
        .catch((error: unknown) => {
          ctx.log(
            `Removing what this seed wrote failed too (${error instanceof Error ? error.message : error}); seed again with --force to replace it`,
          );
          throw error;
        }),
  );
  ctx.log(`Committed at ${elapsed()}; rolling up the raw traffic, refreshing planner statistics`);
  try {
    await repo.rollUpRawDays(ctx.pool, today);
  } catch (error) {
    // The network is in; the server's roll-up job (every five minutes) makes these counters too.
    ctx.log(
      `Rolling up the raw traffic failed: ${error instanceof Error ? error.message : error}; the server's roll-up job will`,
    );
  }
  await repo.analyzeTables(ctx.pool, replaced, ctx.connections);

  const profiles: Record<string, number> = {};
  for (const row of network.profiles) profiles[row.kind] = (profiles[row.kind] ?? 0) + 1;
  const summary = {
    profiles,
    rows: rowCount(network),
    imagesWritten,
    ms: Date.now() - started,
  };
  ctx.log(
    `Seeded ${Object.entries(profiles)
      .map(([kind, n]) => `${n.toLocaleString("en-US")} ${kind}`)
      .join(", ")} (${summary.rows.toLocaleString("en-US")} rows) in ${elapsed()}`,
  );
  ctx.log(
    `Demo sign-in: ${Object.values(DEMO_USERS)
      .map((u) => u.email)
      .join(", ")}; password "${DEMO_PASSWORD}" (${DEMO_USERS.admin.email} is an admin)`,
  );
  return summary;
}

function refusal(count: number): SeedRefusedError {
  return new SeedRefusedError(
    `The database already has ${count.toLocaleString("en-US")} profiles, so the demo seed stopped. ` +
      "Run `npm run db:seed -- --force` to delete the earlier demo data and seed again.",
  );
}

/**
 * What `npm start` calls after migrating: seeds SEED_SCALE (default 1) when the database has no
 * profiles. Another process seeding at the same moment wins the lock; this one then finds profiles
 * and moves on. A failed seed is logged and leaves the database empty (the next start tries again);
 * the server still starts.
 */
export async function seedEmptyDatabase(
  database: Pick<TDatabase, "pool">,
  config: Pick<TConfig, "dataDir" | "s3"> & Partial<Pick<TConfig, "seedScale">>,
  log: { info(message: string): void; error(message: string): void },
): Promise<boolean> {
  if ((await repo.countProfiles(database.pool)) > 0) return false;
  log.info(
    "The database has no profiles: seeding the demo network (SEED_ON_START=false skips this)",
  );
  try {
    await runSeed(
      { pool: database.pool, files: seedFileStore(config), log: (message) => log.info(message) },
      { seed: DEFAULT_SEED, scale: config.seedScale ?? 1, force: false },
    );
    return true;
  } catch (error) {
    if (!(error instanceof SeedRefusedError)) {
      log.error(
        `Seeding the demo network failed: ${error instanceof Error ? error.message : error}`,
      );
    }
    return false;
  }
}

export const SEED_USAGE = `usage: npm run db:seed -- [--seed N] [--scale N] [--today YYYY-MM-DD] [--force]
  --seed N    the random seed (default ${DEFAULT_SEED}); the same seed gives the same network
  --scale N   multiplies 15,000 facilities, 800 destinations, 2,000 events, 3,000 hotels,
              2,000 businesses, 300 companies and 500 organizations (default 1, at most ${MAX_SCALE})
  --today D   the day the network is made for (default today, UTC): events start after it, boosts
              and traffic end on it
  --force     delete earlier demo data first instead of refusing a database that has profiles`;

/** Parses the command line; a string is the problem to print with the usage. */
export function parseSeedArgs(argv: readonly string[]): TSeedOptions | { help: true } | string {
  const options: TSeedOptions = { seed: DEFAULT_SEED, scale: 1, force: false };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.split("=", 2) as [string, string | undefined];
    const value = () => inline ?? argv[++i];
    switch (flag) {
      case "--help":
      case "-h":
        return { help: true };
      case "--force":
        options.force = true;
        break;
      case "--seed": {
        const seed = Number(value());
        if (!Number.isSafeInteger(seed)) return "--seed takes a whole number";
        options.seed = seed;
        break;
      }
      case "--today": {
        const today = value();
        if (!today || !isIsoDate(today)) return "--today takes a date as YYYY-MM-DD";
        options.today = today;
        break;
      }
      case "--scale": {
        const scale = Number(value());
        if (!(scale > 0 && scale <= MAX_SCALE))
          return `--scale takes a number above 0, at most ${MAX_SCALE}`;
        options.scale = scale;
        break;
      }
      default:
        return `unknown option ${argv[i]}`;
    }
  }
  return options;
}
