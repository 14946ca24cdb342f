CREATE TABLE "event_lead_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"reason" text,
	"by_user_id" uuid,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"requirement_id" uuid,
	"owner_type" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"status" text DEFAULT 'Open' NOT NULL,
	"status_reason" text,
	"source" text NOT NULL,
	"score" smallint,
	"reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"distance_miles" double precision,
	"visible_from" timestamp with time zone DEFAULT now() NOT NULL,
	"assigned_user_id" uuid,
	"group_id" uuid,
	"first_response_date" timestamp with time zone,
	"proposal" jsonb,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "event_requirements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"sports_list" text[] NOT NULL,
	"needs_specific_facility_type" boolean DEFAULT false NOT NULL,
	"facility_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"needs_specific_space_type" boolean DEFAULT false NOT NULL,
	"space_type" text,
	"space_surface" text,
	"space_type_count" integer,
	"space_location" text,
	"space_description" text,
	"address" text,
	"dist" integer,
	"lat" double precision,
	"lng" double precision,
	"place_label" text,
	"urgency" smallint NOT NULL,
	"attendance" integer,
	"room_nights" integer,
	"published_date" timestamp with time zone,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "event_lead_history" ADD CONSTRAINT "event_lead_history_lead_id_event_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."event_leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_lead_history" ADD CONSTRAINT "event_lead_history_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_leads" ADD CONSTRAINT "event_leads_event_id_profiles_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_leads" ADD CONSTRAINT "event_leads_requirement_id_event_requirements_id_fk" FOREIGN KEY ("requirement_id") REFERENCES "public"."event_requirements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_leads" ADD CONSTRAINT "event_leads_owner_id_profiles_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_leads" ADD CONSTRAINT "event_leads_assigned_user_id_users_id_fk" FOREIGN KEY ("assigned_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_leads" ADD CONSTRAINT "event_leads_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_requirements" ADD CONSTRAINT "event_requirements_event_id_profiles_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_lead_history_lead_idx" ON "event_lead_history" USING btree ("lead_id","created_date");--> statement-breakpoint
CREATE UNIQUE INDEX "event_leads_event_owner_key" ON "event_leads" USING btree ("event_id","owner_id");--> statement-breakpoint
CREATE INDEX "event_leads_owner_idx" ON "event_leads" USING btree ("owner_id","status","visible_from");--> statement-breakpoint
CREATE INDEX "event_leads_event_idx" ON "event_leads" USING btree ("event_id","status");--> statement-breakpoint
CREATE INDEX "event_leads_requirement_idx" ON "event_leads" USING btree ("requirement_id");--> statement-breakpoint
CREATE INDEX "event_requirements_event_idx" ON "event_requirements" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "event_requirements_published_idx" ON "event_requirements" USING btree ("status","published_date");