CREATE TABLE "lead_status_counts" (
	"owner_id" uuid NOT NULL,
	"status" text NOT NULL,
	"leads" integer NOT NULL,
	CONSTRAINT "lead_status_counts_owner_id_status_pk" PRIMARY KEY("owner_id","status")
);
--> statement-breakpoint
-- Once per statement, over the rows it changed: each (listing, status) gets the statement's
-- difference, added under the row's lock (exact when statements run at once), in key order (two
-- publishes to the same listings never lock each other's rows the other way round).
CREATE FUNCTION lead_status_counts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO lead_status_counts AS c (owner_id, status, leads)
    SELECT n.owner_id, n.status, count(*)::int FROM changed_new n
     GROUP BY n.owner_id, n.status ORDER BY n.owner_id, n.status
    ON CONFLICT (owner_id, status) DO UPDATE SET leads = c.leads + excluded.leads;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO lead_status_counts AS c (owner_id, status, leads)
    SELECT o.owner_id, o.status, -count(*)::int FROM changed_old o
     GROUP BY o.owner_id, o.status ORDER BY o.owner_id, o.status
    ON CONFLICT (owner_id, status) DO UPDATE SET leads = c.leads + excluded.leads;
    -- A deleted listing's rows (its leads went by cascade) go with their last lead.
    DELETE FROM lead_status_counts c
     WHERE c.leads = 0 AND c.owner_id IN (SELECT o.owner_id FROM changed_old o);
  ELSE
    INSERT INTO lead_status_counts AS c (owner_id, status, leads)
    SELECT d.owner_id, d.status, sum(d.change)::int
      FROM (SELECT o.owner_id, o.status, -1 AS change
              FROM changed_old o JOIN changed_new n ON n.id = o.id
             WHERE (o.owner_id, o.status) IS DISTINCT FROM (n.owner_id, n.status)
            UNION ALL
            SELECT n.owner_id, n.status, 1
              FROM changed_old o JOIN changed_new n ON n.id = o.id
             WHERE (o.owner_id, o.status) IS DISTINCT FROM (n.owner_id, n.status)) d
     GROUP BY d.owner_id, d.status HAVING sum(d.change) <> 0 ORDER BY d.owner_id, d.status
    ON CONFLICT (owner_id, status) DO UPDATE SET leads = c.leads + excluded.leads;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER event_leads_status_counts_insert AFTER INSERT ON event_leads
  REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION lead_status_counts_changed();
--> statement-breakpoint
CREATE TRIGGER event_leads_status_counts_update AFTER UPDATE ON event_leads
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION lead_status_counts_changed();
--> statement-breakpoint
CREATE TRIGGER event_leads_status_counts_delete AFTER DELETE ON event_leads
  REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION lead_status_counts_changed();
--> statement-breakpoint
-- The leads so far.
INSERT INTO lead_status_counts (owner_id, status, leads)
SELECT owner_id, status, count(*)::int FROM event_leads GROUP BY owner_id, status;
