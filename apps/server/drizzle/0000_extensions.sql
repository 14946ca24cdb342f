-- Radius search (earthdistance over cube) and fuzzy name search (pg_trgm), on PGlite and PostgreSQL alike.
CREATE EXTENSION IF NOT EXISTS cube;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
