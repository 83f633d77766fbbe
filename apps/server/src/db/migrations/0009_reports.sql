CREATE TABLE "report_embeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"client" text NOT NULL,
	"name" text NOT NULL,
	"provider" text NOT NULL,
	"site_url" text NOT NULL,
	"resource" text DEFAULT '' NOT NULL,
	"secret" text DEFAULT '' NOT NULL,
	"created_by" text NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"userid" text NOT NULL,
	"report" text NOT NULL,
	"label" text NOT NULL,
	"period" text NOT NULL,
	"frequency" text NOT NULL,
	"weekday" integer DEFAULT 1 NOT NULL,
	"hour" integer DEFAULT 6 NOT NULL,
	"format" text NOT NULL,
	"email" text NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_daily" (
	"seq" bigserial NOT NULL,
	"business_date" date NOT NULL,
	"restaurant" text NOT NULL,
	"foodcourt" text NOT NULL,
	"currency" text NOT NULL,
	"session" text NOT NULL,
	"channel" text NOT NULL,
	"order_type" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL,
	"items" integer DEFAULT 0 NOT NULL,
	"gross" numeric(16, 3) DEFAULT '0' NOT NULL,
	"discount" numeric(16, 3) DEFAULT '0' NOT NULL,
	"charges" numeric(16, 3) DEFAULT '0' NOT NULL,
	"tax" numeric(16, 3) DEFAULT '0' NOT NULL,
	"refunds" numeric(16, 3) DEFAULT '0' NOT NULL,
	"refund_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_daily_items" (
	"seq" bigserial NOT NULL,
	"business_date" date NOT NULL,
	"restaurant" text NOT NULL,
	"foodcourt" text NOT NULL,
	"currency" text NOT NULL,
	"session" text NOT NULL,
	"channel" text NOT NULL,
	"foodid" text NOT NULL,
	"name" text NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"gross" numeric(16, 3) DEFAULT '0' NOT NULL,
	"tax" numeric(16, 3) DEFAULT '0' NOT NULL,
	"refunded_quantity" integer DEFAULT 0 NOT NULL,
	"refunds" numeric(16, 3) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_daily_options" (
	"seq" bigserial NOT NULL,
	"business_date" date NOT NULL,
	"restaurant" text NOT NULL,
	"foodcourt" text NOT NULL,
	"currency" text NOT NULL,
	"session" text NOT NULL,
	"channel" text NOT NULL,
	"foodid" text NOT NULL,
	"option_group" text NOT NULL,
	"option_name" text NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"gross" numeric(16, 3) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_daily_tenders" (
	"seq" bigserial NOT NULL,
	"business_date" date NOT NULL,
	"restaurant" text NOT NULL,
	"foodcourt" text NOT NULL,
	"currency" text NOT NULL,
	"session" text NOT NULL,
	"channel" text NOT NULL,
	"tender" text NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL,
	"amount" numeric(16, 3) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "business_date" date DEFAULT current_date NOT NULL;--> statement-breakpoint
CREATE INDEX "report_embeds_client_idx" ON "report_embeds" USING btree ("client");--> statement-breakpoint
CREATE INDEX "report_subscriptions_due_idx" ON "report_subscriptions" USING btree ("next_run_at");--> statement-breakpoint
CREATE INDEX "report_subscriptions_user_idx" ON "report_subscriptions" USING btree ("userid");--> statement-breakpoint
CREATE INDEX "sales_daily_key_idx" ON "sales_daily" USING btree ("business_date","restaurant","currency","session","channel","order_type");--> statement-breakpoint
CREATE INDEX "sales_daily_restaurant_idx" ON "sales_daily" USING btree ("restaurant","business_date");--> statement-breakpoint
CREATE INDEX "sales_daily_seq_idx" ON "sales_daily" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "sales_daily_items_key_idx" ON "sales_daily_items" USING btree ("business_date","restaurant","currency","session","channel","foodid");--> statement-breakpoint
CREATE INDEX "sales_daily_items_restaurant_idx" ON "sales_daily_items" USING btree ("restaurant","business_date");--> statement-breakpoint
CREATE INDEX "sales_daily_items_seq_idx" ON "sales_daily_items" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "sales_daily_options_key_idx" ON "sales_daily_options" USING btree ("business_date","restaurant","currency","session","channel","foodid");--> statement-breakpoint
CREATE INDEX "sales_daily_options_seq_idx" ON "sales_daily_options" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "sales_daily_tenders_key_idx" ON "sales_daily_tenders" USING btree ("business_date","restaurant","currency","session","channel","tender");--> statement-breakpoint
CREATE INDEX "sales_daily_tenders_seq_idx" ON "sales_daily_tenders" USING btree ("seq");--> statement-breakpoint
UPDATE "refunds" SET "business_date" = GREATEST(("refunds"."created_at" AT TIME ZONE 'UTC')::date, "orders"."business_date") FROM "orders" WHERE "orders"."id" = "refunds"."order_id";
