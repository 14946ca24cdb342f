// The child process SEED_ON_START seeds an empty database in (seed/on-start.ts starts it and waits
// for it): what the seed allocates goes when it exits instead of staying in the server. Its log
// lines are the server's (JSON, LOG_LEVEL). The server has migrated the database already.
import { pino } from "pino";
import { loadConfig } from "../platform/config";
import { openDatabase } from "../platform/db/database";
import { seedEmptyDatabase } from "./seed/index";

// The channel to the server must not keep this process alive, and a server that dies takes its
// seeding with it (a later start would otherwise open the folder beside this one).
process.channel?.unref();
process.on("disconnect", () => process.exit(1));

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: 2,
});
try {
  await seedEmptyDatabase(database, config, pino({ level: config.logLevel }));
} finally {
  await database.close();
}
