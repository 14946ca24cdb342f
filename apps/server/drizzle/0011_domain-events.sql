CREATE TABLE "domain_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"available_date" timestamp with time zone DEFAULT now() NOT NULL,
	"dispatched_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "event_deliveries" (
	"event_id" uuid NOT NULL,
	"subscriber" text NOT NULL,
	"delivered_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_deliveries_event_id_subscriber_pk" PRIMARY KEY("event_id","subscriber")
);
--> statement-breakpoint
CREATE INDEX "domain_events_waiting_idx" ON "domain_events" USING btree ("available_date") WHERE "domain_events"."dispatched_date" is null;--> statement-breakpoint
CREATE INDEX "domain_events_dispatched_idx" ON "domain_events" USING btree ("dispatched_date");--> statement-breakpoint
CREATE INDEX "event_deliveries_date_idx" ON "event_deliveries" USING btree ("delivered_date");