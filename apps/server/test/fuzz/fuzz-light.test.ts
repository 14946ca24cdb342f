// The fuzz's light pass, part of `npm test` (embedded PGlite): every operation of the OpenAPI
// document once with a valid request as the owner of the row it addresses, twice mutated (body,
// query or file) and once with a malformed path value, as `npm run test:fuzz` does at length. No
// answer may be a 5xx, no operation may be left uncalled, and nothing may leave this machine.
import { afterAll, beforeAll, expect, it } from "vitest";
import { failuresText, runFuzz, summaryOf } from "./runner";
import { buildWorld, type TWorld } from "./world";

let world: TWorld;
beforeAll(async () => {
  world = await buildWorld();
}, 300_000);
afterAll(() => world?.close());

it("answers every operation, valid and mutated, without a 5xx (light pass)", async () => {
  const result = await runFuzz(world, {
    seed: 48,
    rounds: 2,
    pathVariants: 1,
    validCallers: ["owner"],
  });
  console.log(summaryOf(result, "PGlite, light pass"));
  expect(result.notCalled, "operations of the document the fuzz never called").toEqual([]);
  expect(result.refusedHosts, "the app tried to reach a host outside this machine").toEqual({});
  expect(
    result.failures.map((f) => `${f.status} ${f.operation} (${f.input})`),
    failuresText(result.failures),
  ).toEqual([]);
}, 900_000);
