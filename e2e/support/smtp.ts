// Reads the mail the server delivered by SMTP to the test server serve.mjs runs: each message is a
// file in E2E_MAIL_DIR. Enough MIME to find a message's subject, headers and text part.
import fs from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";

export type TDeliveredMail = { to: string; subject: string; headers: string; text: string };

/** Quoted-printable to text: soft line breaks joined, =XX bytes decoded as UTF-8. */
function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === "=" ? joined.slice(i + 1, i + 3) : "";
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]!, "utf8"));
  }
  return Buffer.from(bytes).toString("utf8");
}

/** A MIME header's value, its folded lines unfolded and encoded words decoded. */
export function headerOf(headers: string, name: string): string {
  const match = new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, "im").exec(headers);
  const value = (match?.[1] ?? "").replace(/\r?\n[ \t]+/g, " ").trim();
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_all, kind: string, text: string) =>
    kind.toUpperCase() === "B"
      ? Buffer.from(text, "base64").toString("utf8")
      : decodeQuotedPrintable(text.replace(/_/g, " ")),
  );
}

/** The text/plain part of a message, decoded. */
function textPartOf(message: string): string {
  const part =
    /Content-Type: text\/plain[^\r\n]*\r?\n((?:[^\r\n]+\r?\n)*)\r?\n([\s\S]*?)(?:\r?\n--|$)/i.exec(
      message,
    );
  if (!part) return "";
  const [, partHeaders = "", body = ""] = part;
  if (/quoted-printable/i.test(partHeaders)) return decodeQuotedPrintable(body);
  if (/base64/i.test(partHeaders))
    return Buffer.from(body.replace(/\s/g, ""), "base64").toString("utf8");
  return body;
}

function read(file: string): TDeliveredMail {
  const message = fs.readFileSync(file, "utf8");
  const split = message.search(/\r?\n\r?\n/);
  const headers = message.slice(0, split);
  return {
    to: headerOf(headers, "X-Envelope-To"),
    subject: headerOf(headers, "Subject"),
    headers,
    text: textPartOf(message),
  };
}

/** Every message delivered to `to` so far, oldest first. */
export function deliveredTo(to: string): TDeliveredMail[] {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error("E2E_MAIL_DIR is not set (playwright.config.ts sets it)");
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".eml"))
    .sort()
    .map((name) => read(path.join(dir, name)))
    .filter((mail) => mail.to.split(",").includes(to));
}

/** Waits (up to the expect timeout) for a delivered mail to `to` whose subject matches. */
export async function waitForMail(to: string, subject: RegExp): Promise<TDeliveredMail> {
  let found: TDeliveredMail | undefined;
  await expect
    .poll(
      () => {
        found = deliveredTo(to).find((mail) => subject.test(mail.subject));
        return found !== undefined;
      },
      { timeout: 30_000, message: `a mail to ${to} with the subject ${subject}` },
    )
    .toBe(true);
  return found!;
}
