import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The fault suite (`npm run test:faults`): real server processes, a private Redis, kill -9 and
// SIGTERM. Not part of `npm test`. Two files at a time: every file makes its own servers, ports,
// data folders, databases and Redis, and most of a fault test is a server starting; room for slow
// starts on a shared box.
export default defineConfig({
  root: path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../.."),
  test: {
    name: "faults",
    include: ["test/faults/**/*.test.ts"],
    pool: "forks",
    maxWorkers: 2,
    // The server is bundled once before the suite; every test starts dist/main.js.
    globalSetup: ["test/faults/build-server.ts"],
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
