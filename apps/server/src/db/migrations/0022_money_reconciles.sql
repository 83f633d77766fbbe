ALTER TABLE "order_lines" ADD COLUMN "tax_rate" numeric(6, 3) DEFAULT '0' NOT NULL;--> statement-breakpoint
-- Lines received before the rate was kept: worked out from the tax and the price without it, snapped to 0.5 % (core's lineTaxRate).
UPDATE "order_lines" SET "tax_rate" = round(("tax" / ("line_total" - "tax")) * 100 / 0.5) * 0.5
  WHERE "tax" <> 0 AND "line_total" > "tax";--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "business_date" date;--> statement-breakpoint
UPDATE "order_payments" p SET "business_date" = o."business_date" FROM "orders" o WHERE o."id" = p."order_id";--> statement-breakpoint
ALTER TABLE "order_payments" ALTER COLUMN "business_date" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_daily_items" ADD COLUMN "tax_rate" numeric(6, 3) DEFAULT '0' NOT NULL;--> statement-breakpoint
-- The rollups count paid cancelled orders as sales now and key items by tax rate: rebuilt at the next start.
DELETE FROM "app_state" WHERE "key" = 'sales_rollups_built' OR "key" LIKE 'sales_rollups_compacted:%';
--> statement-breakpoint
-- The closed days of a restaurant from a date on, read after a shared lock on the restaurant's days: a day being
-- closed holds the exclusive lock while it sums its Z, so a refund, a late payment or a new order either lands
-- before the Z is summed or sees the day closed (a volatile SQL function reads with a fresh snapshot per statement).
CREATE OR REPLACE FUNCTION cd_closed_days_from(r text, d date) RETURNS text[] LANGUAGE sql VOLATILE AS $$
  SELECT pg_advisory_xact_lock_shared(hashtext('cd_day:' || r));
  SELECT coalesce(array_agg(business_date::text ORDER BY business_date), '{}'::text[])
    FROM day_ends WHERE restaurant = r AND state = 'closed' AND business_date >= d;
$$;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION cd_closed_days_from(text, date) TO cd_scoped;--> statement-breakpoint
CREATE INDEX "order_payments_business_date_idx" ON "order_payments" USING btree ("business_date");--> statement-breakpoint
CREATE INDEX "refunds_business_date_idx" ON "refunds" USING btree ("business_date");
