// Sends mail: always recorded in the outbox table (and logged); delivered by SMTP when SMTP_URL is set.

import type { FastifyBaseLogger } from "fastify";
import nodemailer, { type Transporter } from "nodemailer";
import type { TDb } from "../db/database";
import { claimRecipientSlot, insertOutboxMail, markMailFailed, markMailSent } from "./repository";

/** A file sent with a mail (a calendar entry): text content, kept in the outbox with the mail. */
export type TMailAttachment = { filename: string; contentType: string; content: string };
export type TMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. `List-Unsubscribe`. */
  headers?: Record<string, string>;
  attachments?: TMailAttachment[];
};
export type TMailer = {
  send(mail: TMail): Promise<void>;
  /**
   * Sends the mail `compose` writes, unless a mail of this `purpose` went to `to` within the
   * recipient window (MAIL_RECIPIENT_WINDOW_SECONDS): nobody can flood a mailbox through our
   * forms. `compose` runs only when the mail goes (a link is made only to be sent). Answers
   * whether it went; callers that face the public answer the same either way.
   */
  sendLimited(
    to: string,
    purpose: string,
    compose: () => Promise<Omit<TMail, "to">>,
  ): Promise<boolean>;
};

export function createMailer(options: {
  db: TDb;
  log: FastifyBaseLogger;
  smtpUrl: string | undefined;
  from: string;
  /** At most one mail per recipient and purpose in this many milliseconds (`sendLimited`). */
  recipientWindowMs: number;
}): TMailer {
  const transporter: Transporter | null = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : null;
  const mailer: TMailer = {
    async sendLimited(to, purpose, compose) {
      if (!(await claimRecipientSlot(options.db, to, purpose, options.recipientWindowMs))) {
        options.log.info({ to, purpose }, "mail held back: one went to this recipient recently");
        return false;
      }
      await mailer.send({ to, ...(await compose()) });
      return true;
    },
    async send(mail) {
      const id = await insertOutboxMail(options.db, {
        ...mail,
        html: mail.html ?? null,
        headers: mail.headers ?? null,
        attachments: mail.attachments ?? null,
        transport: transporter ? "smtp" : "outbox",
      });
      if (!transporter) {
        // No SMTP: the log is how a local user finds the link in the mail (the outbox keeps it too).
        options.log.info(
          { mailId: id, to: mail.to, subject: mail.subject, text: mail.text },
          "mail kept in the outbox",
        );
        return;
      }
      options.log.info({ mailId: id, to: mail.to, subject: mail.subject }, "mail queued for SMTP");
      if (!id) return;
      try {
        await transporter.sendMail({ from: options.from, ...mail });
        await markMailSent(options.db, id);
      } catch (error) {
        // The outbox keeps the message and the reason; the user action that sent it still succeeds.
        const reason = error instanceof Error ? error.message : String(error);
        await markMailFailed(options.db, id, reason);
        options.log.error({ mailId: id, err: error }, "mail delivery failed");
      }
    },
  };
  return mailer;
}
