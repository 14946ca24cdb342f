// Only this file reads or writes the mail outbox.
import { count, desc, eq } from "drizzle-orm";
import type { TDb } from "../db/database";
import { mailOutbox } from "./schema";

export async function insertOutboxMail(
  db: TDb,
  values: {
    to: string;
    subject: string;
    text: string;
    html: string | null;
    transport: "outbox" | "smtp";
  },
): Promise<string | undefined> {
  const [row] = await db.insert(mailOutbox).values(values).returning({ id: mailOutbox.id });
  return row?.id;
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
