CREATE TABLE "business_details" (
	"profile_id" uuid PRIMARY KEY NOT NULL,
	"business_category" text,
	"place_attributes" text[] DEFAULT '{}'::text[] NOT NULL,
	"place_categories" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_details" (
	"profile_id" uuid PRIMARY KEY NOT NULL,
	"vendor_categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"service_tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"audience_tags" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "destination_details" (
	"profile_id" uuid PRIMARY KEY NOT NULL,
	"destination_type" text,
	"services" text[] DEFAULT '{}'::text[] NOT NULL,
	"hotel_live_rates_enabled" boolean DEFAULT false NOT NULL,
	"hotel_live_rates_visible_after" date,
	"hotel_specials_hidden_after" date
);
--> statement-breakpoint
CREATE TABLE "event_details" (
	"profile_id" uuid PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"has_flexible_dates" boolean DEFAULT false NOT NULL,
	"hotel_link" text,
	"category" text,
	"age_group" text,
	"event_level" text,
	"individual_cost" numeric(10, 2),
	"team_cost" numeric(10, 2),
	"facility_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"space_name" text,
	"location" text,
	"surface" text,
	"organization_id" uuid,
	"is_closed" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "facility_destinations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"facility_id" uuid NOT NULL,
	"destination_id" uuid NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "facility_details" (
	"profile_id" uuid PRIMARY KEY NOT NULL,
	"facility_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"capacity" integer,
	"staff" jsonb,
	"availability" text
);
--> statement-breakpoint
CREATE TABLE "facility_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"title" text,
	"body" text,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "hotel_details" (
	"profile_id" uuid PRIMARY KEY NOT NULL,
	"star_rating" numeric(2, 1),
	"rooms" integer,
	"partner_id" text
);
--> statement-breakpoint
CREATE TABLE "organization_details" (
	"profile_id" uuid PRIMARY KEY NOT NULL,
	"organization_type" text,
	"event_interest_types" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile_amenities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile_boosts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "profile_companies" (
	"profile_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid
);
--> statement-breakpoint
CREATE TABLE "profile_media" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"file_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"title" text NOT NULL,
	"sort_key" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "profile_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"staff_role" text,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "profile_partners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"partner_id" uuid NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "profile_reactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile_space_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"name" text NOT NULL,
	"surface" text NOT NULL,
	"count" integer NOT NULL,
	"location" text NOT NULL,
	"additional_features" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile_sports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text,
	"street" text,
	"city" text,
	"state" text,
	"postal_code" text,
	"country" text,
	"lat" double precision,
	"lng" double precision,
	"place_id" text,
	"logo" text,
	"header_image" text,
	"featured_video" text,
	"website" text,
	"phone" text,
	"email" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"tier" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"follower_count" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "saved_search_filters" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"presets" jsonb NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_details" ADD CONSTRAINT "business_details_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_details" ADD CONSTRAINT "company_details_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "destination_details" ADD CONSTRAINT "destination_details_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_details" ADD CONSTRAINT "event_details_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_details" ADD CONSTRAINT "event_details_organization_id_profiles_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_destinations" ADD CONSTRAINT "facility_destinations_facility_id_profiles_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_destinations" ADD CONSTRAINT "facility_destinations_destination_id_profiles_id_fk" FOREIGN KEY ("destination_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_details" ADD CONSTRAINT "facility_details_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_reviews" ADD CONSTRAINT "facility_reviews_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_reviews" ADD CONSTRAINT "facility_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_details" ADD CONSTRAINT "hotel_details_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_details" ADD CONSTRAINT "organization_details_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_amenities" ADD CONSTRAINT "profile_amenities_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_boosts" ADD CONSTRAINT "profile_boosts_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_companies" ADD CONSTRAINT "profile_companies_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_companies" ADD CONSTRAINT "profile_companies_company_id_profiles_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_media" ADD CONSTRAINT "profile_media_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_members" ADD CONSTRAINT "profile_members_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_members" ADD CONSTRAINT "profile_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_partners" ADD CONSTRAINT "profile_partners_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_partners" ADD CONSTRAINT "profile_partners_partner_id_profiles_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_reactions" ADD CONSTRAINT "profile_reactions_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_reactions" ADD CONSTRAINT "profile_reactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_space_types" ADD CONSTRAINT "profile_space_types_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_sports" ADD CONSTRAINT "profile_sports_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_filters" ADD CONSTRAINT "saved_search_filters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_details_dates_idx" ON "event_details" USING btree ("start_date","end_date");--> statement-breakpoint
CREATE INDEX "event_details_organization_idx" ON "event_details" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "facility_destinations_key" ON "facility_destinations" USING btree ("facility_id","destination_id");--> statement-breakpoint
CREATE INDEX "facility_destinations_destination_idx" ON "facility_destinations" USING btree ("destination_id");--> statement-breakpoint
CREATE INDEX "facility_details_types_idx" ON "facility_details" USING gin ("facility_types");--> statement-breakpoint
CREATE UNIQUE INDEX "facility_reviews_key" ON "facility_reviews" USING btree ("profile_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "hotel_details_partner_id_key" ON "hotel_details" USING btree ("partner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "profile_amenities_key" ON "profile_amenities" USING btree ("profile_id","name");--> statement-breakpoint
CREATE INDEX "profile_amenities_name_idx" ON "profile_amenities" USING btree ("name","profile_id");--> statement-breakpoint
CREATE INDEX "profile_boosts_profile_idx" ON "profile_boosts" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "profile_boosts_dates_idx" ON "profile_boosts" USING btree ("start_date","end_date");--> statement-breakpoint
CREATE UNIQUE INDEX "profile_companies_key" ON "profile_companies" USING btree ("profile_id","company_id");--> statement-breakpoint
CREATE INDEX "profile_companies_company_idx" ON "profile_companies" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "profile_media_profile_idx" ON "profile_media" USING btree ("profile_id","kind","sort_key");--> statement-breakpoint
CREATE UNIQUE INDEX "profile_members_profile_user_key" ON "profile_members" USING btree ("profile_id","user_id");--> statement-breakpoint
CREATE INDEX "profile_members_user_idx" ON "profile_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "profile_partners_key" ON "profile_partners" USING btree ("profile_id","partner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "profile_reactions_key" ON "profile_reactions" USING btree ("profile_id","user_id","kind");--> statement-breakpoint
CREATE INDEX "profile_reactions_user_idx" ON "profile_reactions" USING btree ("user_id","kind");--> statement-breakpoint
CREATE INDEX "profile_space_types_profile_idx" ON "profile_space_types" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "profile_space_types_name_idx" ON "profile_space_types" USING btree ("name","surface","location");--> statement-breakpoint
CREATE UNIQUE INDEX "profile_sports_key" ON "profile_sports" USING btree ("profile_id","name");--> statement-breakpoint
CREATE INDEX "profile_sports_name_idx" ON "profile_sports" USING btree ("name","profile_id");--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_slug_key" ON "profiles" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "profiles_kind_status_idx" ON "profiles" USING btree ("kind","status","is_active");--> statement-breakpoint
CREATE INDEX "profiles_kind_state_idx" ON "profiles" USING btree ("kind","state");--> statement-breakpoint
CREATE INDEX "profiles_place_id_idx" ON "profiles" USING btree ("place_id");--> statement-breakpoint
CREATE INDEX "profiles_created_by_idx" ON "profiles" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "profiles_name_trgm" ON "profiles" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_earth_idx" ON "profiles" USING gist (ll_to_earth("lat", "lng"));--> statement-breakpoint
CREATE UNIQUE INDEX "saved_search_filters_key" ON "saved_search_filters" USING btree ("user_id","kind");