CREATE TABLE "lead_response_times" (
	"owner_id" uuid PRIMARY KEY NOT NULL,
	"median_ms" double precision NOT NULL,
	"answered" integer NOT NULL
);
--> statement-breakpoint
-- A lead's time to first answer in ms: the one definition, for the kept medians below and the
-- lead stats' median over a filter (rfps/repository.ts).
CREATE FUNCTION lead_response_ms(first_response_date timestamptz, created_date timestamptz)
RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT extract(epoch from (first_response_date - created_date)) * 1000 $$;
--> statement-breakpoint
-- Recomputes these listings' rows of lead_response_times from their answered leads. One listing
-- at a time, in id order, under a lock of its own: a transaction answering a lead of the same
-- listing waits here until this one commits, then recounts with its answer in.
CREATE FUNCTION lead_response_times_refresh(owners uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  owner uuid;
  kept record;
BEGIN
  FOR owner IN SELECT DISTINCT o FROM unnest(owners) o WHERE o IS NOT NULL ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock(hashtextextended('lead_response_times:' || owner::text, 0));
    SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY lead_response_ms(l.first_response_date, l.created_date)) AS ms,
           count(*)::int AS n
      INTO kept
      FROM event_leads l
     WHERE l.owner_id = owner AND l.first_response_date IS NOT NULL;
    IF kept.n = 0 THEN
      DELETE FROM lead_response_times WHERE owner_id = owner;
    ELSE
      INSERT INTO lead_response_times (owner_id, median_ms, answered) VALUES (owner, kept.ms, kept.n)
      ON CONFLICT (owner_id) DO UPDATE SET median_ms = excluded.median_ms, answered = excluded.answered;
    END IF;
  END LOOP;
END $$;
--> statement-breakpoint
-- Once per statement, over the rows it changed: the listings whose answered leads it added,
-- removed or changed. A publish (new leads, none answered) finds none and does nothing more.
CREATE FUNCTION lead_response_times_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM lead_response_times_refresh(array(
      SELECT n.owner_id FROM changed_new n WHERE n.first_response_date IS NOT NULL));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM lead_response_times_refresh(array(
      SELECT o.owner_id FROM changed_old o WHERE o.first_response_date IS NOT NULL));
  ELSE
    PERFORM lead_response_times_refresh(array(
      SELECT unnest(array[o.owner_id, n.owner_id])
        FROM changed_old o JOIN changed_new n ON n.id = o.id
       WHERE (o.first_response_date IS NOT NULL OR n.first_response_date IS NOT NULL)
         AND (o.first_response_date IS DISTINCT FROM n.first_response_date
              OR o.created_date IS DISTINCT FROM n.created_date
              OR o.owner_id IS DISTINCT FROM n.owner_id)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER event_leads_response_times_insert AFTER INSERT ON event_leads
  REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION lead_response_times_changed();
--> statement-breakpoint
CREATE TRIGGER event_leads_response_times_update AFTER UPDATE ON event_leads
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION lead_response_times_changed();
--> statement-breakpoint
CREATE TRIGGER event_leads_response_times_delete AFTER DELETE ON event_leads
  REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION lead_response_times_changed();
--> statement-breakpoint
-- The leads answered so far.
INSERT INTO lead_response_times (owner_id, median_ms, answered)
SELECT owner_id,
       percentile_cont(0.5) WITHIN GROUP (ORDER BY lead_response_ms(first_response_date, created_date)),
       count(*)::int
  FROM event_leads
 WHERE first_response_date IS NOT NULL
 GROUP BY owner_id;
