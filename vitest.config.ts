import { defineConfig } from "vitest/config";
import { webIsolated } from "./apps/web/vitest.config.ts";

// `npm test` runs the unit and http tiers of every workspace; the browser tier lives in e2e/.
export default defineConfig({
  test: {
    projects: ["packages/domain", "apps/server", "apps/web", webIsolated, "scripts/borders"],
    // Two cores: parallel, but modest.
    maxWorkers: 2,
  },
});
