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
