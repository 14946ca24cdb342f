CREATE TABLE "listing_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid NOT NULL,
	"provider_subscription_id" text NOT NULL,
	"tier" text NOT NULL,
	"interval" text NOT NULL,
	"state" text NOT NULL,
	"current_period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"grace_until" timestamp with time zone,
	"pending_tier" text,
	"pending_interval" text,
	"provider_seen_date" timestamp with time zone NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_subscriptions_provider_subscription_id_unique" UNIQUE("provider_subscription_id")
);
--> statement-breakpoint
CREATE TABLE "payment_customers" (
	"listing_id" uuid PRIMARY KEY NOT NULL,
	"listing_kind" text NOT NULL,
	"provider_customer_id" text NOT NULL,
	"granted_tier" text,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_customers_provider_customer_id_unique" UNIQUE("provider_customer_id")
);
--> statement-breakpoint
CREATE TABLE "payment_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" text NOT NULL,
	"kind" text NOT NULL,
	"type" text NOT NULL,
	"amount_cents" integer,
	"currency" text,
	"listing_id" uuid,
	"state" text NOT NULL,
	"problem" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"payload" jsonb,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_date" timestamp with time zone,
	CONSTRAINT "payment_ledger_provider_id_unique" UNIQUE("provider_id")
);
--> statement-breakpoint
CREATE TABLE "payment_tier_prices" (
	"tier" text NOT NULL,
	"interval" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"provider_product_id" text NOT NULL,
	"provider_price_id" text NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "payment_tier_prices_tier_interval_pk" PRIMARY KEY("tier","interval"),
	CONSTRAINT "payment_tier_prices_amount_positive" CHECK ("payment_tier_prices"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "listing_subscriptions" ADD CONSTRAINT "listing_subscriptions_listing_id_profiles_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_listing_id_profiles_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_ledger" ADD CONSTRAINT "payment_ledger_listing_id_profiles_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_subscriptions_listing_idx" ON "listing_subscriptions" USING btree ("listing_id","created_date");--> statement-breakpoint
CREATE INDEX "payment_ledger_created_idx" ON "payment_ledger" USING btree ("created_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payment_ledger_kind_idx" ON "payment_ledger" USING btree ("kind","created_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payment_ledger_state_idx" ON "payment_ledger" USING btree ("state","created_date");