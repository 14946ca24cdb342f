// What only admins do from the admin screen: maintenance mode, the mail outbox, admin rights,
// a listing's active flag and tier, the background jobs; each refused to members and visitors.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, KIND_DESCRIPTORS, type TTestApp, V } from "./helper";
import { signInPeople, type TTokens } from "./oidc-driver";
import { profileClient } from "./profile-client";

const PEOPLE = ["admin", "member"] as const;
type TPerson = (typeof PEOPLE)[number];

let t: TTestApp;
let tokens: Record<TPerson, TTokens>;
const ids = {} as Record<TPerson, string>;

beforeAll(async () => {
  t = await buildTestApp({
    env: {
      ADMIN_EMAILS: "admin@example.com",
      RATE_LIMIT_MAX: "1000000",
      MAP_TILE_URL: "/tiles/{z}/{x}/{y}.png",
      MAP_TILE_ATTRIBUTION: "Local tiles",
    },
  });
  tokens = await signInPeople(t.app, t.app.db, PEOPLE, "correct horse 42");
  for (const who of PEOPLE) {
    ids[who] = (await call("GET", "/user-mgmt/api/users/my", who)).json().data.id;
  }
}, 120_000);
afterAll(() => t?.close());

function call(method: string, url: string, who: TPerson | "anonymous", payload?: unknown) {
  return t.app.inject({
    method: method as "GET",
    url: `${url}${url.includes("?") ? "&" : "?"}${V}`,
    headers: who === "anonymous" ? {} : { authorization: `Bearer ${tokens[who].access_token}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

describe("the admin screen's calls", () => {
  it("switch maintenance mode, which /status.json shows at once", async () => {
    const url = "/api/admin/status?maintenanceMode=true";
    expect((await call("PUT", url, "anonymous")).statusCode).toBe(401);
    expect((await call("PUT", url, "member")).statusCode).toBe(403);
    const on = await call("PUT", url, "admin");
    expect(on.json().data).toEqual({ maintenanceMode: true });
    expect((await call("GET", "/status.json", "anonymous")).json().maintenanceMode).toBe(true);
    await call("PUT", "/api/admin/status?maintenanceMode=false", "admin");
    expect((await call("GET", "/status.json", "anonymous")).json().maintenanceMode).toBe(false);
  });

  it("read the mail outbox page by page, newest first", async () => {
    expect((await call("GET", "/api/admin/mail", "member")).statusCode).toBe(403);
    const first = (await call("GET", "/api/admin/mail?take=1", "admin")).json();
    expect(first._meta.stats.count).toBeGreaterThanOrEqual(2);
    expect(first.data).toHaveLength(1);
    expect(first.data[0].to).toBe("member@example.com");
    expect(first.data[0].subject).toMatch(/verify/i);
    const second = (await call("GET", "/api/admin/mail?take=1&offset=1", "admin")).json();
    expect(second.data[0].to).toBe("admin@example.com");
  });

  it("grant and revoke admin rights, never one's own", async () => {
    const grant = `/user-mgmt/api/users/${ids.member}/admin?isAdmin=true`;
    expect((await call("PUT", grant, "member")).statusCode).toBe(403);
    expect((await call("PUT", grant, "admin")).json().data.isAdmin).toBe(true);
    expect((await call("GET", "/user-mgmt/api/users/my", "member")).json().data.isAdmin).toBe(true);
    await call("PUT", `/user-mgmt/api/users/${ids.member}/admin?isAdmin=false`, "admin");
    expect((await call("GET", "/user-mgmt/api/users/my", "member")).json().data.isAdmin).toBe(
      false,
    );
    const self = await call(
      "PUT",
      `/user-mgmt/api/users/${ids.admin}/admin?isAdmin=false`,
      "admin",
    );
    expect(self.statusCode).toBe(400);
    expect(self.json().error.code).toBe("CANNOT_CHANGE_OWN_ADMIN");
  });

  it("list users with their blocked flag", async () => {
    const users = (await call("GET", "/user-mgmt/api/users", "admin")).json().data;
    expect(users.map((u: { isBlocked: boolean }) => u.isBlocked)).toEqual([false, false]);
  });

  it("take a listing out of view with its active flag (its owner may bring it back)", async () => {
    const facility = KIND_DESCRIPTORS.find((d) => d.kind === "facility")!;
    const client = profileClient(
      () => t.app,
      () => tokens,
    );
    const listing = await client.createListing(facility, "Flagged Arena", "member");
    await client.call(facility, "PUT", `/${listing.id}/approve`, "admin");
    const active = (value: boolean) => [{ op: "replace", path: "/isActive", value }];
    const off = await client.call(facility, "PATCH", `/${listing.id}`, "admin", active(false));
    expect(off.json().data.isActive).toBe(false);
    expect((await client.call(facility, "GET", `/${listing.id}`, "anonymous")).statusCode).toBe(
      404,
    );
    const gold = [{ op: "replace", path: "/tier", value: "Gold" }];
    expect(
      (await client.call(facility, "PATCH", `/${listing.id}`, "member", gold)).statusCode,
    ).toBe(400);
    await client.call(facility, "PATCH", `/${listing.id}`, "member", active(true));
    expect((await client.call(facility, "GET", `/${listing.id}`, "anonymous")).statusCode).toBe(
      200,
    );
  });

  it("tell the web app where map tiles come from", async () => {
    const config = (await call("GET", "/api/client-config", "anonymous")).json().data;
    expect(config.map).toEqual({
      tileUrl: "/tiles/{z}/{x}/{y}.png",
      pmtilesUrl: null,
      attribution: "Local tiles",
    });
  });
});

describe("the background jobs", () => {
  it("show admins each queue's counts and the upkeep the server schedules", async () => {
    expect((await call("GET", "/api/admin/jobs", "anonymous")).statusCode).toBe(401);
    expect((await call("GET", "/api/admin/jobs", "member")).statusCode).toBe(403);
    const res = await call("GET", "/api/admin/jobs", "admin");
    expect(res.statusCode).toBe(200);
    const names = res.json().data.queues.map((q: { name: string }) => q.name);
    expect(names).toEqual(
      expect.arrayContaining(["events.notifications", "events.prune", "users.prune-sign-in"]),
    );
  });

  it("keep a failed job with its error, and run it again for an admin only", async () => {
    let fail = true;
    let runs = 0;
    await t.app.jobs.work(
      "test.flaky",
      async () => {
        runs += 1;
        if (fail) throw new Error("the remote end said no");
      },
      { retryLimit: 0 },
    );
    const id = await t.app.jobs.send("test.flaky", {});
    let failures: { queue: string; id: string; error: string; retries: number }[] = [];
    for (let i = 0; i < 200 && failures.length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      failures = (await call("GET", "/api/admin/jobs", "admin")).json().data.failures;
    }
    expect(failures[0]).toMatchObject({
      queue: "test.flaky",
      id,
      error: "the remote end said no",
      retries: 0,
    });
    const queue = (await call("GET", "/api/admin/jobs", "admin"))
      .json()
      .data.queues.find((q: { name: string }) => q.name === "test.flaky");
    expect(queue).toMatchObject({ failed: 1 });

    const retry = `/api/admin/jobs/test.flaky/${id}/retry`;
    expect((await call("POST", retry, "anonymous")).statusCode).toBe(401);
    expect((await call("POST", retry, "member")).statusCode).toBe(403);
    expect(
      (await call("POST", "/api/admin/jobs/test.flaky/not-a-uuid/retry", "admin")).json(),
    ).toMatchObject({ error: { code: "VALIDATION_FAILED" } });
    const unknown = await call(
      "POST",
      "/api/admin/jobs/test.flaky/6f1c2a4e-2b8d-4c3f-9a1e-0d4b7c8e9f10/retry",
      "admin",
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe("NOT_FOUND");

    fail = false;
    const again = await call("POST", retry, "admin");
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual({ queue: "test.flaky", id });
    await t.app.jobs.idle(["test.flaky"]);
    expect(runs).toBe(2);
    expect((await call("GET", "/api/admin/jobs", "admin")).json().data.failures).toEqual([]);
    // Run once already: it is no longer failed.
    expect((await call("POST", retry, "admin")).statusCode).toBe(404);
  });
});
