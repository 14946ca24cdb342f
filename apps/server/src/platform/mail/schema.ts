// Tables of platform/mail: every message sent, readable by admins in the embedded default.
import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    transport: text("transport", { enum: ["outbox", "smtp"] }).notNull(),
    createdDate: timestamp("created_date", { withTimezone: true }).notNull().defaultNow(),
    sentDate: timestamp("sent_date", { withTimezone: true }),
    error: text("error"),
  },
  (t) => [index("mail_outbox_created_idx").on(t.createdDate)],
);
