CREATE TABLE "paths" (
	"id" serial PRIMARY KEY NOT NULL,
	"pathid" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paths_pathid_unique" UNIQUE("pathid")
);
--> statement-breakpoint
DROP INDEX "restaurants_foodcourt_idx";--> statement-breakpoint
ALTER TABLE "foodcourts" ADD COLUMN "updated_by" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "updated_by" text;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "restid" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "status" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "type" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "hide_restaurant" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "thumbnail" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "details" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "updated_by" text;--> statement-breakpoint
CREATE INDEX "restaurants_name_idx" ON "restaurants" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "restaurants_client_idx" ON "restaurants" USING btree ("client");--> statement-breakpoint
CREATE INDEX "restaurants_foodcourt_idx" ON "restaurants" USING btree ("foodcourt","name");