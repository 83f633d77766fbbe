-- Scheduled menu changes (issue 36 point 3; docs/decisions.md "Scheduled menu changes (issue 36)"): a named set of
-- item edits (name, price, availability) of one restaurant, kept as a draft, scheduled for a time or published now.
-- Each entry keeps the live values it was made against (its base) so a live change since is a conflict, shown and
-- not overwritten. The publish writes the items, the set's status and its report in one transaction.
CREATE TABLE "menu_change_sets" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant" text NOT NULL REFERENCES "restaurants"("restaurant") ON DELETE CASCADE,
	"name" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"publish_at" timestamp with time zone,
	"entries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"published_at" timestamp with time zone,
	"report" jsonb,
	"created_by" text,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "menu_change_sets_restaurant_idx" ON "menu_change_sets" USING btree ("restaurant","updated_at");
--> statement-breakpoint
CREATE INDEX "menu_change_sets_due_idx" ON "menu_change_sets" USING btree ("publish_at") WHERE "status" = 'scheduled';
--> statement-breakpoint
-- Tenant scope like every menu table: a scoped caller reaches only its restaurants' change sets.
ALTER TABLE "menu_change_sets" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "menu_change_sets_scope" ON "menu_change_sets" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (restaurant = any ((select cd_scope('r'))::text[]))
  WITH CHECK (restaurant = any ((select cd_scope('r'))::text[]));
