// Which failures count as "the database could not be reached" (503), and which do not.
import net from "node:net";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./unavailable";

/** A Node system error as `net` makes it. */
const systemError = (code: string, message = `connect ${code} 127.0.0.1:5432`) =>
  Object.assign(new Error(message), { code, errno: -1, syscall: "connect" });

/** A PostgreSQL error as `pg` makes it: the SQLSTATE in `code`. */
const sqlError = (code: string) => Object.assign(new Error(`sqlstate ${code}`), { code });

/** What drizzle throws around a driver's error. */
const drizzleWrapped = (cause: unknown) => new Error("Failed query: select 1", { cause });

describe("isDatabaseUnavailable", () => {
  it.each([
    ["a refused connection", systemError("ECONNREFUSED")],
    ["a reset connection", systemError("ECONNRESET", "read ECONNRESET")],
    ["a connection attempt that timed out", systemError("ETIMEDOUT")],
    ["pg's lost connection", new Error("Connection terminated unexpectedly")],
    ["pg's connection timeout", new Error("Connection terminated due to connection timeout")],
    ["the pool's wait for a connection", new Error("timeout exceeded when trying to connect")],
    [
      "a broken client",
      new Error("Client has encountered a connection error and is not queryable"),
    ],
    ["an ended pool", new Error("Cannot use a pool after calling end on the pool")],
    ["a reply that never came", new Error("Query read timeout")],
    ["connection exception (08006)", sqlError("08006")],
    ["connection does not exist (08003)", sqlError("08003")],
    ["admin shutdown (57P01)", sqlError("57P01")],
    ["crash shutdown (57P02)", sqlError("57P02")],
    ["cannot connect now (57P03)", sqlError("57P03")],
    ["too many connections (53300)", sqlError("53300")],
  ])("says yes to %s", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it("follows causes, as drizzle and our own wrappers give them", () => {
    expect(isDatabaseUnavailable(drizzleWrapped(systemError("ECONNREFUSED")))).toBe(true);
    const twice = new Error("outer", { cause: drizzleWrapped(sqlError("57P01")) });
    expect(isDatabaseUnavailable(twice)).toBe(true);
  });

  it("looks into an AggregateError (a connection tried on several addresses)", () => {
    const aggregate = new AggregateError([
      systemError("ECONNREFUSED"),
      systemError("ECONNREFUSED"),
    ]);
    expect(isDatabaseUnavailable(aggregate)).toBe(true);
  });

  it.each([
    ["a unique violation (23505)", sqlError("23505")],
    ["a NUL in text (22021)", sqlError("22021")],
    ["a syntax error (42601)", sqlError("42601")],
    ["a cancelled slow statement (57014)", sqlError("57014")],
    ["a bug", new TypeError("Cannot read properties of undefined")],
    ["a wrapped bug", drizzleWrapped(new Error("column does not exist"))],
    [
      "another service that refused (fetch)",
      new TypeError("fetch failed", { cause: systemError("ECONNREFUSED") }),
    ],
    ["nothing", undefined],
    ["a string", "ECONNREFUSED"],
  ])("says no to %s", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it("stops on a cycle of causes", () => {
    const a = new Error("a");
    const b = new Error("b", { cause: a });
    Object.assign(a, { cause: b });
    expect(isDatabaseUnavailable(a)).toBe(false);
  });

  it("recognizes what pg really throws for a closed port and for a lost connection", async () => {
    // A port that was free a moment ago: nothing listens there.
    const closedPort = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, "127.0.0.1", () => {
        const { port } = server.address() as net.AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const pool = new pg.Pool({ host: "127.0.0.1", port: closedPort, max: 1 });
    const refused = await pool.query("select 1").catch((error: unknown) => error);
    await pool.end();
    expect(isDatabaseUnavailable(refused)).toBe(true);

    // A server that accepts the connection and drops it at once.
    const dropper = net.createServer((socket) => socket.destroy());
    const port = await new Promise<number>((resolve) => {
      dropper.listen(0, "127.0.0.1", () => resolve((dropper.address() as net.AddressInfo).port));
    });
    const client = new pg.Client({ host: "127.0.0.1", port });
    client.on("error", () => undefined);
    const lost = await client.connect().catch((error: unknown) => error);
    await new Promise((resolve) => dropper.close(resolve));
    expect(isDatabaseUnavailable(lost)).toBe(true);
  });
});
