CREATE TABLE "cashiers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"foodcourt" text NOT NULL,
	"counter_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"pin_hash" text NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "counter_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "counters" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"foodcourt" text NOT NULL,
	"restaurant" text,
	"counter_type" text NOT NULL,
	"template_id" integer,
	"settings" jsonb NOT NULL,
	"flags" jsonb NOT NULL,
	"saved_flags" jsonb,
	"hidden" boolean DEFAULT false NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"counter_id" integer NOT NULL,
	"name" text NOT NULL,
	"device_type" text NOT NULL,
	"licence_status" integer DEFAULT 0 NOT NULL,
	"pairing_code_hash" text,
	"pairing_expires_at" timestamp with time zone,
	"token_hash" text,
	"paired_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"online" boolean DEFAULT false NOT NULL,
	"app_version" text DEFAULT '' NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cashiers" ADD CONSTRAINT "cashiers_foodcourt_foodcourts_foodcourt_fk" FOREIGN KEY ("foodcourt") REFERENCES "public"."foodcourts"("foodcourt") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counters" ADD CONSTRAINT "counters_foodcourt_foodcourts_foodcourt_fk" FOREIGN KEY ("foodcourt") REFERENCES "public"."foodcourts"("foodcourt") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counters" ADD CONSTRAINT "counters_restaurant_restaurants_restaurant_fk" FOREIGN KEY ("restaurant") REFERENCES "public"."restaurants"("restaurant") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counters" ADD CONSTRAINT "counters_template_id_counter_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."counter_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_counter_id_counters_id_fk" FOREIGN KEY ("counter_id") REFERENCES "public"."counters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cashiers_foodcourt_idx" ON "cashiers" USING btree ("foodcourt","name");--> statement-breakpoint
CREATE INDEX "counters_foodcourt_idx" ON "counters" USING btree ("foodcourt","name");--> statement-breakpoint
CREATE INDEX "counters_template_idx" ON "counters" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "devices_counter_idx" ON "devices" USING btree ("counter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_pairing_code_key" ON "devices" USING btree ("pairing_code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_token_key" ON "devices" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "devices_online_idx" ON "devices" USING btree ("online","last_seen_at");