CREATE TABLE "block_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"block_id" uuid NOT NULL,
	"side" text NOT NULL,
	"user_id" uuid,
	"body" text NOT NULL,
	"dispute" boolean DEFAULT false NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_stay_rules" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"stay_to_play" boolean DEFAULT false NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_teams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"name" text NOT NULL,
	"contact_name" text NOT NULL,
	"contact_email" text NOT NULL,
	"contact_phone" text,
	"rooms_needed" integer NOT NULL,
	"link_version" integer DEFAULT 1 NOT NULL,
	"reminded_date" timestamp with time zone,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "event_teams_rooms_needed_positive" CHECK ("event_teams"."rooms_needed" >= 1)
);
--> statement-breakpoint
ALTER TABLE "block_nights" ADD COLUMN "stayed" integer;--> statement-breakpoint
ALTER TABLE "hotel_blocks" ADD COLUMN "amendment" jsonb;--> statement-breakpoint
ALTER TABLE "hotel_blocks" ADD COLUMN "statement_confirmed_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "hotel_blocks" ADD COLUMN "statement_confirmed_by" uuid;--> statement-breakpoint
ALTER TABLE "hotel_blocks" ADD COLUMN "statement_disputed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "team_id" uuid;--> statement-breakpoint
ALTER TABLE "block_messages" ADD CONSTRAINT "block_messages_block_id_hotel_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."hotel_blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "block_messages" ADD CONSTRAINT "block_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_stay_rules" ADD CONSTRAINT "event_stay_rules_event_id_profiles_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_teams" ADD CONSTRAINT "event_teams_event_id_profiles_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "block_messages_block_idx" ON "block_messages" USING btree ("block_id","created_date");--> statement-breakpoint
CREATE UNIQUE INDEX "event_teams_event_name_key" ON "event_teams" USING btree ("event_id",lower("name"));--> statement-breakpoint
ALTER TABLE "hotel_blocks" ADD CONSTRAINT "hotel_blocks_statement_confirmed_by_users_id_fk" FOREIGN KEY ("statement_confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_team_id_event_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."event_teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reservations_team_idx" ON "reservations" USING btree ("team_id");--> statement-breakpoint
ALTER TABLE "block_nights" ADD CONSTRAINT "block_nights_stayed_check" CHECK ("block_nights"."stayed" >= 0);