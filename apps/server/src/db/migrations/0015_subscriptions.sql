CREATE TABLE "subscription_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"sessions" jsonb NOT NULL,
	"days" jsonb NOT NULL,
	"serve_time" text DEFAULT '12:30' NOT NULL,
	"period" text DEFAULT 'month' NOT NULL,
	"price" numeric(12, 3) NOT NULL,
	"trial_days" integer DEFAULT 0 NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"customer_ref" text NOT NULL,
	"start_date" date NOT NULL,
	"trial_ends" date,
	"paused_from" date,
	"paused_until" date,
	"cancelled_from" date,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "subscription_id" integer;--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD CONSTRAINT "subscription_plans_restaurant_restaurants_restaurant_fk" FOREIGN KEY ("restaurant") REFERENCES "public"."restaurants"("restaurant") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscriptions_plan_idx" ON "subscriptions" USING btree ("plan_id","customer_ref");--> statement-breakpoint
CREATE INDEX "subscriptions_customer_idx" ON "subscriptions" USING btree ("customer_ref");--> statement-breakpoint
CREATE INDEX "orders_subscription_idx" ON "orders" USING btree ("subscription_id") WHERE "orders"."subscription_id" is not null;