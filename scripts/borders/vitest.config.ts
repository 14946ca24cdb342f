import { defineConfig } from "vitest/config";

// The borders of the house: who may import whom across the workspaces, and no import cycles.
export default defineConfig({ test: { name: "borders", include: ["*.test.ts"] } });
