CREATE TABLE "analytics_visitor_days" (
	"day" date NOT NULL,
	"visitor" text NOT NULL,
	"offered" integer NOT NULL,
	CONSTRAINT "analytics_visitor_days_day_visitor_pk" PRIMARY KEY("day","visitor")
);
--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "approved_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "revision" jsonb;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "revision_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "revision_rejection" jsonb;--> statement-breakpoint
CREATE INDEX "stories_revision_idx" ON "stories" USING btree ("revision_date") WHERE "stories"."revision_date" is not null;--> statement-breakpoint
-- Stories approved before revisions existed were approved when they were published.
UPDATE "stories" SET "approved_date" = "published_date" WHERE "status" = 'approved';--> statement-breakpoint
-- Honest counters (written by hand; see modules/reports/rollup.ts): the daily counters count
-- distinct visitors, once per listing and day. A listing's day whose raw events are kept is rebuilt
-- from them by that rule (only where it has counters: a deleted listing's are not brought back).
-- Older days keep their impressions and clicks (their raw events are gone) and take for `views`
-- their `visitors` row, which always counted the distinct visitors among the day's views: exactly
-- what views now count. The `visitors` metric is retired.
CREATE TABLE "counter_rebuild" AS
WITH once AS (
  SELECT DISTINCT "subject_id", "subject_kind", "day", "type", "visitor",
    CASE WHEN "type" = 'click' THEN "target" END AS target,
    CASE WHEN "type" = 'click' AND "target" IN ('hotel', 'promotion')
      THEN coalesce("ref", '00000000-0000-0000-0000-000000000000'::uuid)
      ELSE '00000000-0000-0000-0000-000000000000'::uuid END AS ref
  FROM "analytics_events"
)
SELECT "subject_id", "subject_kind", "day", "type" || 's' AS metric,
       '00000000-0000-0000-0000-000000000000'::uuid AS ref, count(*)::int AS count
  FROM once GROUP BY "subject_id", "subject_kind", "day", "type"
UNION ALL
SELECT "subject_id", "subject_kind", "day", 'clicks.' || target, ref, count(*)::int
  FROM once WHERE "type" = 'click' GROUP BY "subject_id", "subject_kind", "day", target, ref;
--> statement-breakpoint
DELETE FROM "counter_rebuild" AS c
 WHERE NOT EXISTS (SELECT 1 FROM "analytics_daily" AS d
                    WHERE d."subject_id" = c."subject_id" AND d."day" = c."day");
--> statement-breakpoint
DELETE FROM "analytics_daily" AS d
 WHERE (d."metric" IN ('views', 'visitors', 'impressions', 'clicks') OR d."metric" LIKE 'clicks.%')
   AND EXISTS (SELECT 1 FROM "counter_rebuild" AS c
                WHERE c."subject_id" = d."subject_id" AND c."day" = d."day");
--> statement-breakpoint
INSERT INTO "analytics_daily" ("subject_id", "subject_kind", "day", "metric", "ref", "count")
SELECT "subject_id", "subject_kind", "day", "metric", "ref", "count" FROM "counter_rebuild";
--> statement-breakpoint
DROP TABLE "counter_rebuild";
--> statement-breakpoint
UPDATE "analytics_daily" AS v SET "count" = u."count"
  FROM "analytics_daily" AS u
 WHERE v."metric" = 'views' AND u."metric" = 'visitors'
   AND u."subject_id" = v."subject_id" AND u."day" = v."day" AND u."ref" = v."ref";
--> statement-breakpoint
DELETE FROM "analytics_daily" WHERE "metric" = 'visitors';
