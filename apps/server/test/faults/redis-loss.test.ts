// Redis loss: two server processes share one PostgreSQL database and a private Redis that the test
// kills mid-traffic. Redis only carries the hub's events between processes: the API keeps
// answering, each process keeps pushing to its own sockets, presence answers from them, and
// cross-process delivery resumes when Redis returns. A server started while Redis is down comes up
// with a warning naming REDIS_URL.
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptGroupInvitations } from "../group-invitations-driver";
import { connectHub, eventually, nextEvent } from "./hub-sockets";
import { call, callAs, preparePeople, type TPeople } from "./people";
import {
  cleanUp,
  createPostgresDatabase,
  freePort,
  logLines,
  spawnServer,
  stopServer,
  type TServer,
  tempDir,
} from "./processes";
import { startRedis, type TRedis } from "./redis";

type TWho = "ann" | "ben" | "cal";
let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
let redis: TRedis;
let people: TPeople<TWho>;
const sockets: Socket[] = [];

beforeAll(async () => {
  database = await createPostgresDatabase();
  redis = await startRedis();
  people = await preparePeople({ dataDir: tempDir(), databaseUrl: database.url }, [
    "ann",
    "ben",
    "cal",
  ]);
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await cleanUp();
  await redis?.kill();
});

const serve = (env: Record<string, string>) =>
  spawnServer({ env: { DATABASE_URL: database.url, ...env } });

async function socketOf(server: TServer, who: TWho): Promise<Socket> {
  const socket = await connectHub(server.url, people[who].token);
  sockets.push(socket);
  return socket;
}

const said = (server: TServer, pattern: RegExp) =>
  logLines(server).some((line) => pattern.test(line.msg));

/** Who of `who` the server says is online, as Ann asks it. */
const presenceOn = (server: TServer, ...who: TWho[]) =>
  call(
    server.url,
    "GET",
    `/users/presence?ids=${who.map((key) => people[key].id).join(",")}`,
    people.ann.token,
  );

describe("Redis lost during hub traffic", () => {
  it("keeps both processes serving and pushing to their own sockets, and resumes across them when Redis returns", async () => {
    const a = await serve({ REDIS_URL: redis.url });
    const b = await serve({ REDIS_URL: redis.url });
    const ben = await socketOf(a, "ben");
    const cal = await socketOf(b, "cal");
    const created = await call(a.url, "POST", "/groups", people.ann.token, {
      name: "Saturday crew",
      memberIds: [people.ben.id, people.cal.id],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const groupId = (created.body as { data: { id: string } }).data.id;
    await acceptGroupInvitations(callAs(a.url, people), groupId, ["ben", "cal"]);
    // Muted, Ben and Cal hear of each post from the process that took it (GroupsUpdated); a
    // notified member's Notify comes from whichever process ran the notifications job.
    for (const who of ["ben", "cal"] as const) {
      const muted = await call(
        a.url,
        "PUT",
        `/groups/${groupId}/mute?isMuted=true`,
        people[who].token,
      );
      expect(muted.status, JSON.stringify(muted.body)).toBe(200);
    }
    const post = (server: TServer, body: string) =>
      call(server.url, "POST", `/groups/${groupId}/messages`, people.ann.token, { body });
    const updated = (socket: Socket, step: string) =>
      nextEvent<{ groupId: string }>(socket, "GroupsUpdated", (e) => e.groupId === groupId).catch(
        (error: Error) => {
          throw new Error(`${step}: ${error.message}`);
        },
      );

    // With Redis: a post through A reaches Ben on A and Cal on B.
    let toBen = updated(ben, "with Redis, Ben");
    let toCal = updated(cal, "with Redis, Cal");
    expect((await post(a, "Before")).status).toBe(201);
    await Promise.all([toBen, toCal]);

    await redis.kill();
    // Posts still succeed, and each process pushes to its own sockets.
    for (let i = 0; i < 10; i++) {
      toBen = updated(ben, `without Redis ${i}, Ben`);
      expect((await post(a, `Without Redis ${i}`)).status).toBe(201);
      await toBen;
      toCal = updated(cal, `without Redis ${i}, Cal`);
      expect((await post(b, `Without Redis, through B ${i}`)).status).toBe(201);
      await toCal;
    }
    // Presence answers (from this process's sockets), not 500.
    const presence = await presenceOn(a, "ben", "cal");
    expect(presence.status, JSON.stringify(presence.body)).toBe(200);
    expect((presence.body as { data: unknown }).data).toContainEqual({
      id: people.ben.id,
      isOnline: true,
    });
    expect(a.alive() && b.alive()).toBe(true);
    // The loss is logged once per process, naming where REDIS_URL points.
    for (const server of [a, b]) {
      expect(said(server, /hub connected to Redis/)).toBe(true);
      const lost = logLines(server).filter((line) => /lost Redis/.test(line.msg));
      expect(lost).toHaveLength(1);
      expect(lost[0]!.msg).toContain(`127.0.0.1:${redis.port}`);
    }

    await redis.restart();
    await eventually("both processes reconnected", () =>
      [a, b].every((server) => said(server, /reconnected to Redis/)),
    );
    expect(a.alive() && b.alive()).toBe(true);
    expect(a.output()).not.toMatch(/MaxRetriesPerRequestError|unhandled/i);
    // Across processes again: a post through A reaches Cal on B, and B sees Ben online on A.
    toCal = updated(cal, "Redis back, Cal");
    expect((await post(a, "Redis is back")).status).toBe(201);
    await toCal;
    const across = await presenceOn(b, "ben", "cal");
    expect((across.body as { data: unknown }).data).toEqual([
      { id: people.ben.id, isOnline: true },
      { id: people.cal.id, isOnline: true },
    ]);
    // Stopping one process ends only its own sockets.
    const calGone = nextEvent(cal, "disconnect", () => true, 5_000).then(
      () => true,
      () => false,
    );
    const benGone = nextEvent(ben, "disconnect");
    expect(await stopServer(a)).toEqual({ code: 0, signal: null });
    await benGone;
    expect(await calGone).toBe(false);
    expect(cal.connected).toBe(true);
  });

  it("starts while Redis is down, with a warning naming REDIS_URL's host and port (not its password), and connects when Redis comes", async () => {
    const port = await freePort();
    const server = await serve({ REDIS_URL: `redis://:hub-secret-pw@127.0.0.1:${port}` });
    const warning = logLines(server).find((line) => /not reachable/.test(line.msg));
    expect(warning?.msg).toContain(`127.0.0.1:${port} (REDIS_URL)`);
    expect(server.output()).not.toContain("hub-secret-pw");
    // Up and answering, presence included.
    const presence = await presenceOn(server, "ben");
    expect(presence.status, JSON.stringify(presence.body)).toBe(200);
    const late = await startRedis(port);
    try {
      await eventually("the hub connected to the late Redis", () =>
        said(server, /reconnected to Redis/),
      );
      expect(server.alive()).toBe(true);
    } finally {
      await late.kill();
    }
  });
});
