-- A text filter on one listing's leads walks that listing's (owner, status, newest) index, which
-- now carries each lead's visibility and its event's name besides its keys (drizzle-kit cannot
-- write INCLUDE, so schema.ts names the keys only): the pattern is tried on the index's entries
-- alone, however many of them match (445 matches of a listing's 5,000 leads: 0.9 ms, against 5.0 ms
-- by the name's trigram index, which found 1,111 leads by their event's name and fetched each).
-- A board's walk of each status reads it alone too. The trigram index goes: it found a text's
-- leads among every listing's, so a common word cost more the more leads the whole table held.
DROP INDEX "event_leads_event_name_trgm";--> statement-breakpoint
DROP INDEX "event_leads_owner_idx";--> statement-breakpoint
CREATE INDEX "event_leads_owner_idx" ON "event_leads" USING btree ("owner_id","status","created_date" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("visible_from","event_name");
