ALTER TABLE "event_requirements" ADD COLUMN "budget" jsonb;--> statement-breakpoint
ALTER TABLE "event_requirements" ADD COLUMN "decision_date" date;--> statement-breakpoint
ALTER TABLE "event_requirements" ADD COLUMN "pricing" jsonb DEFAULT '{"spaces":false,"rooms":false,"extras":[]}'::jsonb NOT NULL;