// The session hub over a real socket: who may connect, what reaches a user's sessions, the end of a
// session, and (with a Redis server) delivery across two app instances that share only Redis and
// the database.
import { HUB_PATH } from "@hostfield/domain/contracts";
import type { FastifyInstance } from "fastify";
import { decodeJwt, importJWK, SignJWT } from "jose";
import { io, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { loadSigningKeys } from "../src/platform/auth/signing-keys";
import { createSecretBox, resolveSecretKey } from "../src/platform/crypto/secret-box";
import { acceptGroupInvitations } from "./group-invitations-driver";
import { buildTestApp, type TTestApp, V } from "./helper";
import { Browser, lastMailTo, linkIn, signIn, signInPeople, type TTokens } from "./oidc-driver";

const PEOPLE = ["ann", "ben", "cal", "dee", "eve", "admin"] as const;
type TPerson = (typeof PEOPLE)[number];

const PASSWORD = "correct horse 42";
let t: TTestApp;
let base: string;
let tokens: Record<TPerson, TTokens>;
const ids = {} as Record<TPerson, string>;
const sockets: Socket[] = [];

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return `http://127.0.0.1:${address.port}`;
}

beforeAll(async () => {
  t = await buildTestApp({
    env: { RATE_LIMIT_MAX: "1000000", ADMIN_EMAILS: "admin@example.com" },
  });
  tokens = await signInPeople(t.app, t.app.db, PEOPLE, PASSWORD);
  for (const who of PEOPLE) ids[who] = (await api("GET", "/users/my", who)).json().data.id;
  base = await listen(t.app);
}, 120_000);
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t?.close();
});

