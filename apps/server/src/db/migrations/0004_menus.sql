CREATE TABLE "allergens" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"imageurl" text DEFAULT '' NOT NULL,
	"regulated" boolean DEFAULT false NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant" text NOT NULL,
	"name" text NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "food_item_submenus" (
	"foodid" text NOT NULL,
	"submenuid" text NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "food_item_submenus_foodid_submenuid_pk" PRIMARY KEY("foodid","submenuid")
);
--> statement-breakpoint
CREATE TABLE "food_items" (
	"foodid" text PRIMARY KEY NOT NULL,
	"restaurant" text NOT NULL,
	"foodname" text NOT NULL,
	"price" numeric(12, 3) DEFAULT '0' NOT NULL,
	"listofcategories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"vegflag" text DEFAULT 'V' NOT NULL,
	"hide_item" boolean DEFAULT false NOT NULL,
	"imageurl" text DEFAULT '' NOT NULL,
	"short_name" text DEFAULT '' NOT NULL,
	"extras" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"locked_field" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pricebook_food_items" (
	"path" integer NOT NULL,
	"foodid" text NOT NULL,
	"foodname" text NOT NULL,
	"price" numeric(12, 3) DEFAULT '0' NOT NULL,
	"tags" text DEFAULT '' NOT NULL,
	"enable_as_submenu" boolean DEFAULT false NOT NULL,
	"imageurl" text DEFAULT '' NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pricebook_food_items_path_foodid_pk" PRIMARY KEY("path","foodid")
);
--> statement-breakpoint
CREATE TABLE "pricebook_submenus" (
	"submenuid" text PRIMARY KEY NOT NULL,
	"path" integer NOT NULL,
	"submenuname" text NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"body" jsonb NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submenus" (
	"submenuid" text PRIMARY KEY NOT NULL,
	"restaurant" text NOT NULL,
	"title" text NOT NULL,
	"body" jsonb NOT NULL,
	"option_count" integer DEFAULT 0 NOT NULL,
	"all_linked" boolean DEFAULT false NOT NULL,
	"linked_foodids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_restaurant_restaurants_restaurant_fk" FOREIGN KEY ("restaurant") REFERENCES "public"."restaurants"("restaurant") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "food_item_submenus" ADD CONSTRAINT "food_item_submenus_foodid_food_items_foodid_fk" FOREIGN KEY ("foodid") REFERENCES "public"."food_items"("foodid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "food_item_submenus" ADD CONSTRAINT "food_item_submenus_submenuid_submenus_submenuid_fk" FOREIGN KEY ("submenuid") REFERENCES "public"."submenus"("submenuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "food_items" ADD CONSTRAINT "food_items_restaurant_restaurants_restaurant_fk" FOREIGN KEY ("restaurant") REFERENCES "public"."restaurants"("restaurant") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricebook_food_items" ADD CONSTRAINT "pricebook_food_items_path_paths_id_fk" FOREIGN KEY ("path") REFERENCES "public"."paths"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricebook_submenus" ADD CONSTRAINT "pricebook_submenus_path_paths_id_fk" FOREIGN KEY ("path") REFERENCES "public"."paths"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submenus" ADD CONSTRAINT "submenus_restaurant_restaurants_restaurant_fk" FOREIGN KEY ("restaurant") REFERENCES "public"."restaurants"("restaurant") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_restaurant_name_uq" ON "categories" USING btree ("restaurant",lower("name"));--> statement-breakpoint
CREATE INDEX "food_item_submenus_submenu_idx" ON "food_item_submenus" USING btree ("submenuid");--> statement-breakpoint
CREATE INDEX "food_items_restaurant_idx" ON "food_items" USING btree ("restaurant","sequence","foodid");--> statement-breakpoint
CREATE INDEX "food_items_name_idx" ON "food_items" USING btree ("restaurant",lower("foodname"));--> statement-breakpoint
CREATE INDEX "pricebook_food_items_name_idx" ON "pricebook_food_items" USING btree ("path",lower("foodname"));--> statement-breakpoint
CREATE UNIQUE INDEX "pricebook_submenus_name_uq" ON "pricebook_submenus" USING btree ("path",lower("submenuname"));--> statement-breakpoint
CREATE INDEX "pricebook_submenus_tags_idx" ON "pricebook_submenus" USING gin ("tags");--> statement-breakpoint
CREATE UNIQUE INDEX "submenus_restaurant_title_uq" ON "submenus" USING btree ("restaurant",lower("title"));--> statement-breakpoint
CREATE INDEX "submenus_linked_idx" ON "submenus" USING gin ("linked_foodids");--> statement-breakpoint
-- The 14 allergens EU/UK food law requires (core ALLERGEN_CATALOGUE).
INSERT INTO "allergens" ("code", "name", "regulated", "sequence") VALUES
  ('CY', 'Celery', true, 0),
  ('GN', 'Gluten', true, 1),
  ('CR', 'Crustaceans', true, 2),
  ('EG', 'Eggs', true, 3),
  ('FH', 'Fish', true, 4),
  ('LP', 'Lupin', true, 5),
  ('MK', 'Milk', true, 6),
  ('MS', 'Molluscs', true, 7),
  ('MD', 'Mustard', true, 8),
  ('NT', 'Tree nuts', true, 9),
  ('PT', 'Peanut', true, 10),
  ('SD', 'Sesame', true, 11),
  ('SA', 'Soya', true, 12),
  ('SP', 'Sulphites', true, 13)
ON CONFLICT ("code") DO NOTHING;
