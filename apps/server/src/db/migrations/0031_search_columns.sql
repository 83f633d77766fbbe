-- Searches by the start of an order number, a customer reference or an invoice number (the order history, refunds,
-- invoices, go to anywhere) as ranges over lower-cased copies of the columns (docs/decisions.md "Searches a scoped
-- user can afford (issue 36)"): under row-level security `lower(x) LIKE 'abc%'` is not leakproof, so a scoped
-- caller's search read every order of their sites before matching. A plain column compared with constants is, and
-- uses its index. The four indexes the old forms used (lower() with text_pattern_ops; the code-point copies of the
-- raw columns go to anywhere matched in three case variants) give way to two: ingest writes fewer indexes.
ALTER TABLE "orders" ADD COLUMN "order_number_lc" text GENERATED ALWAYS AS (lower("order_number")) STORED;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_ref_lc" text GENERATED ALWAYS AS (lower("customer_ref")) STORED;
--> statement-breakpoint
CREATE INDEX "orders_number_lc_idx" ON "orders" USING btree ("order_number_lc" COLLATE "C");
--> statement-breakpoint
CREATE INDEX "orders_customer_lc_idx" ON "orders" USING btree ("customer_ref_lc" COLLATE "C");
--> statement-breakpoint
DROP INDEX IF EXISTS "orders_number_search_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "orders_customer_search_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "orders_number_c_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "orders_customer_c_idx";
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "number_lc" text GENERATED ALWAYS AS (lower("number")) STORED;
--> statement-breakpoint
CREATE INDEX "invoices_number_lc_idx" ON "invoices" USING btree ("number_lc" COLLATE "C");
--> statement-breakpoint
DROP INDEX IF EXISTS "invoices_number_search_idx";
