// Starts the built server for the browser tests on E2E_PORT with a fresh data directory, removed on
// exit, seeded with a small demo network. Its mail goes by SMTP to a local test server here, which
// keeps each message as a file in E2E_MAIL_DIR for the journeys to read (support/smtp.ts). Payments
// go to the local fake Stripe (apps/server/test/fakes/stripe-server.ts, run here through tsx): its
// hosted checkout posts the signed webhooks back to this server.
import { spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SMTPServer } from "smtp-server";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dataDir =
  process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "hostfield-e2e-"));
const mailDir =
  process.env.E2E_MAIL_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "hostfield-e2e-mail-"));
let received = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  onData(stream, session, callback) {
    const chunks = [];
    stream.on("data", (chunk) => chunks.push(chunk));
    stream.on("end", () => {
      received += 1;
      const to = session.envelope.rcptTo.map((r) => r.address).join(",");
      const file = path.join(mailDir, `${String(received).padStart(5, "0")}.eml`);
      fs.writeFileSync(file, `X-Envelope-To: ${to}\r\n${Buffer.concat(chunks).toString("utf8")}`);
      callback();
    });
  },
});
await new Promise((resolve) => smtp.listen(0, "127.0.0.1", resolve));
const smtpPort = smtp.server.address().port;

const port = process.env.E2E_PORT ?? "3210";
const stripeSecrets = { STRIPE_SECRET_KEY: "sk_test_e2e", STRIPE_WEBHOOK_SECRET: "whsec_e2e" };
const stripe = spawn(
  path.join(root, "node_modules/.bin/tsx"),
  [path.join(root, "apps/server/test/fakes/stripe-server.ts")],
  {
    env: {
      ...process.env,
      ...stripeSecrets,
      STRIPE_FAKE_PORT: "0",
      STRIPE_FAKE_WEBHOOK_URL: `http://127.0.0.1:${port}/payment-mgmt/api/payments/webhooks/stripe`,
    },
    stdio: ["ignore", "pipe", process.stderr],
  },
);
const [first] = await once(stripe.stdout, "data");
const stripeUrl = /listening on (\S+)/.exec(String(first))?.[1];
if (!stripeUrl) throw new Error(`the fake Stripe did not start: ${first}`);

const server = spawn(process.execPath, [path.join(root, "apps/server/dist/main.js")], {
  env: {
    ...process.env,
    PORT: port,
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    RATE_LIMIT_MAX: "100000",
    // Every journey is one client to the image line (all from 127.0.0.1), whose fair share of a
    // 16-place line is 4 waiting: a marketplace's 20 new image sizes at once were refused 503
    // whenever the resizes ran slower than they arrived (a loaded machine).
    MEDIA_RESIZE_QUEUE: "400",
    // Two journeys at once on two shared cores: a first view gets longer than a visitor's 1.5 s, so
    // the journeys that check the app taking a painted page over find one painted.
    FIRST_VIEW_TIMEOUT_MS: "6000",
    // A small demo network (about 240 listings; 2-3 s to seed), so marketplaces have cards.
    // The specs' own listings stay findable: none of it lies near the places they search.
    SEED_ON_START: "true",
    SEED_SCALE: "0.01",
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    // The CRM journey's webhook receiver listens on plain http on this machine.
    CRM_WEBHOOK_ALLOW_HTTP: "true",
    ...stripeSecrets,
    STRIPE_API_URL: stripeUrl,
  },
  // The server's log (warnings and errors) goes to stderr, which Playwright prints with the test
  // output: when a journey fails because the server did, the reason is in the CI log.
  stdio: ["ignore", process.stderr, process.stderr],
});
const cleanUp = () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(mailDir, { recursive: true, force: true });
  smtp.close();
  stripe.kill("SIGTERM");
};
server.on("exit", (code, signal) => {
  if (code !== 0 || signal) console.error(`e2e server exited: code ${code}, signal ${signal}`);
  cleanUp();
  process.exit(code ?? 0);
});
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => server.kill("SIGTERM"));
