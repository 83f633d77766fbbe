ALTER TABLE "customer_groups" ADD COLUMN "foodcourts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_groups" ADD COLUMN "restaurants" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "customer_groups" SET "foodcourts" = coalesce("rule"->'foodcourts', '[]'::jsonb), "restaurants" = coalesce("rule"->'restaurants', '[]'::jsonb) WHERE "rule" IS NOT NULL;
