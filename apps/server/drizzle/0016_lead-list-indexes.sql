DROP INDEX "event_leads_owner_idx";--> statement-breakpoint
CREATE INDEX "event_leads_owner_newest_idx" ON "event_leads" USING btree ("owner_id","created_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "event_leads_owner_idx" ON "event_leads" USING btree ("owner_id","status","created_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);