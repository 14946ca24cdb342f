import { defineConfig } from "vitest/config";

// The unit and http tiers of the server; http tests run on PGlite, or on PostgreSQL when DATABASE_URL is set.
export default defineConfig({
  test: {
    name: "server",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // The fault suite and the full fuzz have their own runs (npm run test:faults, test:fuzz).
    exclude: ["test/faults/**", "test/fuzz/fuzz.test.ts", "**/node_modules/**"],
    pool: "forks",
    // Test files share their worker's modules: the app's graph is imported once per worker, not
    // once per file (about 1.3 s each), and so is the migrated template every test database starts
    // from (test/helper.ts). No server test replaces a module (vi.mock); each builds its own app.
    isolate: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
