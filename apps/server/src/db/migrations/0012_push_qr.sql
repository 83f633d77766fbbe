CREATE TABLE "push_settings" (
	"foodcourt" text PRIMARY KEY NOT NULL,
	"rules" jsonb NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qr_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"foodcourt" text NOT NULL,
	"restaurant" text,
	"target_type" text NOT NULL,
	"label" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "test_push_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "test_push_delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "push_settings" ADD CONSTRAINT "push_settings_foodcourt_foodcourts_foodcourt_fk" FOREIGN KEY ("foodcourt") REFERENCES "public"."foodcourts"("foodcourt") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD CONSTRAINT "qr_codes_foodcourt_foodcourts_foodcourt_fk" FOREIGN KEY ("foodcourt") REFERENCES "public"."foodcourts"("foodcourt") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD CONSTRAINT "qr_codes_restaurant_restaurants_restaurant_fk" FOREIGN KEY ("restaurant") REFERENCES "public"."restaurants"("restaurant") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "qr_codes_foodcourt_idx" ON "qr_codes" USING btree ("foodcourt","id");