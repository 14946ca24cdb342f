import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The fuzz (`npm run test:fuzz`): every operation of the OpenAPI document with valid and mutated
// input as four callers, on PGlite, or on PostgreSQL when DATABASE_URL is set. Not part of
// `npm test` (its light pass, fuzz-light.test.ts, is). FUZZ_SEED and FUZZ_ROUNDS shape the run.
export default defineConfig({
  root: path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../.."),
  test: {
    name: "fuzz",
    include: ["test/fuzz/fuzz.test.ts"],
    pool: "forks",
    maxWorkers: 1,
    testTimeout: 3 * 3_600_000,
    hookTimeout: 600_000,
  },
});
