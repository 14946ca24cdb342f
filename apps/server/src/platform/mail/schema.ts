// Tables of platform/mail: every message sent, readable by admins in the embedded default, and
// when a limited mail last went to each recipient.
import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    /** Files sent with the mail (a stay's calendar entry). */
    attachments:
      jsonb("attachments").$type<{ filename: string; contentType: string; content: string }[]>(),
    /** Extra headers (a notification's List-Unsubscribe). */
    headers: jsonb("headers").$type<Record<string, string>>(),
    transport: text("transport", { enum: ["outbox", "smtp"] }).notNull(),
    createdDate: timestamp("created_date", { withTimezone: true }).notNull().defaultNow(),
    sentDate: timestamp("sent_date", { withTimezone: true }),
    error: text("error"),
  },
  (t) => [index("mail_outbox_created_idx").on(t.createdDate)],
);

/**
 * The last time a mail of each limited purpose (a reset link, a verification link) went to each
 * recipient: at most one per window, shared by every server process. One row per recipient and
 * purpose, so it grows with the accounts, not with the requests.
 */
export const mailRecipientLimits = pgTable(
  "mail_recipient_limits",
  {
    recipient: text("recipient").notNull(),
    purpose: text("purpose").notNull(),
    sentDate: timestamp("sent_date", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.recipient, t.purpose] })],
);
