-- Go to anywhere (issue 36 point 4, modules/goto). Restaurants and menu items are found by the start of any word of
-- their name: GIN indexes on the names' words ('simple': no stemming, no stop words, the same in every language);
-- core PostgreSQL, so PGlite has them too (pg_trgm would need an extension).
CREATE INDEX "food_items_name_words_idx" ON "food_items" USING gin (to_tsvector('simple'::regconfig, "foodname"));--> statement-breakpoint
CREATE INDEX "restaurants_name_words_idx" ON "restaurants" USING gin (to_tsvector('simple'::regconfig, "name"));--> statement-breakpoint
-- Orders by the start of their number and customers by the start of their reference, as ranges in code-point order.
-- Range comparisons are leakproof, so PostgreSQL reads them from these indexes under row-level security too; the
-- order list's lower(…) LIKE indexes (0007) are not used for scoped callers (lower and LIKE are not leakproof).
CREATE INDEX "orders_number_c_idx" ON "orders" USING btree ("order_number" COLLATE "C");--> statement-breakpoint
CREATE INDEX "orders_customer_c_idx" ON "orders" USING btree ("customer_ref" COLLATE "C");
