import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

// Browser journeys against the built app, served by serve.mjs on a free port with a throw-away
// data directory. Debian's chromium only: Playwright never downloads a browser here.
process.env.E2E_PORT ??= String(20_000 + Math.floor(Math.random() * 20_000));
// The server's data folder, known to the tests so they can read the mail outbox through its socket.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "hostfield-e2e-"));
// Where the local SMTP server serve.mjs starts keeps each mail the server sends (support/smtp.ts).
process.env.E2E_MAIL_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "hostfield-e2e-mail-"));
// Where the workers note the routes axe has checked, so each is checked once a run (support/axe.ts).
process.env.E2E_AXE_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "hostfield-e2e-axe-"));
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: "./tests",
  outputDir: "./test-results",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // A journey's whole time, for every journey: its steps fail sooner (actionTimeout, expect). The
  // longest take about a minute beside another worker on two cores, their setup made over HTTP.
  timeout: 180_000,
  // Generous: CI runs the journeys two at a time on a shared two-core machine, beside their server.
  expect: { timeout: 20_000 },
  reporter: [["list"], ["html", { open: "never", outputFolder: "playwright-report" }]],
  use: {
    baseURL,
    screenshot: "only-on-failure",
    // A click or fill that cannot happen fails after this, not at the end of the test's time.
    actionTimeout: 20_000,
    // A failed journey's trace keeps the DOM snapshots of every step (what makes it debuggable)
    // but no screencast: filming every journey cost a third of the run's CPU (3 specs, 1 worker:
    // 36 s of CPU with it, 28 s without, 24 s with no trace).
    trace: { mode: "retain-on-failure", screenshots: false, snapshots: true },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      // Not --disable-features: Chrome keeps only the last one, and Playwright's own (PaintHolding,
      // HttpsUpgrades and others its interception relies on) comes first.
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
  webServer: {
    command: "node serve.mjs",
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
  },
});
