// `npm run db:migrate`: applies the committed migrations to the configured database and exits.
import { withDatabase } from "./with-database";

await withDatabase(async (database) => {
  console.log(`Migrations applied (${database.kind} database).`);
});
