CREATE INDEX "profiles_search_vector_others" ON "profiles" USING gin (search_vector) WHERE kind <> 'facility';--> statement-breakpoint
CREATE INDEX "profiles_name_trgm_others" ON "profiles" USING gin ("name" gin_trgm_ops) WHERE kind <> 'facility';--> statement-breakpoint
CREATE INDEX "profiles_city_trgm_others" ON "profiles" USING gin ("city" gin_trgm_ops) WHERE kind <> 'facility';