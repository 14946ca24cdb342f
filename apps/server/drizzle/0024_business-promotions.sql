CREATE TABLE "business_promotions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"offer" jsonb NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"days" text[] DEFAULT '{}'::text[] NOT NULL,
	"start_time" text,
	"end_time" text,
	"terms" text,
	"code" text,
	"redemption_url" text,
	"image" text,
	"audience_tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "business_promotions" ADD CONSTRAINT "business_promotions_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_promotions_profile_idx" ON "business_promotions" USING btree ("profile_id","valid_to");--> statement-breakpoint
CREATE UNIQUE INDEX "business_promotions_one_default" ON "business_promotions" USING btree ("profile_id") WHERE "business_promotions"."is_default";