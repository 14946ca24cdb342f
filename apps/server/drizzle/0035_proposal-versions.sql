CREATE TABLE "lead_proposal_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"proposal" jsonb NOT NULL,
	"submitted_by" uuid,
	"submitted_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_leads" ADD COLUMN "proposal_version" integer;--> statement-breakpoint
ALTER TABLE "event_leads" ADD COLUMN "accepted_version" integer;--> statement-breakpoint
ALTER TABLE "event_leads" ADD COLUMN "revision_request" jsonb;--> statement-breakpoint
ALTER TABLE "lead_proposal_versions" ADD CONSTRAINT "lead_proposal_versions_lead_id_event_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."event_leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_proposal_versions" ADD CONSTRAINT "lead_proposal_versions_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lead_proposal_versions_lead_version_key" ON "lead_proposal_versions" USING btree ("lead_id","version");--> statement-breakpoint
-- Every proposal sent before versions existed becomes its lead's version 1, as it was (nothing
-- lost); a lead already Won accepted that version.
INSERT INTO "lead_proposal_versions" ("lead_id", "version", "proposal", "submitted_date")
SELECT "id", 1, "proposal", COALESCE(("proposal"->>'submittedDate')::timestamptz, "updated_date")
FROM "event_leads" WHERE "proposal" IS NOT NULL;--> statement-breakpoint
UPDATE "event_leads" SET "proposal_version" = 1 WHERE "proposal" IS NOT NULL;--> statement-breakpoint
UPDATE "event_leads" SET "accepted_version" = 1 WHERE "proposal" IS NOT NULL AND "status" = 'Won';
