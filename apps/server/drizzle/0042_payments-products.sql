CREATE TABLE "payment_user_customers" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"provider_customer_id" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_user_customers_provider_customer_id_unique" UNIQUE("provider_customer_id")
);
--> statement-breakpoint
CREATE TABLE "payment_boost_day_prices" (
	"currency" text PRIMARY KEY NOT NULL,
	"amount_cents" integer NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "payment_boost_day_prices_amount_positive" CHECK ("payment_boost_day_prices"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_boost_purchases" (
	"boost_id" uuid PRIMARY KEY NOT NULL,
	"listing_id" uuid NOT NULL,
	"extra_days" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"provider_checkout_id" text,
	"provider_payment_id" text,
	"state" text DEFAULT 'awaiting' NOT NULL,
	"created_by" uuid,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_date" timestamp with time zone,
	CONSTRAINT "payment_boost_purchases_provider_checkout_id_unique" UNIQUE("provider_checkout_id"),
	CONSTRAINT "payment_boost_purchases_amount_positive" CHECK ("payment_boost_purchases"."amount_cents" > 0),
	CONSTRAINT "payment_boost_purchases_days_positive" CHECK ("payment_boost_purchases"."extra_days" > 0)
);
--> statement-breakpoint
CREATE TABLE "lead_deposits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"listing_id" uuid,
	"payer_user_id" uuid,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"checkout_id" text,
	"checkout_url" text,
	"payment_id" text,
	"state" text DEFAULT 'open' NOT NULL,
	"paid_cents" integer,
	"paid_date" timestamp with time zone,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"refund_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"refunded_date" timestamp with time zone,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_deposits_lead_id_unique" UNIQUE("lead_id"),
	CONSTRAINT "lead_deposits_checkout_id_unique" UNIQUE("checkout_id"),
	CONSTRAINT "lead_deposits_payment_id_unique" UNIQUE("payment_id"),
	CONSTRAINT "lead_deposits_amount_positive" CHECK ("lead_deposits"."amount_cents" > 0),
	CONSTRAINT "lead_deposits_refunded_not_negative" CHECK ("lead_deposits"."refunded_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reservation_guarantee_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reservation_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"provider_payment_id" text,
	"state" text NOT NULL,
	"failure" text,
	"attempts" integer DEFAULT 1 NOT NULL,
	"charged_by" uuid,
	"charged_date" timestamp with time zone,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservation_guarantee_charges_reservation_id_unique" UNIQUE("reservation_id"),
	CONSTRAINT "reservation_guarantee_charges_amount_positive" CHECK ("reservation_guarantee_charges"."amount_cents" > 0),
	CONSTRAINT "reservation_guarantee_charges_attempts_positive" CHECK ("reservation_guarantee_charges"."attempts" >= 1)
);
--> statement-breakpoint
CREATE TABLE "reservation_guarantees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reservation_id" uuid NOT NULL,
	"hotel_id" uuid NOT NULL,
	"user_id" uuid,
	"provider_customer_id" text,
	"setup_checkout_id" text,
	"setup_checkout_url" text,
	"setup_intent_id" text,
	"payment_method_id" text,
	"card_brand" text,
	"card_last4" text,
	"state" text DEFAULT 'awaiting_card' NOT NULL,
	"secured_date" timestamp with time zone,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservation_guarantees_reservation_id_unique" UNIQUE("reservation_id"),
	CONSTRAINT "reservation_guarantees_setup_checkout_id_unique" UNIQUE("setup_checkout_id")
);
--> statement-breakpoint
CREATE TABLE "hotel_stay_settings" (
	"hotel_id" uuid PRIMARY KEY NOT NULL,
	"require_card_guarantee" boolean DEFAULT false NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "profile_boosts" ADD COLUMN "source" text DEFAULT 'included' NOT NULL;--> statement-breakpoint
ALTER TABLE "profile_boosts" ADD COLUMN "state" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "hotel_blocks" ADD COLUMN "require_card_guarantee" boolean;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "cancelled_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "guarantee_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_user_customers" ADD CONSTRAINT "payment_user_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_boost_purchases" ADD CONSTRAINT "payment_boost_purchases_listing_id_profiles_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_deposits" ADD CONSTRAINT "lead_deposits_listing_id_profiles_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_guarantee_charges" ADD CONSTRAINT "reservation_guarantee_charges_charged_by_users_id_fk" FOREIGN KEY ("charged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_guarantees" ADD CONSTRAINT "reservation_guarantees_hotel_id_profiles_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_guarantees" ADD CONSTRAINT "reservation_guarantees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_stay_settings" ADD CONSTRAINT "hotel_stay_settings_hotel_id_profiles_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_stay_settings" ADD CONSTRAINT "hotel_stay_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_boost_purchases_listing_idx" ON "payment_boost_purchases" USING btree ("listing_id","created_date");--> statement-breakpoint
CREATE INDEX "payment_boost_purchases_awaiting_idx" ON "payment_boost_purchases" USING btree ("created_date") WHERE "payment_boost_purchases"."state" = 'awaiting';--> statement-breakpoint
CREATE INDEX "reservation_guarantees_awaiting_idx" ON "reservation_guarantees" USING btree ("created_date") WHERE "reservation_guarantees"."state" = 'awaiting_card';--> statement-breakpoint
CREATE INDEX "profile_boosts_awaiting_idx" ON "profile_boosts" USING btree ("created_date") WHERE "profile_boosts"."state" = 'awaiting_payment';