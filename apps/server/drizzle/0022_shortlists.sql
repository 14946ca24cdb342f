CREATE TABLE "shortlist_items" (
	"shortlist_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"note" text,
	"added_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shortlist_items_shortlist_id_profile_id_pk" PRIMARY KEY("shortlist_id","profile_id")
);
--> statement-breakpoint
CREATE TABLE "shortlists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"share_token" text,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shortlist_items" ADD CONSTRAINT "shortlist_items_shortlist_id_shortlists_id_fk" FOREIGN KEY ("shortlist_id") REFERENCES "public"."shortlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shortlist_items" ADD CONSTRAINT "shortlist_items_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shortlists" ADD CONSTRAINT "shortlists_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shortlist_items_profile_idx" ON "shortlist_items" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "shortlists_owner_idx" ON "shortlists" USING btree ("owner_id","updated_date");--> statement-breakpoint
CREATE UNIQUE INDEX "shortlists_share_token_key" ON "shortlists" USING btree ("share_token") WHERE "shortlists"."share_token" is not null;