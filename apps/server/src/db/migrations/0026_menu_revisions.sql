-- Menu change history (issue 36 point 2; docs/decisions.md "Menu history and revert (issue 36)"). Every insert,
-- update and delete of a menu item, a submenu, a category or a price-book price writes one revision row from a
-- trigger, so no writer (the editor, bulk uploads, clones, linked menus, picture imports, a future one) can forget
-- it. A revision keeps the whole row before and after (jsonb) and the columns that changed; an update that changes
-- only bookkeeping (version, updated_at, updated_by, created_at, sequence) writes none.
CREATE TABLE "menu_revisions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"restaurant" text,
	"entity" text NOT NULL,
	"record_id" text NOT NULL,
	"op" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"changed" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"actor" text,
	"reverted_from" bigint,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "menu_revisions_record_idx" ON "menu_revisions" USING btree ("entity","record_id","id");
--> statement-breakpoint
CREATE INDEX "menu_revisions_restaurant_idx" ON "menu_revisions" USING btree ("restaurant","at");
--> statement-breakpoint
CREATE INDEX "menu_revisions_at_idx" ON "menu_revisions" USING btree ("at");
--> statement-breakpoint
-- TG_ARGV[0]: item | submenu | category | price. The actor is the row's updated_by (every writer stamps it); a
-- delete names cd.actor when the transaction set it. A revert sets cd.revert_of to the revision it undoes.
CREATE OR REPLACE FUNCTION cd_menu_revision() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  b jsonb := CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE to_jsonb(OLD) END;
  a jsonb := CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE to_jsonb(NEW) END;
  r jsonb := coalesce(to_jsonb(NEW), to_jsonb(OLD));
  ch jsonb;
  rid text;
  rest text;
  who text;
BEGIN
  SELECT coalesce(jsonb_agg(k ORDER BY k), '[]'::jsonb) INTO ch
  FROM (SELECT jsonb_object_keys(r) AS k) keys
  WHERE k NOT IN ('version', 'updated_at', 'updated_by', 'created_at', 'sequence')
    AND (a -> k) IS DISTINCT FROM (b -> k);
  IF TG_OP = 'UPDATE' AND ch = '[]'::jsonb THEN
    RETURN NULL;
  END IF;
  IF TG_ARGV[0] = 'item' THEN
    rid := r ->> 'foodid';
    rest := r ->> 'restaurant';
  ELSIF TG_ARGV[0] = 'submenu' THEN
    rid := r ->> 'submenuid';
    rest := r ->> 'restaurant';
  ELSIF TG_ARGV[0] = 'category' THEN
    rid := r ->> 'id';
    rest := r ->> 'restaurant';
  ELSE
    rid := (r ->> 'path') || ':' || (r ->> 'foodid');
    SELECT f.restaurant INTO rest FROM food_items f WHERE f.foodid = r ->> 'foodid';
  END IF;
  who := CASE WHEN TG_OP = 'DELETE' THEN nullif(current_setting('cd.actor', true), '') ELSE a ->> 'updated_by' END;
  INSERT INTO menu_revisions (restaurant, entity, record_id, op, before, after, changed, actor, reverted_from)
  VALUES (rest, TG_ARGV[0], rid, lower(TG_OP), b, a, ch, who,
    nullif(current_setting('cd.revert_of', true), '')::bigint);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "food_items_revision" AFTER INSERT OR UPDATE OR DELETE ON "food_items"
  FOR EACH ROW EXECUTE FUNCTION cd_menu_revision('item');
--> statement-breakpoint
CREATE TRIGGER "submenus_revision" AFTER INSERT OR UPDATE OR DELETE ON "submenus"
  FOR EACH ROW EXECUTE FUNCTION cd_menu_revision('submenu');
--> statement-breakpoint
CREATE TRIGGER "categories_revision" AFTER INSERT OR UPDATE OR DELETE ON "categories"
  FOR EACH ROW EXECUTE FUNCTION cd_menu_revision('category');
--> statement-breakpoint
CREATE TRIGGER "pricebook_food_items_revision" AFTER INSERT OR UPDATE OR DELETE ON "pricebook_food_items"
  FOR EACH ROW EXECUTE FUNCTION cd_menu_revision('price');
--> statement-breakpoint
ALTER TABLE "menu_revisions" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "menu_revisions_scope" ON "menu_revisions" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (restaurant = any ((select cd_scope('r'))::text[]))
  WITH CHECK (restaurant = any ((select cd_scope('r'))::text[]));
