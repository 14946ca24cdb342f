// The user-management calls and who may make them: anonymous, the user themselves, another user, an admin.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setAdmin } from "../src/modules/users/service";
import { buildTestApp, type TTestApp, V } from "./helper";
import { refresh, signIn, signUpAndVerify, type TTokens } from "./oidc-driver";

let t: TTestApp;
const PASSWORD = "correct horse 42";
let self: TTokens;
let other: TTokens;
let admin: TTokens;
let selfId: string;

beforeAll(async () => {
  t = await buildTestApp({ env: { ADMIN_EMAILS: "admin@example.com" } });
  for (const [name, email] of [
    ["Sam Self", "self@example.com"],
    ["Olive Other", "other@example.com"],
    ["Ada Admin", "admin@example.com"],
  ] as const) {
    await signUpAndVerify(t.app, t.app.db, { name, email, password: PASSWORD });
  }
  self = await signIn(t.app, "self@example.com", PASSWORD);
  other = await signIn(t.app, "other@example.com", PASSWORD);
  admin = await signIn(t.app, "admin@example.com", PASSWORD);
  selfId = (await call("GET", "/users/my", self)).json().data.id;
});
afterAll(() => t.close());

type TCaller = TTokens | null;
function call(
  method: "GET" | "PUT" | "PATCH" | "DELETE" | "POST",
  path: string,
  who: TCaller,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url: `/user-mgmt/api${path}${path.includes("?") ? "&" : "?"}${V}`,
    headers: who ? { authorization: `Bearer ${who.access_token}` } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

describe("permission matrix", () => {
  const rows: [string, "GET" | "PUT" | "PATCH" | "POST", () => string, unknown?][] = [
    ["read a user", "GET", () => `/users/${selfId}`],
    ["send a password reset", "PUT", () => `/users/${selfId}/passwordReset`],
    [
      "edit a user",
      "PATCH",
      () => `/users/${selfId}`,
      [{ op: "replace", path: "/name", value: "Sam S." }],
    ],
  ];
  it.each(rows)(
    "%s: anonymous 401, other user 403, self and admin 200",
    async (_label, method, path, body) => {
      expect((await call(method, path(), null, body)).statusCode).toBe(401);
      const refused = await call(method, path(), other, body);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe("FORBIDDEN");
      expect((await call(method, path(), self, body)).statusCode).toBe(200);
      expect((await call(method, path(), admin, body)).statusCode).toBe(200);
    },
  );

  it.each([
    ["list users", "GET", "/users", undefined],
    ["filter users", "POST", "/users/filtered", { data: { text: "o" } }],
    ["find by e-mail", "GET", "/users/email/self@example.com", undefined],
  ] as const)("%s: admins only (anonymous 401, user 403)", async (_label, method, path, body) => {
    expect((await call(method, path, null, body)).statusCode).toBe(401);
    expect((await call(method, path, self, body)).statusCode).toBe(403);
    const ok = await call(method, path, admin, body);
    expect(ok.statusCode).toBe(200);
  });

  it("/users/my and visibility need a signed-in user", async () => {
    expect((await call("GET", "/users/my", null)).statusCode).toBe(401);
    expect((await call("PUT", "/users/my/visibility?isVisible=false", null)).statusCode).toBe(401);
  });

  it("entitlements say exactly what the policy grants", async () => {
    expect((await call("GET", `/users/${selfId}/my/entitlements`, self)).json().data).toEqual([
      "user.read",
      "user.update",
      "user.delete",
      "user.passwordReset",
    ]);
    expect((await call("GET", `/users/${selfId}/my/entitlements`, other)).json().data).toEqual([]);
    expect((await call("GET", `/users/${selfId}/my/entitlements`, admin)).json().data).toContain(
      "user.admin",
    );
    expect((await call("GET", `/users/${selfId}/my/entitlements`, null)).statusCode).toBe(401);
  });
});

describe("users", () => {
  it("lists and filters with paging and a total count", async () => {
    const all = (await call("GET", "/users?take=2", admin)).json();
    expect(all.data).toHaveLength(2);
    expect(all._meta.stats.count).toBeGreaterThanOrEqual(3);
    const filtered = (
      await call("POST", "/users/filtered", admin, { data: { text: "olive" } })
    ).json();
    expect(filtered.data.map((u: { email: string }) => u.email)).toEqual(["other@example.com"]);
    expect(filtered._meta.stats.count).toBe(1);
    const admins = (
      await call("POST", "/users/filtered", admin, { data: { isAdmin: true } })
    ).json();
    // admin@example.com is an admin by ADMIN_EMAILS, not by a stored role; the filter must agree.
    expect(admins.data.map((u: { email: string }) => u.email)).toEqual(["admin@example.com"]);
    expect(admins.data.every((u: { isAdmin: boolean }) => u.isAdmin)).toBe(true);
    const others = (
      await call("POST", "/users/filtered", admin, { data: { isAdmin: false } })
    ).json();
    expect(others.data.map((u: { email: string }) => u.email)).not.toContain("admin@example.com");
    expect(others.data.length).toBeGreaterThan(0);
  });

  it("edits only name, account type and visibility, and refuses the rest without changing anything", async () => {
    const ok = await call("PATCH", `/users/${selfId}`, self, [
      { op: "replace", path: "/name", value: "Samantha Self" },
      { op: "replace", path: "/accountType", value: "Coach" },
    ]);
    expect(ok.json().data).toMatchObject({ name: "Samantha Self", accountType: "Coach" });
    const email = await call("PATCH", `/users/${selfId}`, self, [
      { op: "replace", path: "/email", value: "x@example.com" },
    ]);
    expect(email.statusCode).toBe(400);
    expect(email.json().error.code).toBe("FIELD_NOT_EDITABLE");
    const badType = await call("PATCH", `/users/${selfId}`, self, [
      { op: "replace", path: "/accountType", value: "Wizard" },
    ]);
    expect(badType.statusCode).toBe(400);
    const id = await call("PATCH", `/users/${selfId}`, self, [
      { op: "replace", path: "/id", value: "x" },
    ]);
    expect(id.json().error.code).toBe("OPERATION_PATH_INVALID");
    expect((await call("GET", "/users/my", self)).json().data).toMatchObject({
      name: "Samantha Self",
      email: "self@example.com",
    });
  });

  it("hides a profile from others when the user turns visibility off", async () => {
    expect((await call("GET", `/users/${selfId}/profile`, null)).statusCode).toBe(200);
    const hidden = await call("PUT", "/users/my/visibility?isVisible=false", self);
    expect(hidden.json().data.isVisible).toBe(false);
    expect((await call("GET", `/users/${selfId}/profile`, null)).statusCode).toBe(404);
    expect((await call("GET", `/users/${selfId}/profile`, other)).statusCode).toBe(404);
    expect((await call("GET", `/users/${selfId}/profile`, self)).statusCode).toBe(200);
    expect((await call("GET", `/users/${selfId}/profile`, admin)).statusCode).toBe(200);
    const profile = (await call("GET", `/users/${selfId}/profile`, admin)).json().data;
    expect(profile.email).toBeUndefined();
    await call("PUT", "/users/my/visibility?isVisible=true", self);
  });

  it("applies a granted or revoked admin role to live sessions at once", async () => {
    expect((await call("GET", "/users", other)).statusCode).toBe(403);
    await setAdmin({ db: t.app.db }, "other@example.com", true);
    expect((await call("GET", "/users", other)).statusCode).toBe(200);
    expect((await call("GET", "/users/my", other)).json().data.isAdmin).toBe(true);
    await setAdmin({ db: t.app.db }, "other@example.com", false);
    expect((await call("GET", "/users", other)).statusCode).toBe(403);
  });

  it("deletes an account, its personal data and every session; others cannot", async () => {
    await signUpAndVerify(t.app, t.app.db, {
      name: "Leaving Soon",
      email: "leaving@example.com",
      password: PASSWORD,
    });
    const leaving = await signIn(t.app, "leaving@example.com", PASSWORD);
    const id = (await call("GET", "/users/my", leaving)).json().data.id;
    expect((await call("DELETE", `/users/${id}`, other)).statusCode).toBe(403);
    expect((await call("DELETE", `/users/${id}`, leaving)).statusCode).toBe(200);
    expect((await call("GET", "/users/my", leaving)).statusCode).toBe(401);
    expect((await refresh(t.app, leaving.refresh_token)).statusCode).toBe(400);
    const rows = await t.database.pool.query(
      "select count(*)::int as n from users where email = 'leaving@example.com'",
    );
    expect(rows.rows[0].n).toBe(0);
    const sessions = await t.database.pool.query(
      "select count(*)::int as n from oidc_payloads where account_id = $1",
      [id],
    );
    expect(sessions.rows[0].n).toBe(0);
    expect((await call("GET", `/users/${id}`, admin)).statusCode).toBe(404);
  });
});
