ALTER TABLE "event_leads" ADD COLUMN "event_name" text;--> statement-breakpoint
ALTER TABLE "event_leads" ADD COLUMN "owner_name" text;--> statement-breakpoint
-- A lead's copies of its event's and its listing's names, whoever adds it (the app, the seed) or
-- points it elsewhere. The names are read under a share lock: a rename of either listing that has
-- not committed yet is waited for (and read after), and a rename that comes later waits for this
-- lead's transaction, then rewrites its copy below.
CREATE FUNCTION event_leads_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT p.name INTO NEW.event_name FROM profiles p WHERE p.id = NEW.event_id FOR SHARE;
  SELECT p.name INTO NEW.owner_name FROM profiles p WHERE p.id = NEW.owner_id FOR SHARE;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER event_leads_names_insert BEFORE INSERT ON event_leads
  FOR EACH ROW EXECUTE FUNCTION event_leads_names();
--> statement-breakpoint
CREATE TRIGGER event_leads_names_update BEFORE UPDATE OF event_id, owner_id ON event_leads
  FOR EACH ROW EXECUTE FUNCTION event_leads_names();
--> statement-breakpoint
-- A listing renamed: its leads' copies of its name, as an event and as the listing answering.
CREATE FUNCTION profiles_lead_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE event_leads SET event_name = NEW.name WHERE event_id = NEW.id;
  UPDATE event_leads SET owner_name = NEW.name WHERE owner_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER profiles_lead_names AFTER UPDATE OF name ON profiles
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION profiles_lead_names();
--> statement-breakpoint
-- The leads so far.
UPDATE event_leads l SET event_name = e.name, owner_name = o.name
  FROM profiles e, profiles o
 WHERE e.id = l.event_id AND o.id = l.owner_id;
