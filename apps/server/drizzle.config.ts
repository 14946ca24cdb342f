import { defineConfig } from "drizzle-kit";

// Generates SQL migrations from the schema, offline; `npm run db:generate`, then commit drizzle/.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/platform/db/schema/index.ts",
  out: "./drizzle",
});
