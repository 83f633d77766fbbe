-- Saved views (issue 36 point 5): a named address query and column set of one list, kept by its owner for themself
-- or shared with a permission profile. A user "of" a permission profile is one it was last applied to
-- (users.permission_profile_id, set by applying the profile; docs/decisions.md "Saved views (issue 36)").
ALTER TABLE "users" ADD COLUMN "permission_profile_id" integer REFERENCES "permission_profiles"("id") ON DELETE SET NULL;
--> statement-breakpoint
CREATE TABLE "saved_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"clients" text[] DEFAULT '{}'::text[] NOT NULL,
	"owner_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"list_key" text NOT NULL,
	"name" text NOT NULL,
	"query" text DEFAULT '' NOT NULL,
	"columns" jsonb,
	"shared_with_profile" integer REFERENCES "permission_profiles"("id") ON DELETE SET NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_owner_name_key" ON "saved_views" USING btree ("owner_id","list_key",lower("name"));
--> statement-breakpoint
CREATE INDEX "saved_views_shared_idx" ON "saved_views" USING btree ("list_key","shared_with_profile") WHERE "shared_with_profile" IS NOT NULL;
--> statement-breakpoint
-- Tenant scope (0021's pattern for rows that name clients): a scoped caller reads a view of its clients, or one that
-- names none (made by an administrator, or by a user whose organisations hold no client yet); it writes only views
-- whose clients are all its own, and shares only a view that names at least one.
ALTER TABLE "saved_views" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "saved_views_scope_read" ON "saved_views" AS PERMISSIVE FOR SELECT TO cd_scoped
  USING (clients = '{}'::text[] or clients && (select cd_scope('c'))::text[]);
--> statement-breakpoint
CREATE POLICY "saved_views_scope_insert" ON "saved_views" AS PERMISSIVE FOR INSERT TO cd_scoped
  WITH CHECK (clients <@ (select cd_scope('c'))::text[] and (cardinality(clients) > 0 or shared_with_profile is null));
--> statement-breakpoint
CREATE POLICY "saved_views_scope_update" ON "saved_views" AS PERMISSIVE FOR UPDATE TO cd_scoped
  USING (clients <@ (select cd_scope('c'))::text[])
  WITH CHECK (clients <@ (select cd_scope('c'))::text[] and (cardinality(clients) > 0 or shared_with_profile is null));
--> statement-breakpoint
CREATE POLICY "saved_views_scope_delete" ON "saved_views" AS PERMISSIVE FOR DELETE TO cd_scoped
  USING (clients <@ (select cd_scope('c'))::text[]);
