CREATE TABLE "block_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"block_id" uuid NOT NULL,
	"side" text NOT NULL,
	"user_id" uuid,
	"action" text NOT NULL,
	"summary" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "block_nights" (
	"block_id" uuid NOT NULL,
	"room_type_id" uuid NOT NULL,
	"night" date NOT NULL,
	"held" integer NOT NULL,
	"rate" numeric(10, 2) NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "block_nights_block_id_room_type_id_night_pk" PRIMARY KEY("block_id","room_type_id","night"),
	CONSTRAINT "block_nights_not_oversold" CHECK ("block_nights"."booked" >= 0 and "block_nights"."booked" <= "block_nights"."held")
);
--> statement-breakpoint
CREATE TABLE "hotel_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"hotel_id" uuid NOT NULL,
	"status" text DEFAULT 'Proposed' NOT NULL,
	"proposed_by" text NOT NULL,
	"cutoff_date" date NOT NULL,
	"min_nights" integer DEFAULT 1 NOT NULL,
	"attrition_percent" integer DEFAULT 20 NOT NULL,
	"comp_per_paid" integer,
	"note" text,
	"requirement_id" uuid,
	"lead_id" uuid,
	"released_date" timestamp with time zone,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "reservation_nights" (
	"reservation_id" uuid NOT NULL,
	"night" date NOT NULL,
	"rate" numeric(10, 2) NOT NULL,
	"source" text NOT NULL,
	"block_id" uuid,
	CONSTRAINT "reservation_nights_reservation_id_night_pk" PRIMARY KEY("reservation_id","night")
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"confirmation_number" text NOT NULL,
	"status" text DEFAULT 'Confirmed' NOT NULL,
	"hotel_id" uuid NOT NULL,
	"event_id" uuid,
	"block_id" uuid,
	"room_type_id" uuid NOT NULL,
	"guest_user_id" uuid,
	"account_email" text,
	"check_in" date NOT NULL,
	"check_out" date NOT NULL,
	"rooms" integer NOT NULL,
	"guests" integer NOT NULL,
	"total" numeric(10, 2) NOT NULL,
	"guest_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"team" text,
	"changeable_until" date NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "room_nights" (
	"room_type_id" uuid NOT NULL,
	"night" date NOT NULL,
	"hotel_id" uuid NOT NULL,
	"rooms_to_sell" integer DEFAULT 0 NOT NULL,
	"rate" numeric(10, 2),
	"held" integer DEFAULT 0 NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "room_nights_room_type_id_night_pk" PRIMARY KEY("room_type_id","night"),
	CONSTRAINT "room_nights_not_oversold" CHECK ("room_nights"."held" >= 0 and "room_nights"."booked" >= 0 and "room_nights"."held" + "room_nights"."booked" <= "room_nights"."rooms_to_sell")
);
--> statement-breakpoint
CREATE TABLE "room_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hotel_id" uuid NOT NULL,
	"name" text NOT NULL,
	"beds" text NOT NULL,
	"max_occupancy" integer NOT NULL,
	"rack_rate" numeric(10, 2) NOT NULL,
	"description" text,
	"photos" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "block_changes" ADD CONSTRAINT "block_changes_block_id_hotel_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."hotel_blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "block_changes" ADD CONSTRAINT "block_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "block_nights" ADD CONSTRAINT "block_nights_block_id_hotel_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."hotel_blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "block_nights" ADD CONSTRAINT "block_nights_room_type_id_room_types_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."room_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_blocks" ADD CONSTRAINT "hotel_blocks_event_id_profiles_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_blocks" ADD CONSTRAINT "hotel_blocks_hotel_id_profiles_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_blocks" ADD CONSTRAINT "hotel_blocks_requirement_id_event_requirements_id_fk" FOREIGN KEY ("requirement_id") REFERENCES "public"."event_requirements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_blocks" ADD CONSTRAINT "hotel_blocks_lead_id_event_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."event_leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_nights" ADD CONSTRAINT "reservation_nights_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_nights" ADD CONSTRAINT "reservation_nights_block_id_hotel_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."hotel_blocks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_hotel_id_profiles_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_event_id_profiles_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_block_id_hotel_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."hotel_blocks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_room_type_id_room_types_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."room_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_guest_user_id_users_id_fk" FOREIGN KEY ("guest_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_nights" ADD CONSTRAINT "room_nights_room_type_id_room_types_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."room_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_nights" ADD CONSTRAINT "room_nights_hotel_id_profiles_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_types" ADD CONSTRAINT "room_types_hotel_id_profiles_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "block_changes_block_idx" ON "block_changes" USING btree ("block_id","created_date");--> statement-breakpoint
CREATE UNIQUE INDEX "hotel_blocks_event_hotel_key" ON "hotel_blocks" USING btree ("event_id","hotel_id");--> statement-breakpoint
CREATE INDEX "hotel_blocks_hotel_idx" ON "hotel_blocks" USING btree ("hotel_id");--> statement-breakpoint
CREATE INDEX "hotel_blocks_due_idx" ON "hotel_blocks" USING btree ("status","cutoff_date");--> statement-breakpoint
CREATE INDEX "reservation_nights_block_idx" ON "reservation_nights" USING btree ("block_id","night");--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_confirmation_key" ON "reservations" USING btree ("confirmation_number");--> statement-breakpoint
CREATE INDEX "reservations_hotel_idx" ON "reservations" USING btree ("hotel_id","check_in");--> statement-breakpoint
CREATE INDEX "reservations_event_idx" ON "reservations" USING btree ("event_id","check_in");--> statement-breakpoint
CREATE INDEX "reservations_guest_idx" ON "reservations" USING btree ("guest_user_id","check_in");--> statement-breakpoint
CREATE INDEX "reservations_block_idx" ON "reservations" USING btree ("block_id");--> statement-breakpoint
CREATE INDEX "room_nights_hotel_night_idx" ON "room_nights" USING btree ("hotel_id","night");--> statement-breakpoint
CREATE INDEX "room_types_hotel_idx" ON "room_types" USING btree ("hotel_id");