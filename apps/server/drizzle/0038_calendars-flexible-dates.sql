CREATE TABLE "venue_calendar_settings" (
	"profile_id" uuid PRIMARY KEY NOT NULL,
	"owner_kind" text NOT NULL,
	"feed_url" text,
	"last_imported_at" timestamp with time zone,
	"imported_count" integer,
	"import_notes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"failing_since" timestamp with time zone,
	"failure" text,
	"export_token_hash" text,
	"export_created_at" timestamp with time zone,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "profile_space_types" ADD COLUMN "day_price_amount" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "profile_space_types" ADD COLUMN "day_price_currency" text;--> statement-breakpoint
ALTER TABLE "event_requirements" ADD COLUMN "date_options" jsonb;--> statement-breakpoint
ALTER TABLE "venue_calendar_settings" ADD CONSTRAINT "venue_calendar_settings_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "venue_calendar_settings_export_idx" ON "venue_calendar_settings" USING btree ("export_token_hash");--> statement-breakpoint
CREATE INDEX "venue_availability_taken_idx" ON "venue_availability" USING btree ("profile_id","start_date","end_date") WHERE "venue_availability"."kind" <> 'need' and "venue_availability"."space_type_id" is null;--> statement-breakpoint
ALTER TABLE "profile_space_types" ADD CONSTRAINT "profile_space_types_day_price" CHECK (("profile_space_types"."day_price_amount" is null) = ("profile_space_types"."day_price_currency" is null) and ("profile_space_types"."day_price_amount" is null or "profile_space_types"."day_price_amount" >= 0));