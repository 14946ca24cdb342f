CREATE TABLE "assistant_exchanges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"destination_id" uuid,
	"user_id" uuid,
	"title" text NOT NULL,
	"message_count" integer DEFAULT 0 NOT NULL,
	"up_count" integer DEFAULT 0 NOT NULL,
	"down_count" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assistant_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exchange_id" uuid NOT NULL,
	"role" text NOT NULL,
	"content" text NOT NULL,
	"citations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"suggestions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answered" boolean DEFAULT true NOT NULL,
	"handoff" boolean DEFAULT false NOT NULL,
	"draft" jsonb,
	"provider" text,
	"debug" jsonb,
	"feedback_rating" text,
	"feedback_comment" text,
	"feedback_date" timestamp with time zone,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assistant_usage" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "assistant_usage_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "tour_guides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"destination_id" uuid NOT NULL,
	"name" text NOT NULL,
	"greeting" text NOT NULL,
	"tone" text NOT NULL,
	"suggested_questions" text[] DEFAULT '{}'::text[] NOT NULL,
	"stress_topics" text[] DEFAULT '{}'::text[] NOT NULL,
	"avoid_topics" text[] DEFAULT '{}'::text[] NOT NULL,
	"handoff_user_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "assistant_exchanges" ADD CONSTRAINT "assistant_exchanges_destination_id_profiles_id_fk" FOREIGN KEY ("destination_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_exchanges" ADD CONSTRAINT "assistant_exchanges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_messages" ADD CONSTRAINT "assistant_messages_exchange_id_assistant_exchanges_id_fk" FOREIGN KEY ("exchange_id") REFERENCES "public"."assistant_exchanges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_guides" ADD CONSTRAINT "tour_guides_destination_id_profiles_id_fk" FOREIGN KEY ("destination_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assistant_exchanges_user_idx" ON "assistant_exchanges" USING btree ("user_id","updated_date");--> statement-breakpoint
CREATE INDEX "assistant_exchanges_destination_idx" ON "assistant_exchanges" USING btree ("destination_id","updated_date");--> statement-breakpoint
CREATE INDEX "assistant_exchanges_down_idx" ON "assistant_exchanges" USING btree ("updated_date") WHERE "assistant_exchanges"."down_count" > 0;--> statement-breakpoint
CREATE INDEX "assistant_messages_exchange_idx" ON "assistant_messages" USING btree ("exchange_id","created_date");--> statement-breakpoint
CREATE INDEX "assistant_messages_content_trgm" ON "assistant_messages" USING gin ("content" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "tour_guides_destination_key" ON "tour_guides" USING btree ("destination_id");