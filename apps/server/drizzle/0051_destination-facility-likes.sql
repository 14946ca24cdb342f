-- A destination's facilities most liked first, then by name (issue 49): each link keeps copies of
-- its facility's likes and name, so the page walks facility_destinations_likes_idx and stops at
-- its end. They are kept here, by triggers, as event_leads keeps its names (0029): the facility's
-- count changes with every like, and a link takes what its facility has when it is made.
ALTER TABLE "facility_destinations" ADD COLUMN "like_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "facility_destinations" ADD COLUMN "facility_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "facility_destinations" l SET "like_count" = p."like_count", "facility_name" = p."name"
  FROM "profiles" p WHERE p."id" = l."facility_id";--> statement-breakpoint
CREATE INDEX "facility_destinations_likes_idx" ON "facility_destinations" USING btree ("destination_id","like_count" DESC NULLS FIRST,"facility_name","facility_id");--> statement-breakpoint
CREATE FUNCTION facility_destinations_copies() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  facility record;
BEGIN
  -- FOR SHARE: a like or a rename of the facility meanwhile waits for this link, then updates it.
  SELECT p.like_count, p.name INTO facility FROM profiles p WHERE p.id = NEW.facility_id FOR SHARE;
  -- No such facility: the row keeps its defaults, and the foreign key refuses it as it would.
  IF FOUND THEN
    NEW.like_count := facility.like_count;
    NEW.facility_name := facility.name;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER facility_destinations_copies
  BEFORE INSERT OR UPDATE OF facility_id, like_count, facility_name ON facility_destinations
  FOR EACH ROW EXECUTE FUNCTION facility_destinations_copies();
--> statement-breakpoint
CREATE FUNCTION profiles_destination_copies() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE facility_destinations SET like_count = NEW.like_count, facility_name = NEW.name
    WHERE facility_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER profiles_destination_copies AFTER UPDATE OF like_count, name ON profiles
  FOR EACH ROW
  WHEN (OLD.like_count IS DISTINCT FROM NEW.like_count OR OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION profiles_destination_copies();
