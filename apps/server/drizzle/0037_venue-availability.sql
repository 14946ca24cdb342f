CREATE TABLE "venue_availability" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"space_type_id" uuid,
	"spaces" integer,
	"discount_percent" integer,
	"note" text,
	"source" text DEFAULT 'manual' NOT NULL,
	"event_id" uuid,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "venue_availability" ADD CONSTRAINT "venue_availability_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_availability" ADD CONSTRAINT "venue_availability_space_type_id_profile_space_types_id_fk" FOREIGN KEY ("space_type_id") REFERENCES "public"."profile_space_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_availability" ADD CONSTRAINT "venue_availability_event_id_profiles_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "venue_availability_profile_idx" ON "venue_availability" USING btree ("profile_id","start_date","end_date");