import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { TDatabase } from "../src/platform/db/database";
import { createMailer } from "../src/platform/mail/mailer";
import { openTestDatabase, testConfig } from "./helper";

let database: TDatabase;
beforeAll(async () => {
  database = await openTestDatabase(testConfig());
});
afterAll(() => database.close());

it("without SMTP, keeps the mail in the outbox and writes its text (with any link) to the log", async () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const mailer = createMailer({
    db: database.db,
    log: pino({ level: "info" }, sink),
    smtpUrl: undefined,
    from: "x@y.z",
    recipientWindowMs: 0,
  });
  await mailer.send({
    to: "ada@example.com",
    subject: "Verify",
    text: "Open http://localhost:3000/oidc/account/verify?token=abc",
  });
  const rows = await database.pool.query("select transport, text from mail_outbox");
  expect(rows.rows).toEqual([
    { transport: "outbox", text: "Open http://localhost:3000/oidc/account/verify?token=abc" },
  ]);
  expect(lines.join("")).toContain("/oidc/account/verify?token=abc");
});

it("sends a limited mail once per recipient and purpose within the configured window", async () => {
  const mailerWith = (recipientWindowMs: number) =>
    createMailer({
      db: database.db,
      log: pino({ level: "silent" }),
      smtpUrl: undefined,
      from: "x@y.z",
      recipientWindowMs,
    });
  const hour = mailerWith(60 * 60 * 1000);
  const compose = async () => ({ subject: "Reset", text: "a link" });
  const sent = async () =>
    (
      await database.pool.query(
        `select count(*)::int as n from mail_outbox where "to" = 'bo@example.com'`,
      )
    ).rows[0].n;
  expect(await hour.sendLimited("bo@example.com", "reset", compose)).toBe(true);
  expect(await hour.sendLimited("bo@example.com", "reset", compose)).toBe(false);
  // Another purpose, or another recipient, has a window of its own.
  expect(await hour.sendLimited("bo@example.com", "verify", compose)).toBe(true);
  expect(await sent()).toBe(2);
  // Ten minutes later: still within an hour's window, past a five minutes' one.
  await database.pool.query(
    "update mail_recipient_limits set sent_date = now() - interval '10 minutes'",
  );
  expect(await hour.sendLimited("bo@example.com", "reset", compose)).toBe(false);
  expect(await mailerWith(5 * 60 * 1000).sendLimited("bo@example.com", "reset", compose)).toBe(
    true,
  );
  expect(await sent()).toBe(3);
});
