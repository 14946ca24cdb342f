// The child process SEED_ON_START seeds an empty database in (seed/on-start.ts starts it and waits
// for it): what the seed allocates goes when it exits instead of staying in the server. Its log
// lines are the server's (JSON, LOG_LEVEL).
import { pino } from "pino";
import { seedEmptyDatabase } from "./seed/index";
import { withDatabase } from "./with-database";

// The channel to the server must not keep this process alive, and a server that dies takes its
// seeding with it (a later start would otherwise open the folder beside this one).
process.channel?.unref();
process.on("disconnect", () => process.exit(1));

// The migrations the server ran find nothing left to do here; a failure exits 1 for the server.
await withDatabase((database, config) =>
  seedEmptyDatabase(database, config, pino({ level: config.logLevel })).then(() => undefined),
);
