// The API document as the app serves it (`/api/openapi.json`), made in this process: the app built
// on an embedded database of its own (in memory, migrated), asked once, and closed. No server, no
// network, no configuration read from the environment: the same routes give the same document.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildApp } from "../app";
import { loadConfig } from "../platform/config";
import { openDatabase } from "../platform/db/database";
import { runMigrations } from "../platform/db/migrate";

/** The address the document names as its server; a client is given its own base URL. */
export const DOCUMENT_SERVER_URL = "http://localhost:3000";

export type TApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components: { schemas: Record<string, unknown> };
} & Record<string, unknown>;

export async function buildApiDocument(): Promise<TApiDocument> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hostfield-api-document-"));
  const config = loadConfig({
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    PUBLIC_URL: DOCUMENT_SERVER_URL,
    SECRET_KEY: "api-document-only-no-secret-is-kept-here",
  });
  const database = await openDatabase({ databaseUrl: undefined, dataDir: undefined, poolSize: 1 });
  try {
    await runMigrations(database.pool);
    const app = await buildApp({ config, database });
    try {
      await app.ready();
      const reply = await app.inject({ url: "/api/openapi.json" });
      if (reply.statusCode !== 200)
        throw new Error(`/api/openapi.json answered ${reply.statusCode}: ${reply.body}`);
      return reply.json() as TApiDocument;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
