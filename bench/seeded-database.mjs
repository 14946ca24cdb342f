// A PostgreSQL database holding the demo network at some scale, for the benchmarks that need one
// (search, match): created on first use and seeded once; reused while it holds enough facilities
// (BENCH_RESEED=1 seeds it again). Written in bulk, it is vacuumed as well as analyzed: autovacuum
// may be off (it is on the bench machine), and a database whose autovacuum ran has its pages
// marked all-visible, so PostgreSQL answers counts from an index alone (index-only scans); an
// unvacuumed one reads every row of the table instead (a lead count: 3.6 ms against 0.7).
import { execSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

export async function withClient(url, run) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Makes sure `url` names a database seeded at `scale` with at least `facilities` facilities.
 * `root` is the repository; `log` says what happened (progress goes to stderr).
 */
export async function prepareSeededDatabase({ url, scale, facilities, root, log }) {
  const name = new URL(url).pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = "/postgres";
  await withClient(admin.toString(), async (client) => {
    const found = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '""')}"`);
  });
  const present = await withClient(url, async (client) => {
    const table = await client.query("select to_regclass('public.profiles') as t");
    if (!table.rows[0].t) return 0;
    const { rows } = await client.query(
      "select count(*)::int as n from profiles where kind = 'facility'",
    );
    return rows[0].n;
  });
  if (present >= facilities && !process.env.BENCH_RESEED) {
    log(`reusing ${name}: ${present} facilities`);
    return;
  }
  const files = fs.mkdtempSync(path.join(os.tmpdir(), "hostfield-bench-files-"));
  const tsx = `"${process.execPath}" "${path.join(root, "node_modules/tsx/dist/cli.mjs")}"`;
  const started = Date.now();
  execSync(`${tsx} apps/server/src/cli/seed.ts --scale ${scale} --force`, {
    cwd: root,
    stdio: ["ignore", process.stderr, "inherit"],
    env: { ...process.env, DATABASE_URL: url, DATA_DIR: files },
  });
  fs.rmSync(files, { recursive: true, force: true });
  await withClient(url, (client) => client.query("vacuum analyze"));
  log(`seeded ${name} in ${Math.round((Date.now() - started) / 1000)} s`);
}
