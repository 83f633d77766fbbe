CREATE TABLE "day_end_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"restaurant" text NOT NULL,
	"business_date" date NOT NULL,
	"action" text NOT NULL,
	"actor" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"totals" jsonb
);
--> statement-breakpoint
CREATE TABLE "day_ends" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant" text NOT NULL,
	"business_date" date NOT NULL,
	"state" text NOT NULL,
	"totals" jsonb NOT NULL,
	"count" jsonb,
	"note" text DEFAULT '' NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" text,
	"reopened_at" timestamp with time zone,
	"reopened_by" text,
	"reopen_reason" text DEFAULT '' NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sap_postings" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant" text NOT NULL,
	"business_date" date NOT NULL,
	"kind" text NOT NULL,
	"reverses" integer,
	"reversed_by" integer,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"documents" integer DEFAULT 0 NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"debit" numeric(16, 3) DEFAULT '0' NOT NULL,
	"credit" numeric(16, 3) DEFAULT '0' NOT NULL,
	"currency" text DEFAULT '' NOT NULL,
	"content" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sap_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"priority" integer DEFAULT 100 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"kind" text NOT NULL,
	"client" text DEFAULT '' NOT NULL,
	"foodcourt" text DEFAULT '' NOT NULL,
	"restaurant" text DEFAULT '' NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"tax_rate" numeric(6, 3),
	"tender" text DEFAULT '' NOT NULL,
	"channel" text DEFAULT '' NOT NULL,
	"gl_account" text NOT NULL,
	"cost_center" text DEFAULT '' NOT NULL,
	"profit_center" text DEFAULT '' NOT NULL,
	"tax_code" text DEFAULT '' NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "day_end_logs_restaurant_idx" ON "day_end_logs" USING btree ("restaurant","business_date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "day_ends_day_key" ON "day_ends" USING btree ("restaurant","business_date");--> statement-breakpoint
CREATE INDEX "sap_postings_day_idx" ON "sap_postings" USING btree ("restaurant","business_date","id");--> statement-breakpoint
CREATE INDEX "sap_rules_kind_idx" ON "sap_rules" USING btree ("kind","priority");