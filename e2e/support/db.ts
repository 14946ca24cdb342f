// Reads the running server's embedded database through its socket (E2E_DATA_DIR/run).
import path from "node:path";
import pg from "pg";

export async function query<T extends pg.QueryResultRow>(
  sql: string,
  params: unknown[],
): Promise<T[]> {
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
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

export async function userIdOf(email: string): Promise<string> {
  const [row] = await query<{ id: string }>("select id from users where email = $1", [
    email.toLowerCase(),
  ]);
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}
