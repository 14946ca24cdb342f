// Only this file reads or writes the mail outbox and the recipients' limits.
import { count, desc, eq, lt } from "drizzle-orm";
import type { TDb } from "../db/database";
import { mailOutbox, mailRecipientLimits } from "./schema";

export async function insertOutboxMail(
  db: TDb,
  values: {
    to: string;
    subject: string;
    text: string;
    html: string | null;
    headers: Record<string, string> | null;
    attachments: { filename: string; contentType: string; content: string }[] | null;
    transport: "outbox" | "smtp";
  },
): Promise<string | undefined> {
  const [row] = await db.insert(mailOutbox).values(values).returning({ id: mailOutbox.id });
  return row?.id;
}

/**
 * Claims the next mail of `purpose` to `recipient`: true unless one was claimed within `windowMs`.
 * One statement, so two processes (or two requests) never both claim it.
 */
export async function claimRecipientSlot(
  db: TDb,
  recipient: string,
  purpose: string,
  windowMs: number,
): Promise<boolean> {
  const now = new Date();
  const rows = await db
    .insert(mailRecipientLimits)
    .values({ recipient, purpose, sentDate: now })
    .onConflictDoUpdate({
      target: [mailRecipientLimits.recipient, mailRecipientLimits.purpose],
      set: { sentDate: now },
      setWhere: lt(mailRecipientLimits.sentDate, new Date(now.getTime() - windowMs)),
    })
    .returning({ recipient: mailRecipientLimits.recipient });
  return rows.length > 0;
}

export async function markMailSent(db: TDb, id: string): Promise<void> {
  await db.update(mailOutbox).set({ sentDate: new Date() }).where(eq(mailOutbox.id, id));
}

export async function markMailFailed(db: TDb, id: string, reason: string): Promise<void> {
  await db.update(mailOutbox).set({ error: reason }).where(eq(mailOutbox.id, id));
}

/** The outbox, newest first, for the admin screen. */
export async function listOutbox(db: TDb, window: { limit: number; offset: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: mailOutbox.id,
        to: mailOutbox.to,
        subject: mailOutbox.subject,
        text: mailOutbox.text,
        transport: mailOutbox.transport,
        createdDate: mailOutbox.createdDate,
        sentDate: mailOutbox.sentDate,
        error: mailOutbox.error,
      })
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.createdDate), desc(mailOutbox.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(mailOutbox),
  ]);
  return { rows, count: total!.n };
}
