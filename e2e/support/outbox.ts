// Reads mail the server sent, from its outbox table, through the embedded database's socket.
import path from "node:path";
import pg from "pg";

export async function lastMailTo(to: string): Promise<{ subject: string; text: string }> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set (see playwright.config.ts)");
  const client = new pg.Client({
    host: path.join(dataDir, "run"),
    port: 5432,
    user: "postgres",
    database: "postgres",
  });
  await client.connect();
  try {
    const result = await client.query<{ subject: string; text: string }>(
      `select subject, text from mail_outbox where "to" = $1 order by created_date desc limit 1`,
      [to],
    );
    const row = result.rows[0];
    if (!row) throw new Error(`no mail to ${to}`);
    return row;
  } finally {
    await client.end();
  }
}

export function linkIn(text: string): string {
  const match = /(https?:\/\/\S+\/oidc\/account\/[a-z]+\?token=[\w-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no link in: ${text}`);
  return match[1];
}
