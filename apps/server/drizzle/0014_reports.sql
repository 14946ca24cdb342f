CREATE TABLE "analytics_batches" (
	"batch_id" uuid PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_daily" (
	"subject_id" uuid NOT NULL,
	"subject_kind" text NOT NULL,
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"ref" uuid DEFAULT '00000000-0000-0000-0000-000000000000'::uuid NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "analytics_daily_subject_id_day_metric_ref_pk" PRIMARY KEY("subject_id","day","metric","ref")
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "analytics_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"day" date NOT NULL,
	"subject_kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"type" text NOT NULL,
	"target" text,
	"ref" uuid,
	"visitor" text NOT NULL,
	"batch_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_standings" (
	"board" text NOT NULL,
	"metric" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"value" double precision NOT NULL,
	"national_rank" integer NOT NULL,
	"national_of" integer NOT NULL,
	"region" text,
	"region_rank" integer,
	"region_of" integer,
	"state" text,
	"state_rank" integer,
	"state_of" integer,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_standings_board_metric_subject_id_pk" PRIMARY KEY("board","metric","subject_id")
);
--> statement-breakpoint
CREATE INDEX "analytics_batches_received_idx" ON "analytics_batches" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "analytics_daily_kind_metric_day_idx" ON "analytics_daily" USING btree ("subject_kind","metric","day");--> statement-breakpoint
CREATE INDEX "analytics_events_day_subject_idx" ON "analytics_events" USING btree ("day","subject_id");--> statement-breakpoint
CREATE INDEX "report_standings_national_idx" ON "report_standings" USING btree ("board","metric","national_rank");--> statement-breakpoint
CREATE INDEX "report_standings_state_idx" ON "report_standings" USING btree ("board","metric","state","state_rank");--> statement-breakpoint
CREATE INDEX "report_standings_region_idx" ON "report_standings" USING btree ("board","metric","region","region_rank");