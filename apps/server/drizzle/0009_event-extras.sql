CREATE TABLE "event_hotels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"hotel_id" uuid NOT NULL,
	"note" text,
	"rooms_held" integer,
	"rate" numeric(10, 2),
	"cutoff_date" date,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "event_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"key" text NOT NULL,
	"value" jsonb NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "event_hotels" ADD CONSTRAINT "event_hotels_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_hotels" ADD CONSTRAINT "event_hotels_hotel_id_profiles_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_settings" ADD CONSTRAINT "event_settings_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_hotels_key" ON "event_hotels" USING btree ("profile_id","hotel_id");--> statement-breakpoint
CREATE INDEX "event_hotels_hotel_idx" ON "event_hotels" USING btree ("hotel_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_settings_key" ON "event_settings" USING btree ("profile_id","key");