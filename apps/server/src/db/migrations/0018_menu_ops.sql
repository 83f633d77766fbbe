CREATE TABLE "item_plu_codes" (
	"foodid" text PRIMARY KEY NOT NULL,
	"restaurant" text NOT NULL,
	"plu" text NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_clones" (
	"id" text PRIMARY KEY NOT NULL,
	"source_restaurant" text NOT NULL,
	"mode" text NOT NULL,
	"trigger" text DEFAULT 'manual' NOT NULL,
	"include" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"targets" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"results" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" text NOT NULL,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_sync_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" text NOT NULL,
	"target_id" integer NOT NULL,
	"target_name" text NOT NULL,
	"kind" text NOT NULL,
	"restaurant" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"item_count" integer DEFAULT 0 NOT NULL,
	"request_bytes" integer DEFAULT 0 NOT NULL,
	"response_status" integer,
	"response_excerpt" text DEFAULT '' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_by" text NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_sync_targets" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"url" text NOT NULL,
	"auth_header" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"restaurants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "production_plan_lines" (
	"plan_id" integer NOT NULL,
	"foodid" text NOT NULL,
	"foodname" text NOT NULL,
	"proposed" numeric(12, 3) DEFAULT '0' NOT NULL,
	"planned" numeric(12, 3) DEFAULT '0' NOT NULL,
	"history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "production_plan_lines_plan_id_foodid_pk" PRIMARY KEY("plan_id","foodid")
);
--> statement-breakpoint
CREATE TABLE "production_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant" text NOT NULL,
	"plan_date" date NOT NULL,
	"session" text DEFAULT 'all_day' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"lookback_weeks" integer DEFAULT 4 NOT NULL,
	"method" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "item_plu_codes" ADD CONSTRAINT "item_plu_codes_foodid_food_items_foodid_fk" FOREIGN KEY ("foodid") REFERENCES "public"."food_items"("foodid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_plan_lines" ADD CONSTRAINT "production_plan_lines_plan_id_production_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."production_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "item_plu_codes_restaurant_plu" ON "item_plu_codes" USING btree ("restaurant",lower("plu"));--> statement-breakpoint
CREATE INDEX "menu_clones_source_idx" ON "menu_clones" USING btree ("source_restaurant","created_at");--> statement-breakpoint
CREATE INDEX "menu_sync_runs_restaurant_idx" ON "menu_sync_runs" USING btree ("restaurant","created_at");--> statement-breakpoint
CREATE INDEX "menu_sync_runs_job_idx" ON "menu_sync_runs" USING btree ("job_id");--> statement-breakpoint
CREATE UNIQUE INDEX "menu_sync_targets_name" ON "menu_sync_targets" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "production_plans_key" ON "production_plans" USING btree ("restaurant","plan_date","session");