-- Sports near a place (issue 49): each listing keeps a copy of its sports' names, and the GiST
-- index a radius search walks carries it, so "basketball within 100 miles" is answered from the
-- index alone, where each point it passed was looked up in profile_sports (4,952 lookups for the
-- capped count at a million facilities, half of the search's time). Not in the drizzle schema, as
-- search_vector is not (0045): no read of a profile carries it, only search's conditions name it.
-- PostgreSQL keeps it, by the triggers below, whoever writes a listing's sports.
ALTER TABLE "profiles" ADD COLUMN "sport_names" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
UPDATE "profiles" p SET "sport_names" = s.names
  FROM (SELECT "profile_id", array_agg("name" ORDER BY "name") AS names
        FROM "profile_sports" GROUP BY "profile_id") s
  WHERE s."profile_id" = p."id";--> statement-breakpoint
DROP INDEX "profiles_listed_earth_idx";--> statement-breakpoint
CREATE INDEX "profiles_listed_earth_idx" ON "profiles" USING gist ("kind",ll_to_earth("lat", "lng")) INCLUDE ("lat","lng","id","sport_names") WHERE status = 'approved' and is_active;--> statement-breakpoint
-- The listings whose copy a statement's changed rows (`changed`, its transition table) leave
-- wrong take their sports as they now are: an added sport their copy lacks, a removed one it
-- names, any row updated (a seed, which writes each copy with its listing, changes none). They
-- are locked first, in id order: two transactions changing one listing's sports take turns, and
-- the update, a statement of its own, then reads what the one before it committed. A copy that
-- already names the same sports, in whatever order, is not written.
CREATE FUNCTION profile_sport_names() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT c.profile_id) INTO ids
      FROM changed c JOIN profiles p ON p.id = c.profile_id
      WHERE NOT (c.name = ANY (p.sport_names));
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT c.profile_id) INTO ids
      FROM changed c JOIN profiles p ON p.id = c.profile_id
      WHERE c.name = ANY (p.sport_names);
  ELSE
    SELECT array_agg(DISTINCT c.profile_id) INTO ids FROM changed c;
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM profiles p WHERE p.id = ANY (ids) ORDER BY p.id FOR NO KEY UPDATE;
  UPDATE profiles p SET sport_names = n.names
    FROM (SELECT x.id,
                 coalesce((SELECT array_agg(s.name ORDER BY s.name) FROM profile_sports s
                           WHERE s.profile_id = x.id), '{}') AS names
          FROM unnest(ids) AS x(id)) n
    WHERE p.id = n.id AND NOT (p.sport_names @> n.names AND p.sport_names <@ n.names);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER profile_sport_names_insert AFTER INSERT ON profile_sports
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION profile_sport_names();
--> statement-breakpoint
CREATE TRIGGER profile_sport_names_delete AFTER DELETE ON profile_sports
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION profile_sport_names();
--> statement-breakpoint
-- An update may move a row to another listing or rename it: both sides' listings are refreshed.
CREATE TRIGGER profile_sport_names_update_old AFTER UPDATE ON profile_sports
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION profile_sport_names();
--> statement-breakpoint
CREATE TRIGGER profile_sport_names_update_new AFTER UPDATE ON profile_sports
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION profile_sport_names();
