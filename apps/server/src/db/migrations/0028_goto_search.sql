-- Go to anywhere (issue 36 point 4, modules/goto): restaurants and menu items are found by the start of any word of
-- their name. GIN indexes on the names' words ('simple': no stemming, no stop words, the same in every language);
-- core PostgreSQL, so PGlite has them too (pg_trgm would need an extension). Orders and customers use the order
-- list's indexes on lower(order_number) and lower(customer_ref) (text_pattern_ops, migration 0007).
CREATE INDEX "food_items_name_words_idx" ON "food_items" USING gin (to_tsvector('simple'::regconfig, "foodname"));--> statement-breakpoint
CREATE INDEX "restaurants_name_words_idx" ON "restaurants" USING gin (to_tsvector('simple'::regconfig, "name"));
