-- The words of a listing, for text search: its name (weight A), city (B) and description (C),
-- kept by PostgreSQL itself as they change. Not in the drizzle schema on purpose (see
-- profiles/schema.ts): no read of a profile carries it, only search's conditions name it.
ALTER TABLE "profiles" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english'::regconfig, "name"), 'A')
  || setweight(to_tsvector('english'::regconfig, coalesce("city", '')), 'B')
  || setweight(to_tsvector('english'::regconfig, coalesce("description", '')), 'C')
) STORED;--> statement-breakpoint
DROP INDEX "profiles_description_fts";--> statement-breakpoint
DROP INDEX "profiles_listed_name_gist";--> statement-breakpoint
CREATE INDEX "profiles_search_vector_idx" ON "profiles" USING gin ("search_vector");
