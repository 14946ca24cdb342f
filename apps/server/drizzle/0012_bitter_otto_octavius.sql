CREATE INDEX "profile_media_file_key_idx" ON "profile_media" USING btree ("file_key");--> statement-breakpoint
CREATE INDEX "profiles_logo_idx" ON "profiles" USING btree ("logo");--> statement-breakpoint
CREATE INDEX "profiles_header_image_idx" ON "profiles" USING btree ("header_image");