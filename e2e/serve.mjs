// Starts the built server for the browser tests on E2E_PORT with a fresh data directory, removed on
// exit, seeded with a small demo network.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dataDir =
  process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "hostfield-e2e-"));
const server = spawn(process.execPath, [path.join(root, "apps/server/dist/main.js")], {
  env: {
    ...process.env,
    PORT: process.env.E2E_PORT ?? "3210",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    RATE_LIMIT_MAX: "100000",
    // A small demo network (about 240 listings; 2-3 s to seed), so marketplaces have cards.
    // The specs' own listings stay findable: none of it lies near the places they search.
    SEED_ON_START: "true",
    SEED_SCALE: "0.01",
  },
  // The server's log (warnings and errors) goes to stderr, which Playwright prints with the test
  // output: when a journey fails because the server did, the reason is in the CI log.
  stdio: ["ignore", process.stderr, process.stderr],
});
const cleanUp = () => fs.rmSync(dataDir, { recursive: true, force: true });
server.on("exit", (code, signal) => {
  if (code !== 0 || signal) console.error(`e2e server exited: code ${code}, signal ${signal}`);
  cleanUp();
  process.exit(code ?? 0);
});
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => server.kill("SIGTERM"));
