-- Indexes that answer the public lists' checks without a visit to the table (issue 49): at a
-- million facilities those visits were random reads of a table many times the size of the cache.
DROP INDEX "facility_destinations_destination_idx";--> statement-breakpoint
CREATE INDEX "profiles_listed_id_idx" ON "profiles" USING btree ("id","kind","like_count","name") WHERE status = 'approved' and is_active;--> statement-breakpoint
CREATE INDEX "facility_destinations_destination_idx" ON "facility_destinations" USING btree ("destination_id","facility_id");--> statement-breakpoint
-- By hand (drizzle declares no INCLUDE; its snapshot keeps the index as 0044 made it): the point's
-- coordinates and the id beside the kind and the point, so a radius search's nearest-first walk
-- and its capped count check each point's distance and filters from the index alone.
DROP INDEX "profiles_listed_earth_idx";--> statement-breakpoint
CREATE INDEX "profiles_listed_earth_idx" ON "profiles" USING gist ("kind",ll_to_earth("lat", "lng")) INCLUDE ("lat","lng","id") WHERE status = 'approved' and is_active;
