ALTER TABLE "profile_partners" ADD COLUMN "image_key" text;--> statement-breakpoint
CREATE INDEX "profile_partners_image_idx" ON "profile_partners" USING btree ("image_key");