// Reads mail the server sent, from its outbox table.
import { query } from "./db";

export async function lastMailTo(to: string): Promise<{ subject: string; text: string }> {
  const [row] = await query<{ subject: string; text: string }>(
    `select subject, text from mail_outbox where "to" = $1 order by created_date desc limit 1`,
    [to],
  );
  if (!row) throw new Error(`no mail to ${to}`);
  return row;
}

export function linkIn(text: string): string {
  const match = /(https?:\/\/\S+\/oidc\/account\/[a-z]+\?token=[\w-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no link in: ${text}`);
  return match[1];
}
