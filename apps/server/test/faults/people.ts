// Signed-in people for the fault tests: made in this process on the database a spawned server will
// use (the same migrations, key and issuer), so their tokens are good on it; and the API over HTTP.
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../src/app";
import { loadConfig } from "../../src/platform/config";
import { openDatabase, type TDatabase } from "../../src/platform/db/database";
import { runMigrations } from "../../src/platform/db/migrate";
import { V } from "../helper";
import { signInPeople } from "../oidc-driver";
import { SERVER_ENV } from "./processes";

export type TPeople<K extends string> = Record<
  K,
  { id: string; token: string; refreshToken: string }
>;

/** Where a spawned server's data lives: a PGlite data folder, or a PostgreSQL database. */
export type TStore = { dataDir: string; databaseUrl?: string };

/** Opens the store as main.ts does (migrated), for setting up and for checking afterwards. */
export async function openStore(store: TStore): Promise<TDatabase> {
  const database = await openDatabase({
    databaseUrl: store.databaseUrl,
    dataDir: store.dataDir,
    poolSize: 2,
  });
  await runMigrations(database.pool);
  return database;
}

/**
 * Signs these people up and in (`<key>@example.com`; `admin` is an admin); close the store's server
 * first. `setup` may then add what the test needs through the same app (in-process requests).
 */
export async function preparePeople<K extends string>(
  store: TStore,
  keys: readonly K[],
  setup?: (app: FastifyInstance, people: TPeople<K>) => Promise<void>,
): Promise<TPeople<K>> {
  const config = loadConfig({
    ...SERVER_ENV,
    LOG_LEVEL: "silent",
    DATA_DIR: store.dataDir,
    DATABASE_URL: store.databaseUrl,
  });
  const database = await openStore(store);
  const app = await buildApp({ config, database });
  try {
    await app.ready();
    const tokens = await signInPeople(app, app.db, keys, "correct horse 42");
    const people = {} as TPeople<K>;
    for (const key of keys) {
      const token = tokens[key].access_token;
      const me = await app.inject({
        method: "GET",
        url: `/user-mgmt/api/users/my?${V}`,
        headers: { authorization: `Bearer ${token}` },
      });
      people[key] = { id: me.json().data.id, token, refreshToken: tokens[key].refresh_token };
    }
    await setup?.(app, people);
    return people;
  } finally {
    await app.close();
    await database.close();
  }
}

export type TReply = { status: number; body: unknown };

/** One API call over HTTP to a spawned server (`route` under /user-mgmt/api). */
export function call(
  baseUrl: string,
  method: string,
  route: string,
  token: string,
  data?: unknown,
): Promise<TReply> {
  return callPath(baseUrl, method, `/user-mgmt/api${route}`, token, data);
}

/**
 * `call` as the in-process tests' `api(method, route, who)`, answering in the shape of an injected
 * reply: for the drivers both share (`acceptGroupInvitations`).
 */
export const callAs =
  <W extends string>(baseUrl: string, people: TPeople<W>) =>
  async (method: string, route: string, who: W) => {
    const reply = await call(baseUrl, method, route, people[who].token);
    return {
      statusCode: reply.status,
      body: JSON.stringify(reply.body),
      json: () => reply.body as { data: unknown },
    };
  };

/**
 * One API call over HTTP to a spawned server, at its whole path (`/facility-mgmt/api/…`). `data` is
 * sent as `{ data }` in JSON, or as it is when it is a FormData (an upload).
 */
export async function callPath(
  baseUrl: string,
  method: string,
  path: string,
  token: string,
  data?: unknown,
): Promise<TReply> {
  const json = data !== undefined && !(data instanceof FormData);
  const res = await fetch(`${baseUrl}${path}${path.includes("?") ? "&" : "?"}${V}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(json ? { "content-type": "application/json" } : {}),
    },
    ...(data === undefined ? {} : { body: json ? JSON.stringify({ data }) : (data as FormData) }),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: kept as text.
  }
  return { status: res.status, body };
}
