CREATE TABLE "classifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_classifications" (
	"foodid" text NOT NULL,
	"classification_id" integer NOT NULL,
	"kind" text NOT NULL,
	"assigned_by" text,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_classifications_foodid_classification_id_pk" PRIMARY KEY("foodid","classification_id")
);
--> statement-breakpoint
CREATE TABLE "snoozes" (
	"restaurant" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "snoozes_restaurant_target_type_target_id_pk" PRIMARY KEY("restaurant","target_type","target_id")
);
--> statement-breakpoint
CREATE TABLE "stock_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"foodid" text NOT NULL,
	"restaurant" text NOT NULL,
	"entry_type" text NOT NULL,
	"quantity" numeric(12, 3) NOT NULL,
	"balance_after" numeric(12, 3) NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"ref" text,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_levels" (
	"foodid" text PRIMARY KEY NOT NULL,
	"restaurant" text NOT NULL,
	"on_hand" numeric(12, 3) DEFAULT '0' NOT NULL,
	"low_threshold" numeric(12, 3),
	"sold_out" boolean DEFAULT false NOT NULL,
	"last_entry_id" integer,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "item_classifications" ADD CONSTRAINT "item_classifications_foodid_food_items_foodid_fk" FOREIGN KEY ("foodid") REFERENCES "public"."food_items"("foodid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_classifications" ADD CONSTRAINT "item_classifications_classification_id_classifications_id_fk" FOREIGN KEY ("classification_id") REFERENCES "public"."classifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_foodid_food_items_foodid_fk" FOREIGN KEY ("foodid") REFERENCES "public"."food_items"("foodid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "classifications_name_key" ON "classifications" USING btree ("kind",lower("name"));--> statement-breakpoint
CREATE INDEX "item_classifications_classification_idx" ON "item_classifications" USING btree ("classification_id");--> statement-breakpoint
CREATE UNIQUE INDEX "item_classifications_single_kind" ON "item_classifications" USING btree ("foodid","kind") WHERE "item_classifications"."kind" in ('sales_category', 'accounting_group');--> statement-breakpoint
CREATE INDEX "snoozes_until_idx" ON "snoozes" USING btree ("until");--> statement-breakpoint
CREATE INDEX "stock_ledger_item_idx" ON "stock_ledger" USING btree ("foodid","id");--> statement-breakpoint
CREATE INDEX "stock_ledger_restaurant_idx" ON "stock_ledger" USING btree ("restaurant","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_ledger_ref_key" ON "stock_ledger" USING btree ("foodid","entry_type","ref") WHERE "stock_ledger"."ref" is not null;--> statement-breakpoint
CREATE INDEX "stock_levels_restaurant_idx" ON "stock_levels" USING btree ("restaurant");