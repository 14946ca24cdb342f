// Sign-in while the database cannot be reached: the app reaches its database through a TCP relay
// (./tcp-proxy) that the test cuts (every connection reset, new ones too), so `pg` meets a real
// reset connection, as in an outage. The provider answers 503
// temporarily_unavailable with Retry-After, the pages a "try again" page, and nothing is lost: once
// the relay is back, the same refresh token and session go on.
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import type { TDatabase } from "../src/platform/db/database";
import { openTestDatabase, testConfig, V } from "./helper";
import {
  authorizeUrl,
  Browser,
  exchangeCode,
  interactionUid,
  pkce,
  refresh,
  signUpAndVerify,
} from "./oidc-driver";
import { startTcpProxy, type TProxyTarget, type TTcpProxy } from "./tcp-proxy";

const PASSWORD = "correct horse 42";

/** Where the test database's pool connects: PGlite's unix socket, or DATABASE_URL's server. */
function targetOf(pool: pg.Pool): { target: TProxyTarget; connection: pg.PoolConfig } {
  const options = pool.options as pg.PoolConfig;
  if (options.connectionString) {
    const url = new URL(options.connectionString);
    const connection = {
      user: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password),
      database: url.pathname.slice(1),
    };
    return { target: { host: url.hostname, port: Number(url.port || 5432) }, connection };
  }
  const host = String(options.host);
  const port = Number(options.port ?? 5432);
  const connection = { user: options.user, database: options.database };
  return {
    target: host.startsWith("/") ? { path: `${host}/.s.PGSQL.${port}` } : { host, port },
    connection,
  };
}

let database: TDatabase;
let relayed: pg.Pool;
let relay: TTcpProxy;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  const config = testConfig();
  database = await openTestDatabase(config);
  const { target, connection } = targetOf(database.pool);
  relay = await startTcpProxy(target);
  relayed = new pg.Pool({ ...connection, host: "127.0.0.1", port: relay.port, max: 1 });
  relayed.on("error", () => undefined); // an idle connection the cut dropped
  const viaRelay: TDatabase = {
    pool: relayed,
    db: drizzle(relayed),
    kind: database.kind,
    close: () => relayed.end(),
  };
  app = await buildApp({ config, database: viaRelay });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await relayed?.end().catch(() => undefined);
  await database?.close();
});

const me = (token: string) =>
  app.inject({
    url: `/user-mgmt/api/users/my?${V}`,
    headers: { authorization: `Bearer ${token}` },
  });

describe("sign-in while the database cannot be reached", () => {
  it("answers 503 temporarily_unavailable with Retry-After, then goes on where it was", async () => {
    await signUpAndVerify(app, app.db, {
      name: "Olga Outage",
      email: "olga@example.com",
      password: PASSWORD,
    });
    // Signed in in a browser: the provider's session, a code exchanged for tokens.
    const browser = new Browser(app);
    const { challenge, verifier } = pkce();
    const callback = await browser.logIn({
      email: "olga@example.com",
      password: PASSWORD,
      challenge,
      state: "s",
      nonce: "n",
    });
    const tokens = (await exchangeCode(app, callback.searchParams.get("code")!, verifier)).json();
    expect(tokens.refresh_token).toBeTruthy();
    // A sign-in page another browser opened before the outage.
    const other = new Browser(app);
    const uid = interactionUid(
      await other.request(
        "GET",
        authorizeUrl({ challenge: pkce().challenge, state: "a", nonce: "b" }),
      ),
    );

    relay.cut();

    const refused = await refresh(app, tokens.refresh_token);
    expect(refused.statusCode).toBe(503);
    expect(refused.headers["retry-after"]).toBe("5");
    expect(refused.json()).toEqual({
      error: "temporarily_unavailable",
      error_description: expect.stringMatching(/try again/i),
    });

    // The authorization endpoint, as a browser opens it: a page to try again from, not a redirect.
    const authorize = await browser.request(
      "GET",
      authorizeUrl({
        challenge: pkce().challenge,
        state: "c",
        nonce: "d",
        extra: { prompt: "none" },
      }),
    );
    expect(authorize.statusCode).toBe(503);
    expect(authorize.headers["retry-after"]).toBe("5");
    expect(authorize.headers.location).toBeUndefined();

    // The sign-in pages: the page of the interaction, and its form.
    for (const res of [
      await other.request("GET", `/oidc/interaction/${uid}`),
      await other.request("POST", `/oidc/interaction/${uid}/login`, {
        email: "olga@example.com",
        password: PASSWORD,
      }),
    ]) {
      expect(res.statusCode).toBe(503);
      expect(String(res.headers["content-type"])).toContain("text/html");
      expect(res.body).toMatch(/try again/i);
      expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    }

    relay.restore();

    // Nothing was used up nor signed out: the same refresh token, session and sign-in page work.
    const renewed = await refresh(app, tokens.refresh_token);
    expect(renewed.statusCode).toBe(200);
    expect((await me(renewed.json().access_token)).statusCode).toBe(200);
    const silent = await browser.request(
      "GET",
      authorizeUrl({
        challenge: pkce().challenge,
        state: "e",
        nonce: "f",
        extra: { prompt: "none" },
      }),
    );
    expect(String(silent.headers.location)).toContain("code=");
    const login = await other.follow(
      await other.request("POST", `/oidc/interaction/${uid}/login`, {
        email: "olga@example.com",
        password: PASSWORD,
      }),
    );
    expect(String(login.headers.location)).toContain("code=");
  });
});
