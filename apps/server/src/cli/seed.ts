// `npm run db:seed -- [--seed N] [--scale N] [--force]`: fills the configured database with a
// deterministic demo network (see seed/index.ts). May run beside a running `npm start`.
import { parseSeedArgs, runSeed, SEED_USAGE, seedFileStore } from "./seed/index";
import { withDatabase } from "./with-database";

const options = parseSeedArgs(process.argv.slice(2));
if (typeof options === "string") {
  console.error(`${options}\n${SEED_USAGE}`);
  process.exit(64);
}
if ("help" in options) {
  console.log(SEED_USAGE);
  process.exit(0);
}

await withDatabase(async (database, config) => {
  await runSeed(
    {
      pool: database.pool,
      files: seedFileStore(config),
      log: (message) => console.log(message),
      // PostgreSQL writes on both of the tool's connections at once (the embedded database has
      // one): much faster at large scales, though a run killed midway leaves part of a network.
      connections: database.kind === "postgres" ? 2 : 1,
    },
    options,
  );
});
