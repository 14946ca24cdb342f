// kill -9 during writes, with the outbox. A server on one store (PGlite's data folder, as
// production runs it, or PostgreSQL; a test file for each) takes a stream of writes that record domain events (chat messages, likes whose notification
// goes to the listing's owner) and is killed -9 several times, each time just as a like's
// notification reaches the owner's socket: the subscriber's write has committed and its job may
// not be marked done yet. After the last restart and once the queue is drained, every acknowledged
// write is stored and every committed event was handled once by its subscriber: one delivery mark,
// one notification per like.
import type { FastifyInstance } from "fastify";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptGroupInvitations } from "../group-invitations-driver";
import { V } from "../helper";
import { connectHub, eventually } from "./hub-sockets";
import { call, callPath, openStore, preparePeople, type TPeople, type TStore } from "./people";
import {
  cleanUp,
  createPostgresDatabase,
  killServer,
  spawnServer,
  stopServer,
  tempDir,
} from "./processes";

type TWho = "olga" | "ann" | "ben" | "admin";
const FACILITIES = "/facility-mgmt/api/facilities";
const KILLS = 3;

let store: TStore;
let people: TPeople<TWho>;
let facilityId: string;
let groupId: string;
const sockets: Socket[] = [];

/** Olga's approved facility (so others may like it) and Ann's group with Ben, made in-process. */
async function setup(app: FastifyInstance, p: TPeople<TWho>) {
  const as = (who: TWho, method: "GET" | "POST" | "PUT", url: string, data?: unknown) =>
    app.inject({
      method,
      url: `${url}?${V}`,
      headers: { authorization: `Bearer ${p[who].token}` },
      ...(data === undefined ? {} : { payload: { data } }),
    });
  const created = await as("olga", "POST", FACILITIES, {
    name: "Riverside Fields",
    address: {
      street: "1 Main St",
      city: "Louisville",
      state: "KY",
      postalCode: "40202",
      country: "US",
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  facilityId = created.json().data.id;
  const approved = await as("admin", "PUT", `${FACILITIES}/${facilityId}/approve`);
  expect(approved.statusCode, approved.body).toBe(200);
  const group = await as("ann", "POST", "/user-mgmt/api/groups", {
    name: "Match day",
    memberIds: [p.ben.id],
  });
  expect(group.statusCode, group.body).toBe(201);
  groupId = group.json().data.id;
  await acceptGroupInvitations(
    (method, route, who: TWho) => as(who, method, `/user-mgmt/api${route}`),
    groupId,
    ["ben"],
  );
}

/** Where the killed server keeps its data: PGlite's folder (the default), or PostgreSQL. */
const STORES = {
  PGlite: async (): Promise<TStore> => ({ dataDir: tempDir() }),
  PostgreSQL: async (): Promise<TStore> => ({
    dataDir: tempDir(),
    databaseUrl: (await createPostgresDatabase()).url,
  }),
};

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await cleanUp();
});

/** The server on the store's data. */
const serve = () =>
  spawnServer({
    dataDir: store.dataDir,
    ...(store.databaseUrl ? { env: { DATABASE_URL: store.databaseUrl } } : {}),
  });

/** What the writers had acknowledged (2xx) when they stopped. */
let acknowledged = { messages: [] as string[], likes: 0 };

/** Writes until the server is gone: messages by Ann and Ben, and Ann's like given back and taken. */
function writers(base: string): Promise<void>[] {
  const poster = async (who: "ann" | "ben") => {
    for (let i = 0; ; i++) {
      const reply = await call(base, "POST", `/groups/${groupId}/messages`, people[who].token, {
        body: `${who} ${Date.now()} ${i}`,
      }).catch(() => null);
      if (!reply) return;
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      acknowledged.messages.push((reply.body as { data: { id: string } }).data.id);
    }
  };
  // Unliked first: a like answered after an unlike that was answered is a new one (an event).
  const liker = async () => {
    const likes = `${FACILITIES}/${facilityId}/likes`;
    for (;;) {
      const unlike = await callPath(base, "DELETE", likes, people.ann.token).catch(() => null);
      if (!unlike) return;
      expect(unlike.status).toBe(200);
      const like = await callPath(base, "POST", likes, people.ann.token).catch(() => null);
      if (!like) return;
      expect(like.status, JSON.stringify(like.body)).toBe(200);
      acknowledged.likes++;
    }
  };
  return [poster("ann"), poster("ben"), liker()];
}

/** Resolves once the admins' counts show no event delivery to do, twice `gapMs` apart. */
async function quietFor(base: string, gapMs: number): Promise<void> {
  await eventually("the event queues look drained", () => drained(base), 120_000);
  await new Promise((resolve) => setTimeout(resolve, gapMs));
  await eventually("the event queues stay drained", () => drained(base), 120_000);
}

/** Events not yet dispatched and delivery jobs not yet done, read from the stopped server's data. */
async function pendingDeliveries(): Promise<number> {
  const database = await openStore(store);
  try {
    const { rows } = await database.pool.query<{ n: number }>(
      `select (select count(*) from domain_events where dispatched_date is null)
            + (select count(*) from pgboss.job
               where name like 'events.%' and state in ('created', 'retry', 'active')) as n`,
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await database.close();
  }
}

type TQueueCounts = { name: string; queued: number; active: number; deferred: number };

/** True when no event delivery is queued, running or waiting for a retry. */
async function drained(base: string): Promise<boolean> {
  const reply = await callPath(base, "GET", "/api/admin/jobs", people.admin.token);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  const { queues } = (reply.body as { data: { queues: TQueueCounts[] } }).data;
  return queues
    .filter((q) => q.name.startsWith("events."))
    .every((q) => q.queued + q.active + q.deferred === 0);
}

/**
 * The suite on one store. Each store has a test file of its own (outbox-kill-*.test.ts), so the
 * two run side by side: each of its rounds is mostly a server starting.
 */
export function describeOutboxKill(name: keyof typeof STORES): void {
  describe(`kill -9 during writes, with the outbox, on ${name}`, () => {
    beforeAll(async () => {
      store = await STORES[name]();
      acknowledged = { messages: [], likes: 0 };
      people = await preparePeople(store, ["olga", "ann", "ben", "admin"], setup);
    });

    it("after restarts, stores every acknowledged write and hands every committed event to its subscriber exactly once", async () => {
      for (let round = 0; round < KILLS; round++) {
        const s = await serve();
        const olga = await connectHub(s.url, people.olga.token);
        sockets.push(olga);
        // Killed at a like's notification: the handler's transaction has committed, the job's
        // completion may be on its way.
        let likesSeen = 0;
        const killAt = 2 + round;
        const killed = new Promise<void>((resolve) => {
          olga.on("Notify", (notify: { tags: string[] }) => {
            if (!notify.tags.includes("like") || ++likesSeen < killAt) return;
            void killServer(s).then(() => resolve());
          });
        });
        const writing = writers(s.url);
        await killed;
        await Promise.all(writing);
        olga.disconnect();
        expect(await s.exited).toEqual({ code: null, signal: "SIGKILL" });
      }

      // Restarted until the outbox and the delivery queue are empty: the admins' counts say when to
      // look (a job its killed worker held runs again once its heartbeats are missed), the stopped
      // server's database says for sure.
      let pending = Number.POSITIVE_INFINITY;
      for (let start = 0; start < 3 && pending > 0; start++) {
        const s = await serve();
        await quietFor(s.url, 3000);
        expect(await stopServer(s)).toEqual({ code: 0, signal: null });
        pending = await pendingDeliveries();
      }
      expect(pending).toBe(0);

      const database = await openStore(store);
      try {
        const q = async <T>(text: string, values: unknown[] = []) =>
          (await database.pool.query(text, values)).rows as T[];
        // Every acknowledged message is stored.
        const stored = await q<{ id: string }>("select id from group_messages where id = any($1)", [
          acknowledged.messages,
        ]);
        expect(stored.length).toBe(acknowledged.messages.length);
        expect(acknowledged.messages.length).toBeGreaterThan(0);
        expect(acknowledged.likes).toBeGreaterThanOrEqual(KILLS);
        // Every event left the outbox.
        const waiting = await q<{ n: number }>(
          "select count(*)::int as n from domain_events where dispatched_date is null",
        );
        expect(waiting[0]!.n).toBe(0);
        // Each message and like event has exactly one delivery mark of the notifications subscriber.
        const marks = await q<{ type: string; marks: number }>(
          `select e.type, count(d.event_id)::int as marks
         from domain_events e
         left join event_deliveries d on d.event_id = e.id and d.subscriber = 'notifications'
         where e.type in ('MessagePosted', 'ProfileReacted')
         group by e.id, e.type`,
        );
        const likeEvents = marks.filter((m) => m.type === "ProfileReacted");
        expect(likeEvents.length).toBeGreaterThanOrEqual(acknowledged.likes);
        const bad = marks.filter((m) => m.marks !== 1);
        expect(bad).toEqual([]);
        // And its effect once: one like notification to Olga per like event.
        const notified = await q<{ n: number }>(
          "select count(*)::int as n from user_notifications where user_id = $1 and 'like' = any(tags)",
          [people.olga.id],
        );
        expect(notified[0]!.n).toBe(likeEvents.length);
      } finally {
        await database.close();
      }
    });
  });
}
