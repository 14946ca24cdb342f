ALTER TABLE "event_lead_history" ADD COLUMN "reason_code" text;--> statement-breakpoint
ALTER TABLE "event_leads" ADD COLUMN "status_reason_code" text;