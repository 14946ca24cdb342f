// The scheduled upkeep, run through the job queue as its schedule runs it: expired sign-in records
// (the provider's rows past their expiry, e-mail links expired or used over a day ago, sign-in
// failure windows over a day old) and delivered domain events older than 30 days are pruned; what
// is still current stays.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TTestApp } from "./helper";

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const DAY = "interval '1 day'";
const query = (text: string, values: unknown[] = []) => t.database.pool.query(text, values);
const count = async (table: string, where: string) =>
  (await query(`select count(*)::int as n from ${table} where ${where}`)).rows[0].n as number;

/** Runs a scheduled job now, as its cron would, and waits for it. */
async function run(queue: string) {
  await t.app.jobs.send(queue, {});
  await t.app.jobs.idle([queue]);
}

describe("the scheduled upkeep", () => {
  it("is scheduled: every upkeep job has a cron entry", async () => {
    const rows = await query("select name, cron from pgboss.schedule order by name");
    expect(rows.rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: "events.prune" }),
        expect.objectContaining({ name: "users.prune-sign-in" }),
      ]),
    );
  });

  it("prunes expired sign-in records and keeps current ones", async () => {
    await query(
      `insert into oidc_payloads (model, id, payload, expires_date) values
         ('Session', 'old', '{}', now() - ${DAY}), ('Session', 'current', '{}', now() + ${DAY})`,
    );
    const user = await query(
      "insert into users (email, name, account_type, password_hash) values ('upkeep@example.com', 'Up Keep', 'Coach', 'x') returning id",
    );
    const userId = user.rows[0].id;
    await query(
      `insert into user_links (user_id, purpose, token_hash, expires_date, used_date) values
         ($1, 'verify-email', 'expired', now() - 2 * ${DAY}, null),
         ($1, 'reset-password', 'used', now() + ${DAY}, now() - 2 * ${DAY}),
         ($1, 'reset-password', 'current', now() + ${DAY}, null)`,
      [userId],
    );
    await query(
      `insert into sign_in_attempts (key, window_start, failures) values
         ('ip:203.0.113.1', now() - 2 * ${DAY}, 3), ('ip:203.0.113.2', now(), 1)`,
    );

    await run("users.prune-sign-in");

    const ids = await query("select id from oidc_payloads where id in ('old', 'current')");
    expect(ids.rows.map((r) => r.id)).toEqual(["current"]);
    const links = await query("select token_hash from user_links where user_id = $1", [userId]);
    expect(links.rows.map((r) => r.token_hash)).toEqual(["current"]);
    const attempts = await query(
      "select key from sign_in_attempts where key like 'ip:203.0.113.%'",
    );
    expect(attempts.rows.map((r) => r.key)).toEqual(["ip:203.0.113.2"]);
  });

  it("prunes delivered events after 30 days, with their delivery marks, and keeps waiting ones", async () => {
    await query(
      `insert into domain_events (id, type, data, available_date, dispatched_date) values
         ('00000000-0000-4000-8000-00000000e001', 'ProfileApproved', '{}', now() - 40 * ${DAY}, now() - 40 * ${DAY}),
         ('00000000-0000-4000-8000-00000000e002', 'ProfileApproved', '{}', now() - 2 * ${DAY}, now() - 2 * ${DAY}),
         ('00000000-0000-4000-8000-00000000e003', 'ProfileApproved', '{}', now() + 40 * ${DAY}, null)`,
    );
    await query(
      `insert into event_deliveries (event_id, subscriber, delivered_date) values
         ('00000000-0000-4000-8000-00000000e001', 'notifications', now() - 40 * ${DAY}),
         ('00000000-0000-4000-8000-00000000e002', 'notifications', now() - 2 * ${DAY})`,
    );

    await run("events.prune");

    const kept = await query(
      "select id from domain_events where id::text like '%e00_' order by id",
    );
    expect(kept.rows.map((r) => r.id.slice(-4))).toEqual(["e002", "e003"]);
    expect(await count("event_deliveries", "event_id::text like '%e00_'")).toBe(1);
  });
});
