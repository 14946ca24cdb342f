// Replies go out as their route's response schema says: what it does not name is left out, and a
// reply that does not fit is an error of ours (never sent half-checked).
import Fastify from "fastify";
import { isResponseSerializationError } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { serializerCompiler } from "../src/platform/http/serializer";

const ZPerson = z.object({
  id: z.string(),
  name: z.string(),
  tags: z.array(z.object({ label: z.string() })),
  note: z.string().nullable().optional(),
});

const app = Fastify();
const errors: unknown[] = [];
beforeAll(async () => {
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler((error, _request, reply) => {
    errors.push(error);
    return reply.status(500).send({ error: "failed" });
  });
  const schema = { response: { 200: ZPerson } };
  app.get("/person", { schema }, async () => ({
    id: "p1",
    name: "Ann",
    email: "ann@example.com",
    tags: [{ label: "coach", internal: true }],
  }));
  app.get("/broken", { schema }, async () => ({ id: 1, name: "Ann", tags: [] }));
  await app.ready();
});
afterAll(() => app.close());

describe("the reply serializer", () => {
  it("writes only what the schema names, at every depth", async () => {
    const res = await app.inject({ url: "/person" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: "p1", name: "Ann", tags: [{ label: "coach" }] });
    expect(res.body).not.toContain("ann@example.com");
    expect(res.body).not.toContain("internal");
  });

  it("refuses a reply that does not fit its schema, as a response serialization error", async () => {
    const res = await app.inject({ url: "/broken" });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain("Ann");
    expect(errors).toHaveLength(1);
    expect(isResponseSerializationError(errors[0])).toBe(true);
  });
});
