import { defineConfig } from "vitest/config";

// The unit and http tiers of the server; http tests run on PGlite, or on PostgreSQL when DATABASE_URL is set.
export default defineConfig({
  test: {
    name: "server",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // The fault suite has its own run (npm run test:faults).
    exclude: ["test/faults/**", "**/node_modules/**"],
    pool: "forks",
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
