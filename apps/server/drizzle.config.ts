import { defineConfig } from "drizzle-kit";

// Generates SQL migrations from the schema, offline; `npm run db:generate`, then commit drizzle/.
export default defineConfig({
  dialect: "postgresql",
  // Every module keeps its tables in a schema.ts of its own.
  schema: ["./src/platform/*/schema.ts", "./src/profiles/schema.ts", "./src/modules/*/schema.ts"],
  out: "./drizzle",
});
