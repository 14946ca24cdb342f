CREATE TABLE "destination_crm_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"crm_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"trigger" text NOT NULL,
	"status" text NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "destination_crm_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"crm_id" uuid NOT NULL,
	"lead_id" uuid NOT NULL,
	"remote_id" text,
	"remote_refs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sent_hash" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "destination_crms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"destination_id" uuid NOT NULL,
	"connector" text NOT NULL,
	"name" text NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"url" text,
	"client_id" text,
	"secret_sealed" text NOT NULL,
	"secret_last4" text,
	"mapping" jsonb,
	"setup_status" text DEFAULT 'pending' NOT NULL,
	"setup_error" text,
	"last_sync_date" timestamp with time zone,
	"last_sync_status" text,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "destination_crm_logs" ADD CONSTRAINT "destination_crm_logs_crm_id_destination_crms_id_fk" FOREIGN KEY ("crm_id") REFERENCES "public"."destination_crms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "destination_crm_records" ADD CONSTRAINT "destination_crm_records_crm_id_destination_crms_id_fk" FOREIGN KEY ("crm_id") REFERENCES "public"."destination_crms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "destination_crms" ADD CONSTRAINT "destination_crms_destination_id_profiles_id_fk" FOREIGN KEY ("destination_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "destination_crm_logs_crm_idx" ON "destination_crm_logs" USING btree ("crm_id","created_date" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "destination_crm_records_crm_lead_key" ON "destination_crm_records" USING btree ("crm_id","lead_id");--> statement-breakpoint
CREATE INDEX "destination_crms_destination_idx" ON "destination_crms" USING btree ("destination_id","created_date");