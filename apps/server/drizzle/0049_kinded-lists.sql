-- A listing's sports and amenities repeat its kind (profiles/schema.ts, profileKindOf), and every
-- kind but facilities has an index of its own rows of them: an event's sport is checked among the
-- events' rows, not in an index that grows with the facilities. Hand-ordered: the kind is filled
-- from each row's listing before it is required, and (id, kind) is unique on profiles before the
-- lists' references name it.
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_id_kind_key" UNIQUE("id","kind");--> statement-breakpoint
ALTER TABLE "profile_amenities" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "profile_sports" ADD COLUMN "kind" text;--> statement-breakpoint
UPDATE "profile_amenities" a SET "kind" = p."kind" FROM "profiles" p WHERE p."id" = a."profile_id";--> statement-breakpoint
UPDATE "profile_sports" s SET "kind" = p."kind" FROM "profiles" p WHERE p."id" = s."profile_id";--> statement-breakpoint
ALTER TABLE "profile_amenities" ALTER COLUMN "kind" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "profile_sports" ALTER COLUMN "kind" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "profile_amenities" DROP CONSTRAINT "profile_amenities_profile_id_profiles_id_fk";--> statement-breakpoint
ALTER TABLE "profile_sports" DROP CONSTRAINT "profile_sports_profile_id_profiles_id_fk";--> statement-breakpoint
ALTER TABLE "profile_amenities" ADD CONSTRAINT "profile_amenities_profile_id_kind_profiles_id_kind_fk" FOREIGN KEY ("profile_id","kind") REFERENCES "public"."profiles"("id","kind") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_sports" ADD CONSTRAINT "profile_sports_profile_id_kind_profiles_id_kind_fk" FOREIGN KEY ("profile_id","kind") REFERENCES "public"."profiles"("id","kind") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profile_amenities_others_idx" ON "profile_amenities" USING btree ("kind","name","profile_id") WHERE kind <> 'facility';--> statement-breakpoint
CREATE INDEX "profile_sports_others_idx" ON "profile_sports" USING btree ("kind","name","profile_id") WHERE kind <> 'facility';
