// The listings' kept median time to first answer (lead_response_times, migration 0028), on a real
// database (PGlite, or PostgreSQL when DATABASE_URL is set): PostgreSQL's triggers keep it equal
// to the median computed from the leads themselves, whatever statement changes them (answers,
// bulk inserts, deletes, cascades from a deleted listing), and two transactions answering leads
// of one listing at once both count.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TDatabase } from "../src/platform/db/database";
import { openTestDatabase, testConfig } from "./helper";

const HOUR = 3_600_000;
const CREATED = "2030-01-01T00:00:00Z";

let database: TDatabase;
beforeAll(async () => {
  database = await openTestDatabase(testConfig());
});
afterAll(() => database.close());

const query = (text: string, values: unknown[] = []) => database.pool.query(text, values);

async function profile(kind: string, name: string): Promise<string> {
  const { rows } = await query(
    `insert into profiles (kind, name, slug, status)
     values ($1, $2, $3, 'approved') returning id`,
    [kind, name, `${name.toLowerCase().replace(/\W+/g, "-")}-${crypto.randomUUID().slice(0, 8)}`],
  );
  return rows[0].id;
}

/** A lead of a new event for `owner`, answered `answeredAfterHours` after it came (null: not yet). */
async function lead(owner: string, answeredAfterHours: number | null): Promise<string> {
  const event = await profile("event", "Response Cup");
  const { rows } = await query(
    `insert into event_leads (event_id, owner_type, owner_id, source, created_date, first_response_date)
     values ($1, 'Facility', $2, 'direct', $3::timestamptz,
             $3::timestamptz + make_interval(hours => $4::int)) returning id`,
    [event, owner, CREATED, answeredAfterHours],
  );
  return rows[0].id;
}

async function kept(owner: string) {
  const { rows } = await query(
    "select median_ms, answered from lead_response_times where owner_id = $1",
    [owner],
  );
  return rows[0] ? { medianMs: Number(rows[0].median_ms), answered: rows[0].answered } : null;
}

describe("a listing's kept median time to first answer", () => {
  it("has no row until a lead is answered, then the median of its answered leads", async () => {
    const owner = await profile("facility", "Median Courts");
    const open = await lead(owner, null);
    expect(await kept(owner)).toBeNull();

    await lead(owner, 2);
    await lead(owner, 6);
    expect(await kept(owner)).toEqual({ medianMs: 4 * HOUR, answered: 2 });

    // The open lead answered after 10 h: the median of 2, 6 and 10.
    await query(
      "update event_leads set first_response_date = created_date + interval '10 hours' where id = $1",
      [open],
    );
    expect(await kept(owner)).toEqual({ medianMs: 6 * HOUR, answered: 3 });
  });

  it("leaves a listing's row alone on changes that are not answers (a status, a new open lead)", async () => {
    const owner = await profile("facility", "Quiet Courts");
    const answered = await lead(owner, 3);
    await query("update lead_response_times set median_ms = 1 where owner_id = $1", [owner]);
    await query("update event_leads set status = 'Interested' where id = $1", [answered]);
    await lead(owner, null);
    // Had either statement recounted, the marker would be gone.
    expect(await kept(owner)).toEqual({ medianMs: 1, answered: 1 });
  });

  it("counts again when answered leads go, and drops the row with the last", async () => {
    const owner = await profile("facility", "Shrinking Courts");
    const first = await lead(owner, 1);
    await lead(owner, 5);
    expect(await kept(owner)).toEqual({ medianMs: 3 * HOUR, answered: 2 });
    await query("delete from event_leads where id = $1", [first]);
    expect(await kept(owner)).toEqual({ medianMs: 5 * HOUR, answered: 1 });
    // The listing deleted: its leads go by cascade, and its row with them.
    await query("delete from profiles where id = $1", [owner]);
    expect(await kept(owner)).toBeNull();
  });

  it("follows a bulk statement over many listings, each to its own median", async () => {
    const owners = [await profile("facility", "Bulk A"), await profile("facility", "Bulk B")];
    const events = [await profile("event", "Bulk Cup 1"), await profile("event", "Bulk Cup 2")];
    await query(
      `insert into event_leads (event_id, owner_type, owner_id, source, created_date, first_response_date)
       select e, 'Facility', o, 'direct', $3::timestamptz,
              $3::timestamptz + make_interval(hours => (case when o = ($2::uuid[])[1] then 1 else 7 end) + (e = ($1::uuid[])[2])::int * 2)
       from unnest($1::uuid[]) e, unnest($2::uuid[]) o`,
      [events, owners, CREATED],
    );
    // A: 1 h and 3 h; B: 7 h and 9 h.
    expect(await kept(owners[0]!)).toEqual({ medianMs: 2 * HOUR, answered: 2 });
    expect(await kept(owners[1]!)).toEqual({ medianMs: 8 * HOUR, answered: 2 });
  });

  // PGlite is one session: a second transaction waits for the first to end, so two at once exist
  // only on PostgreSQL (the suite's PostgreSQL run in CI).
  it.runIf(testConfig().databaseUrl)(
    "counts both of two transactions that answer one listing's leads at once",
    async () => {
      const owner = await profile("facility", "Busy Courts");
      const leads = [await lead(owner, null), await lead(owner, null)];
      const [a, b] = [await database.pool.connect(), await database.pool.connect()];
      try {
        await a.query("begin");
        await b.query("begin");
        await a.query(
          "update event_leads set first_response_date = created_date + interval '2 hours' where id = $1",
          [leads[0]],
        );
        // b waits for a's lock on the listing, then counts with a's answer in.
        const later = b.query(
          "update event_leads set first_response_date = created_date + interval '4 hours' where id = $1",
          [leads[1]],
        );
        await a.query("commit");
        await later;
        await b.query("commit");
      } finally {
        a.release();
        b.release();
      }
      expect(await kept(owner)).toEqual({ medianMs: 3 * HOUR, answered: 2 });
    },
  );
});
