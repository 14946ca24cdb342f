// A database that does not answer is "try again in a moment" (503 DATABASE_UNAVAILABLE with
// Retry-After), never "your session has ended" (401) nor our bug (500): the web app keeps its
// session and retries. Here the app's pool is ended under it; the fault suite (test/faults/
// database-faults.test.ts) cuts and black-holes a real PostgreSQL connection and sees it recover.
import { HUB_PATH } from "@hostfield/domain/contracts";
import { io } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TTestApp, V } from "./helper";
import { signInPeople, type TTokens } from "./oidc-driver";

let t: TTestApp;
let tokens: Record<"ann", TTokens>;

beforeAll(async () => {
  t = await buildTestApp();
  tokens = await signInPeople(t.app, t.app.db, ["ann"], "correct horse 42");
  const me = await t.app.inject({
    url: `/user-mgmt/api/users/my?${V}`,
    headers: { authorization: `Bearer ${tokens.ann.access_token}` },
  });
  expect(me.statusCode).toBe(200);
  await t.database.pool.end();
}, 120_000);
afterAll(async () => {
  // The pool is already ended; closing it again is refused, and that is expected here.
  await t?.close().catch(() => undefined);
});

describe("the database gone", () => {
  it("a signed-in call answers 503 DATABASE_UNAVAILABLE with Retry-After, not 401", async () => {
    const reply = await t.app.inject({
      url: `/user-mgmt/api/users/my?${V}`,
      headers: { authorization: `Bearer ${tokens.ann.access_token}` },
    });
    expect(reply.statusCode, reply.body).toBe(503);
    expect(reply.json().error.code).toBe("DATABASE_UNAVAILABLE");
    expect(reply.headers["retry-after"]).toBe("5");
  });

  it("a public read answers the same, and readiness says not ready", async () => {
    const list = await t.app.inject({
      method: "POST",
      url: `/facility-mgmt/api/facilities/search?${V}`,
      payload: { data: {} },
    });
    expect(list.statusCode, list.body).toBe(503);
    expect(list.json().error.code).toBe("DATABASE_UNAVAILABLE");
    expect((await t.app.inject({ url: "/readyz" })).statusCode).toBe(503);
  });

  it("the hub answers a socket 'unavailable', not 'unauthorized', so the client keeps its token", async () => {
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const socket = io(address, {
      path: HUB_PATH,
      auth: { token: tokens.ann.access_token },
      transports: ["websocket"],
      reconnection: false,
      forceNew: true,
    });
    try {
      const refusal = await new Promise<Error>((resolve, reject) => {
        socket.once("connect_error", resolve);
        socket.once("connect", () => reject(new Error("connected without a database")));
      });
      expect(refusal.message).toMatch(/^unavailable:/);
    } finally {
      socket.disconnect();
    }
  });
});
