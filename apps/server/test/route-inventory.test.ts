// Every route declares its access rule and zod schemas; the OpenAPI document is generated from them.
import Fastify from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { access } from "../src/platform/http/access";
import { registerRouteTable } from "../src/platform/http/route-table";
import { buildTestApp, type TTestApp } from "./helper";

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe("route table", () => {
  it("lists the app's routes, each with an access rule and no missing schema", () => {
    const urls = t.app.routeTable.map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        "GET /status.json",
        "GET /healthz",
        "GET /readyz",
        "GET /api/openapi.json",
      ]),
    );
    for (const route of t.app.routeTable) {
      expect(route.access, `${route.method} ${route.url}`).toBeDefined();
      expect(route.problems, `${route.method} ${route.url}`).toEqual([]);
    }
  });

  it("exempts from schemas only the documentation assets and the OIDC protocol, each with a reason", () => {
    const exempt = t.app.routeTable.filter((r) => r.schemaExempt);
    expect(exempt.length).toBeGreaterThan(0);
    for (const route of exempt) {
      expect(route.url.startsWith("/api/docs") || route.url === "/oidc/*", route.url).toBe(true);
      expect(route.schemaExempt?.length).toBeGreaterThan(10);
    }
  });

  async function readyWith(register: (app: ReturnType<typeof Fastify>) => void) {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerRouteTable(app);
    register(app);
    try {
      await app.ready();
      return null;
    } catch (error) {
      return (error as Error).message;
    } finally {
      await app.close();
    }
  }

  it("refuses to start with a route that lacks an access rule", async () => {
    const message = await readyWith((app) =>
      app.get("/x", { schema: { response: { 200: z.object({}) } } }, async () => ({})),
    );
    expect(message).toContain("GET /x: no access rule");
  });

  it("refuses to start with a route that lacks a zod response schema", async () => {
    const message = await readyWith((app) =>
      app.get("/y", { config: { access: access.public } }, async () => ({})),
    );
    expect(message).toContain("GET /y: no zod response schema");
  });

  it("refuses to start with path parameters but no params schema", async () => {
    const message = await readyWith((app) =>
      app.get(
        "/z/:id",
        { config: { access: access.public }, schema: { response: { 200: z.object({}) } } },
        async () => ({}),
      ),
    );
    expect(message).toContain("path parameters without a zod params schema");
  });
});

describe("OpenAPI", () => {
  it("serves an OpenAPI 3.1 document with each route's schemas and access", async () => {
    const res = await t.app.inject({ url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe("3.1.0");
    const status = doc.paths["/status.json"].get;
    expect(status["x-access"]).toBe("public");
    expect(status.parameters.map((p: { name: string }) => p.name)).toContain("api-version");
    // The reply is the domain's contract, named (test/openapi.test.ts has the document's shape).
    const reply = status.responses["200"].content["application/json"].schema;
    expect(reply).toEqual({ $ref: "#/components/schemas/Status" });
    expect(doc.components.schemas.Status.properties.maintenanceMode.type).toBe("boolean");
  });

  it("serves a readable reference at /api/docs with no external assets", async () => {
    const res = await t.app.inject({ url: "/api/docs/" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.body).not.toMatch(/src="https?:\/\//);
    expect(res.body).not.toMatch(/href="https?:\/\//);
  });
});

describe("health", () => {
  it("answers /healthz and /readyz without api-version", async () => {
    expect((await t.app.inject({ url: "/healthz" })).json()).toEqual({ status: "ok" });
    expect((await t.app.inject({ url: "/readyz" })).json()).toEqual({ status: "ready" });
  });

  it("reports not ready with 503 when the database is unreachable", async () => {
    const other = await buildTestApp();
    await other.database.pool.end();
    const res = await other.app.inject({ url: "/readyz" });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe("SERVICE_UNAVAILABLE");
    await other.app.close();
    await other.database.close().catch(() => undefined);
  });
});
