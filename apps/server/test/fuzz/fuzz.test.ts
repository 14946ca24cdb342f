// The fuzz over every operation of the app's own OpenAPI document (`npm run test:fuzz`): for each,
// mutated bodies, queries, files and path values, then a valid request as nobody, a member, the
// owner of the row addressed and an admin; no answer may be a 5xx and no operation left uncalled.
// FUZZ_SEED (default 48) makes a run repeatable, FUZZ_ROUNDS (default 2) is the mutations per
// operation, FUZZ_ONLY (a regular expression over `METHOD /path`) narrows it, FUZZ_REPORT names a
// JSON file for the counts by operation and every 5xx, FUZZ_TRACE a file for a line per call. On PostgreSQL when DATABASE_URL is set.
import fs from "node:fs";
import { afterAll, beforeAll, expect, it } from "vitest";
import { seedOf } from "./prng";
import { failuresText, runFuzz, summaryOf } from "./runner";
import { buildWorld, CALLERS, type TWorld } from "./world";

let world: TWorld;
beforeAll(async () => {
  const started = Date.now();
  const cpu = process.cpuUsage();
  world = await buildWorld();
  const used = process.cpuUsage(cpu);
  console.log(
    `fuzz world built in ${Math.round((Date.now() - started) / 1000)} s (${Math.round((used.user + used.system) / 1e6)} s CPU)`,
  );
});
afterAll(() => world?.close());

it("answers every operation, valid or mutated, as every caller, without a 5xx", async () => {
  const only = process.env.FUZZ_ONLY ? new RegExp(process.env.FUZZ_ONLY) : undefined;
  const result = await runFuzz(world, {
    seed: seedOf(process.env.FUZZ_SEED),
    rounds: Number(process.env.FUZZ_ROUNDS ?? 2),
    pathVariants: 5,
    validCallers: CALLERS,
    only,
    trace: process.env.FUZZ_TRACE
      ? (line) => fs.appendFileSync(process.env.FUZZ_TRACE!, `${line}\n`)
      : undefined,
  });
  const database = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";
  console.log(summaryOf(result, database));
  if (process.env.FUZZ_REPORT)
    fs.writeFileSync(process.env.FUZZ_REPORT, JSON.stringify({ database, ...result }, null, 2));
  expect(result.notCalled, "operations of the document the fuzz never called").toEqual([]);
  expect(result.refusedHosts, "the app tried to reach a host outside this machine").toEqual({});
  expect(
    result.failures.map((f) => `${f.status} ${f.operation} (${f.input})`),
    failuresText(result.failures),
  ).toEqual([]);
});
