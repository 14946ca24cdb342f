// The HTTP conventions of ARCHITECTURE §4, exercised through fixture routes that use the shared platform code.

import { ZPatchBody, zDataEnvelope, zListEnvelope } from "@hostfield/domain/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { access } from "../src/platform/http/access";
import { envelope, listEnvelope } from "../src/platform/http/envelope";
import { forbidden } from "../src/platform/http/errors";
import { applyJsonPatch } from "../src/platform/http/json-patch";
import { toWindow, ZPagedQuery } from "../src/platform/http/paging";
import { buildTestApp, type TTestApp, V } from "./helper";

const ITEMS = Array.from({ length: 45 }, (_, i) => ({ n: i + 1 }));
const ZDoc = z.object({
  id: z.string(),
  createdDate: z.string(),
  createdBy: z.string(),
  name: z.string(),
  tags: z.array(z.string()),
});
let stored: z.infer<typeof ZDoc>;

function addFixtures(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    method: "GET",
    url: "/test-mgmt/api/items",
    config: { access: access.public },
    schema: {
      querystring: ZPagedQuery,
      response: { 200: zListEnvelope(z.object({ n: z.number() })) },
    },
    handler: async (request) => {
      const { limit, offset } = toWindow(request.query);
      return listEnvelope(ITEMS.slice(offset, offset + limit), ITEMS.length);
    },
  });
  r.route({
    method: "PATCH",
    url: "/test-mgmt/api/doc",
    config: { access: access.public },
    schema: { body: ZPatchBody, response: { 200: zDataEnvelope(ZDoc) } },
    handler: async (request) => {
      stored = ZDoc.parse(applyJsonPatch(stored, request.body));
      return envelope(stored);
    },
  });
  r.route({
    method: "POST",
    url: "/test-mgmt/api/echo",
    config: { access: access.public },
    schema: {
      body: z.object({ data: z.object({ name: z.string().min(2) }) }),
      response: { 200: zDataEnvelope(z.object({ name: z.string() })) },
    },
    handler: async (request) => envelope(request.body.data),
  });
  r.route({
    method: "GET",
    url: "/test-mgmt/api/boom",
    config: { access: access.public },
    schema: { response: { 200: z.object({}) } },
    handler: async () => {
      throw new Error("database exploded at /secret/path");
    },
  });
  r.route({
    method: "GET",
    url: "/test-mgmt/api/mine",
    config: { access: access.signedIn },
    schema: { response: { 200: z.object({}) } },
    handler: async () => ({}),
  });
  r.route({
    method: "GET",
    url: "/test-mgmt/api/admin-only",
    config: { access: access.admin },
    schema: { response: { 200: z.object({}) } },
    handler: async () => ({}),
  });
  r.route({
    method: "GET",
    url: "/test-mgmt/api/things/:id",
    config: {
      access: access.policy("thing.read", (request) => {
        if ((request.params as { id: string }).id !== "mine") throw forbidden();
      }),
    },
    schema: {
      params: z.object({ id: z.string() }),
      response: { 200: z.object({ ok: z.boolean() }) },
    },
    handler: async () => ({ ok: true }),
  });
}

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp({ beforeReady: addFixtures });
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: "GET", url });

describe("api-version", () => {
  it("accepts 1.0 as query parameter or header", async () => {
    expect((await get(`/test-mgmt/api/items?${V}`)).statusCode).toBe(200);
    const viaHeader = await t.app.inject({
      url: "/test-mgmt/api/items",
      headers: { "api-version": "1.0" },
    });
    expect(viaHeader.statusCode).toBe(200);
  });

  it.each([
    ["missing", "/test-mgmt/api/items"],
    ["empty", "/test-mgmt/api/items?api-version="],
    ["unknown", "/test-mgmt/api/items?api-version=2.0"],
  ])("refuses a %s version with 400 API_VERSION_UNSUPPORTED", async (_label, url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("API_VERSION_UNSUPPORTED");
    expect(res.json().error.message).toMatch(/1\.0/);
  });
});

describe("list envelope and paging", () => {
  it("defaults to the first 20 items and reports the total", async () => {
    const body = (await get(`/test-mgmt/api/items?${V}`)).json();
    expect(body.data).toHaveLength(20);
    expect(body.data[0]).toEqual({ n: 1 });
    expect(body._meta).toEqual({ stats: { count: 45 } });
  });

  it("pages with offset and take", async () => {
    const body = (await get(`/test-mgmt/api/items?offset=40&take=10&${V}`)).json();
    expect(body.data.map((i: { n: number }) => i.n)).toEqual([41, 42, 43, 44, 45]);
    expect(body._meta.stats.count).toBe(45);
  });

  it("allows take up to 100", async () => {
    expect((await get(`/test-mgmt/api/items?take=100&${V}`)).json().data).toHaveLength(45);
  });

  it.each(["take=0", "take=101", "take=-1", "offset=-1", "take=abc", "offset=1.5"])(
    "refuses %s with a 400 naming the parameter",
    async (query) => {
      const res = await get(`/test-mgmt/api/items?${query}&${V}`);
      expect(res.statusCode).toBe(400);
      const { error } = res.json();
      expect(error.code).toBe("VALIDATION_FAILED");
      expect(error.message).toContain(query.split("=")[0]);
    },
  );
});

