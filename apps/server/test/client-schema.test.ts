// The typed client (packages/client) is generated from this app's API document and committed: a
// route or contract changed without `npm run client` leaves it stale, and this test says so.
import fs from "node:fs";
import { afterAll, beforeAll, expect, it } from "vitest";
import { SCHEMA_FILE, schemaSource } from "../../../packages/client/scripts/generate";
import { buildTestApp, type TTestApp } from "./helper";

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** The first line where the two texts differ (1-based), with both versions of it. */
function firstDifference(committed: string, current: string) {
  const a = committed.split("\n");
  const b = current.split("\n");
  const line = a.findIndex((text, i) => text !== b[i]);
  const at = line === -1 ? a.length : line;
  return `line ${at + 1}: committed ${JSON.stringify(a[at])}, now ${JSON.stringify(b[at])}`;
}

it("keeps the client's committed types those of the current API document", async () => {
  const document = (await t.app.inject({ url: "/api/openapi.json" })).json();
  const current = await schemaSource(document);
  const committed = fs.readFileSync(SCHEMA_FILE, "utf8");
  expect(
    committed === current,
    `packages/client/src/schema.d.ts is stale (run \`npm run client\`): ${firstDifference(committed, current)}`,
  ).toBe(true);
});