function api(method: string, route: string, who: TPerson, payload?: unknown, app = t.app) {
  return app.inject({
    method: method as "GET",
    url: `/user-mgmt/api${route}${route.includes("?") ? "&" : "?"}${V}`,
    headers: { authorization: `Bearer ${tokens[who].access_token}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** A socket to the hub at `url`, connected (or refused) before this resolves. */
function connect(token: string | undefined, url = base): Promise<Socket> {
  const socket = io(url, {
    path: HUB_PATH,
    auth: token === undefined ? {} : { token },
    transports: ["websocket"],
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", (error) => reject(error));
  });
}

/** The next `event` on the socket; fails the test if it does not come within `ms`. */
function next<T>(socket: Socket, event: string, ms = 10_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event, (data: T) => {
      clearTimeout(timer);
      resolve(data);
    });
  });
}

/** A token with the claims of a real one, signed with the server's own key, expired an hour ago. */
async function expiredToken(of: TTokens): Promise<string> {
  const config = t.app.config;
  const [key] = await loadSigningKeys(
    t.app.db,
    createSecretBox(resolveSecretKey(config.secretKey, config.dataDir)),
  );
  const claims = decodeJwt(of.access_token);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...claims, iat: now - 7200, exp: now - 3600 })
    .setProtectedHeader({ alg: "RS256", kid: key!.kid! })
    .sign(await importJWK(key!, "RS256"));
}

describe("the session hub", () => {
  it("refuses a socket without a token, with a forged one, or with an expired one", async () => {
    await expect(connect(undefined)).rejects.toThrow(/unauthorized/);
    const [header, payload] = tokens.ann.access_token.split(".");
    await expect(connect(`${header}.${payload}.AAAA`)).rejects.toThrow(/unauthorized/);
    await expect(connect(await expiredToken(tokens.ann))).rejects.toThrow(/unauthorized/);
  });

  it("pushes Notify to the recipient's socket when a message is posted", async () => {
    const ben = await connect(tokens.ben.access_token);
    const group = (await api("POST", `/users/${ids.ben}/message`, "ann")).json().data;
    const notified = next<{
      url: string;
      threadId: string;
      tags: string[];
      notification: { title: string };
    }>(ben, "Notify");
    const posted = await api("POST", `/groups/${group}/messages`, "ann", {
      data: { body: "Are you coming on Saturday?" },
    });
    expect(posted.statusCode).toBe(201);
    const notify = await notified;
    expect(notify).toMatchObject({
      url: `/groups/${group}`,
      tags: ["message"],
      notification: { title: "Ann Person" },
    });
    const threads = (await api("GET", `/users/${ids.ben}/threads`, "ben")).json().data;
    expect(threads.find((th: { groupId: string }) => th.groupId === group).id).toBe(
      notify.threadId,
    );
    // The notification travels whole, as the API lists it.
    const [stored] = (await api("GET", `/users/${ids.ben}/notifications`, "ben")).json().data;
    expect(notify.notification).toEqual(stored);
  });

  it("tells a notified member of a message by one Notify, and a muted member by GroupsUpdated", async () => {
    const [eve, dee] = [
      await connect(tokens.eve.access_token),
      await connect(tokens.dee.access_token),
    ];
    const seen = { eve: [] as string[], dee: [] as string[] };
    eve.onAny((event: string) => seen.eve.push(event));
    dee.onAny((event: string) => seen.dee.push(event));
    const group = (
      await api("POST", "/groups", "ann", {
        data: { name: "Quiet crew", memberIds: [ids.eve, ids.dee] },
      })
    ).json().data.id;
    await acceptGroupInvitations(api, group, ["eve", "dee"]);
    expect((await api("PUT", `/groups/${group}/mute?isMuted=true`, "dee")).statusCode).toBe(200);
    await t.app.events.settled();
    seen.eve.length = 0;
    seen.dee.length = 0;
    const notified = next(eve, "Notify");
    const updated = next<{ groupId: string }>(dee, "GroupsUpdated");
    expect(
      (await api("POST", `/groups/${group}/messages`, "ann", { data: { body: "Hush" } }))
        .statusCode,
    ).toBe(201);
    await notified;
    expect((await updated).groupId).toBe(group);
    await t.app.events.settled();
    expect(seen.eve).toEqual(["Notify"]);
    expect(seen.dee).toEqual(["GroupsUpdated", "ProfileUpdated"]);
  });

  it("tells the people invited to a new group that their groups changed", async () => {
    const cal = await connect(tokens.cal.access_token);
    const updated = next<{ groupId: string }>(cal, "GroupsUpdated");
    const created = await api("POST", "/groups", "ann", {
      data: { name: "Volunteers", memberIds: [ids.cal] },
    });
    expect((await updated).groupId).toBe(created.json().data.id);
  });

  it("sends ForceDisconnect and closes the socket when the account is deleted", async () => {
    const cal = await connect(tokens.cal.access_token);
    const forced = next<{ reason: string }>(cal, "ForceDisconnect");
    const closed = next<string>(cal, "disconnect");
    expect((await api("DELETE", `/users/${ids.cal}`, "cal")).statusCode).toBe(200);
    expect(await forced).toEqual({ reason: "deleted" });
    expect(await closed).toBe("io server disconnect");
    await expect(connect(tokens.cal.access_token)).rejects.toThrow(/unauthorized/);
  });

  it("sends ForceDisconnect when an admin blocks the account, which only admins may do", async () => {
    const dee = await connect(tokens.dee.access_token);
    expect((await api("PUT", `/users/${ids.dee}/blocked?isBlocked=true`, "ann")).statusCode).toBe(
      403,
    );
    expect(
      (await api("PUT", `/users/${ids.admin}/blocked?isBlocked=true`, "admin")).statusCode,
    ).toBe(400);
    const forced = next<{ reason: string }>(dee, "ForceDisconnect");
    const blocked = await api("PUT", `/users/${ids.dee}/blocked?isBlocked=true`, "admin");
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(await forced).toEqual({ reason: "blocked" });
    expect((await api("GET", "/users/my", "dee")).statusCode).toBe(401);
    await expect(signIn(t.app, "dee@example.com", PASSWORD)).rejects.toThrow();
    await api("PUT", `/users/${ids.dee}/blocked?isBlocked=false`, "admin");
    expect((await signIn(t.app, "dee@example.com", PASSWORD)).access_token).toBeTruthy();
  });

  it("sends ForceDisconnect when the password is reset", async () => {
    const eve = await connect(tokens.eve.access_token);
    const forced = next<{ reason: string }>(eve, "ForceDisconnect");
    const browser = new Browser(t.app);
    await browser.request("POST", "/oidc/account/forgot", { email: "eve@example.com" });
    const link = linkIn((await lastMailTo(t.app.db, "eve@example.com")).text);
    const token = new URL(link).searchParams.get("token")!;
    const reset = await browser.request("POST", "/oidc/account/reset", {
      token,
      password: "a brand new secret 9",
    });
    expect(reset.statusCode).toBe(200);
    expect(await forced).toEqual({ reason: "password" });
  });
});

// Runs where a Redis server is given (CI sets TEST_REDIS_URL to the local one); the default
// `npm test` needs none, so it is skipped there.
const redisUrl = process.env.TEST_REDIS_URL;
describe.runIf(redisUrl)("two app instances on one Redis", () => {
  it("delivers a message posted through one instance to a socket held by the other, and sees it online", async () => {
    const config = { ...t.app.config, redisUrl: redisUrl! };
    // The jobs go to the two instances on Redis only: one run by this file's app (which has no
    // Redis) would signal its own hub alone, and the notification would never reach Ben.
    await t.app.jobs.stop(5000);
    // The same database and secret key: tokens from one instance are good on the other.
    const first = await buildApp({ config, database: t.database });
    const second = await buildApp({ config, database: t.database });
    try {
      await Promise.all([first.ready(), second.ready()]);
      const firstUrl = await listen(first);
      const ben = await connect(tokens.ben.access_token, firstUrl);
      const group = (
        await api("POST", `/users/${ids.ben}/message`, "ann", undefined, second)
      ).json().data;
      const notified = next<{ url: string }>(ben, "Notify");
      const posted = await api(
        "POST",
        `/groups/${group}/messages`,
        "ann",
        { data: { body: "Through the other process" } },
        second,
      );
      expect(posted.statusCode).toBe(201);
      expect((await notified).url).toBe(`/groups/${group}`);
      expect(first.hub.localSockets()).toBe(1);
      expect(second.hub.localSockets()).toBe(0);
      // Presence asked of the instance that holds no socket still sees Ben's session.
      const presence = await api(
        "GET",
        `/users/presence?ids=${ids.ben},${ids.cal}`,
        "ann",
        undefined,
        second,
      );
      expect(presence.json().data).toEqual([
        { id: ids.ben, isOnline: true },
        { id: ids.cal, isOnline: false },
      ]);
    } finally {
      for (const socket of sockets) socket.disconnect();
      await first.close();
      await second.close();
    }
  });
});