describe("error shape", () => {
  it("is {error:{code,message,details}} for a validation failure", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: `/test-mgmt/api/echo?${V}`,
      payload: { data: { name: "x" } },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(Object.keys(body)).toEqual(["error"]);
    expect(body.error.code).toBe("VALIDATION_FAILED");
    expect(body.error.message).toContain("data.name");
    expect(body.error.details.issues[0]).toMatchObject({ in: "body", path: "data.name" });
  });

  it("is 400 INVALID_JSON for a malformed body", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: `/test-mgmt/api/echo?${V}`,
      headers: { "content-type": "application/json" },
      payload: '{"data": {',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("INVALID_JSON");
  });

  it("is 415 for an unsupported content type", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: `/test-mgmt/api/echo?${V}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "name=ab",
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
  });

  it("is 413 for a body over the limit", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: `/test-mgmt/api/echo?${V}`,
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ data: { name: "x".repeat(2 * 1024 * 1024) } }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("is 404 ROUTE_NOT_FOUND for an unknown API route", async () => {
    const res = await get(`/hotel-mgmt/api/nothing-here?${V}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("ROUTE_NOT_FOUND");
  });

  it("hides internals of an unexpected failure behind a 500", async () => {
    const res = await get(`/test-mgmt/api/boom?${V}`);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: { code: "INTERNAL_ERROR", message: "Something went wrong on our side." },
    });
    expect(res.body).not.toContain("secret");
  });
});

describe("access rules", () => {
  it("refuses a signed-in route to an anonymous caller with 401", async () => {
    const res = await get(`/test-mgmt/api/mine?${V}`);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe("UNAUTHORIZED");
  });

  it("refuses an admin route to an anonymous caller with 401", async () => {
    expect((await get(`/test-mgmt/api/admin-only?${V}`)).statusCode).toBe(401);
  });

  it("runs a policy: allowed and refused", async () => {
    expect((await get(`/test-mgmt/api/things/mine?${V}`)).json()).toEqual({ ok: true });
    const refused = await get(`/test-mgmt/api/things/yours?${V}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe("FORBIDDEN");
  });
});

describe("JSON Patch (PATCH bodies)", () => {
  const patch = (ops: unknown) =>
    t.app.inject({ method: "PATCH", url: `/test-mgmt/api/doc?${V}`, payload: ops as object });

  it("applies add, replace, remove, move, copy and test", async () => {
    stored = {
      id: "d1",
      createdDate: "2026-01-01",
      createdBy: "u1",
      name: "Old",
      tags: ["a", "b"],
    };
    const res = await patch([
      { op: "test", path: "/name", value: "Old" },
      { op: "replace", path: "/name", value: "New" },
      { op: "add", path: "/tags/-", value: "c" },
      { op: "remove", path: "/tags/0" },
      { op: "copy", from: "/tags/0", path: "/tags/0" },
      { op: "move", from: "/tags/2", path: "/tags/1" },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: "New", tags: ["b", "c", "b"] });
  });

  it.each([
    ["an unknown op", [{ op: "merge", path: "/name", value: "x" }], "OPERATION_OP_INVALID"],
    [
      "a path without a leading slash",
      [{ op: "replace", path: "name", value: "x" }],
      "OPERATION_PATH_INVALID",
    ],
    ["a missing value", [{ op: "replace", path: "/name" }], "OPERATION_VALUE_REQUIRED"],
    ["a missing from", [{ op: "move", path: "/name" }], "OPERATION_FROM_REQUIRED"],
    [
      "an out-of-range index",
      [{ op: "add", path: "/tags/9", value: "x" }],
      "OPERATION_PATH_UNRESOLVABLE",
    ],
    [
      "a path that does not exist",
      [{ op: "remove", path: "/nope" }],
      "OPERATION_PATH_UNRESOLVABLE",
    ],
    ["a failing test", [{ op: "test", path: "/name", value: "Other" }], "TEST_OPERATION_FAILED"],
    ["an edit of id", [{ op: "replace", path: "/id", value: "x" }], "OPERATION_PATH_INVALID"],
    ["an edit of createdDate", [{ op: "remove", path: "/createdDate" }], "OPERATION_PATH_INVALID"],
    [
      "a move out of createdBy",
      [{ op: "move", from: "/createdBy", path: "/name" }],
      "OPERATION_PATH_INVALID",
    ],
  ])("refuses %s with 400 and leaves the document unchanged", async (_label, ops, code) => {
    stored = { id: "d1", createdDate: "2026-01-01", createdBy: "u1", name: "Same", tags: ["a"] };
    const before = structuredClone(stored);
    const res = await patch([{ op: "replace", path: "/name", value: "Changed" }, ...ops]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe(code);
    expect(stored).toEqual(before);
  });

  it("refuses a body that is not an array of operations", async () => {
    const res = await patch({ op: "replace", path: "/name", value: "x" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("VALIDATION_FAILED");
  });
});

describe("request ids and security headers", () => {
  it("echoes a sane incoming x-request-id and makes one up otherwise", async () => {
    const echoed = await t.app.inject({
      url: `/status.json?${V}`,
      headers: { "x-request-id": "abc-123" },
    });
    expect(echoed.headers["x-request-id"]).toBe("abc-123");
    const made = await t.app.inject({
      url: `/status.json?${V}`,
      headers: { "x-request-id": "<script>" },
    });
    expect(made.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("sends a Content Security Policy that allows only our own scripts", async () => {
    const res = await get(`/status.json?${V}`);
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["access-control-allow-origin"]).toBeUndefined();
    // Our pages see where a member came from (sign-out's "Stay signed in"); other sites do not.
    expect(res.headers["referrer-policy"]).toBe("same-origin");
  });
});
