CREATE TABLE "mail_recipient_limits" (
	"recipient" text NOT NULL,
	"purpose" text NOT NULL,
	"sent_date" timestamp with time zone NOT NULL,
	CONSTRAINT "mail_recipient_limits_recipient_purpose_pk" PRIMARY KEY("recipient","purpose")
);
--> statement-breakpoint
CREATE TABLE "profile_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"user_id" uuid,
	"email" text,
	"role" text NOT NULL,
	"staff_role" text,
	"invited_by" uuid,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sign_in_attempts" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profile_invitations" ADD CONSTRAINT "profile_invitations_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_invitations" ADD CONSTRAINT "profile_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_invitations" ADD CONSTRAINT "profile_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "profile_invitations_profile_user_key" ON "profile_invitations" USING btree ("profile_id","user_id") WHERE "profile_invitations"."email" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "profile_invitations_profile_email_key" ON "profile_invitations" USING btree ("profile_id","email") WHERE "profile_invitations"."email" is not null;--> statement-breakpoint
CREATE INDEX "profile_invitations_user_idx" ON "profile_invitations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "profile_invitations_email_idx" ON "profile_invitations" USING btree ("email");--> statement-breakpoint
CREATE INDEX "profile_media_file_key_idx" ON "profile_media" USING btree ("file_key");--> statement-breakpoint
CREATE INDEX "profiles_logo_idx" ON "profiles" USING btree ("logo");--> statement-breakpoint
CREATE INDEX "profiles_header_image_idx" ON "profiles" USING btree ("header_image");