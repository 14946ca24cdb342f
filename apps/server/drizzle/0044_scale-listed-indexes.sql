-- btree_gist: GiST indexes over the kind (text) and the point or the name, for a kind's nearest
-- or most similar listings first.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE INDEX "profile_boosts_rotation_idx" ON "profile_boosts" USING btree ((hashtext("profile_id"::text) & 31),"end_date") WHERE "profile_boosts"."state" = 'active';--> statement-breakpoint
CREATE INDEX "profiles_listed_likes_idx" ON "profiles" USING btree ("kind","like_count" DESC NULLS FIRST,"name","id") WHERE status = 'approved' and is_active;--> statement-breakpoint
CREATE INDEX "profiles_listed_name_idx" ON "profiles" USING btree ("kind","name","id") WHERE status = 'approved' and is_active;--> statement-breakpoint
CREATE INDEX "profiles_listed_newest_idx" ON "profiles" USING btree ("kind","created_date" DESC NULLS FIRST,"id") WHERE status = 'approved' and is_active;--> statement-breakpoint
CREATE INDEX "profiles_listed_earth_idx" ON "profiles" USING gist ("kind",ll_to_earth("lat", "lng")) WHERE status = 'approved' and is_active;--> statement-breakpoint
CREATE INDEX "profiles_listed_name_gist" ON "profiles" USING gist ("kind","name" gist_trgm_ops) WHERE status = 'approved' and is_active;