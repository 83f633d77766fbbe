CREATE TABLE "campaign_recipients" (
	"campaign_id" integer NOT NULL,
	"customer_ref" text NOT NULL,
	"arm" text NOT NULL,
	"status" text NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	CONSTRAINT "campaign_recipients_campaign_id_customer_ref_pk" PRIMARY KEY("campaign_id","customer_ref")
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"channel" text NOT NULL,
	"group_id" integer NOT NULL,
	"offer_id" integer,
	"subject" text DEFAULT '' NOT NULL,
	"message" text NOT NULL,
	"send_at" timestamp with time zone,
	"control_pct" integer DEFAULT 10 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"sent_at" timestamp with time zone,
	"reached" integer DEFAULT 0 NOT NULL,
	"unreachable" integer DEFAULT 0 NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_group_members" (
	"group_id" integer NOT NULL,
	"customer_ref" text NOT NULL,
	CONSTRAINT "customer_group_members_group_id_customer_ref_pk" PRIMARY KEY("group_id","customer_ref")
);
--> statement-breakpoint
CREATE TABLE "customer_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"rule" jsonb,
	"member_count" integer DEFAULT 0 NOT NULL,
	"refreshed_at" timestamp with time zone,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"customer_ref" text PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"marketing_opt_in" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"customer_ref" text DEFAULT '' NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_redemptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"order_id" bigint NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"customer_ref" text DEFAULT '' NOT NULL,
	"amount" numeric(12, 3) NOT NULL,
	"business_date" date NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"trigger" text NOT NULL,
	"status" text NOT NULL,
	"kind" text NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"stacking" text NOT NULL,
	"code_mode" text DEFAULT 'shared' NOT NULL,
	"shared_code" text DEFAULT '' NOT NULL,
	"conditions" jsonb NOT NULL,
	"reward" jsonb NOT NULL,
	"limits" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"spent" numeric(12, 3) DEFAULT '0' NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_uses_check" CHECK ("offers"."uses" >= 0 and "offers"."spent" >= 0)
);
--> statement-breakpoint
CREATE TABLE "upsell_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"foodcourts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"restaurants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"trigger_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sessions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"channels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"suggestions" jsonb NOT NULL,
	"placement" text DEFAULT 'cart' NOT NULL,
	"max_shown" integer DEFAULT 3 NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_group_id_customer_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."customer_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_group_members" ADD CONSTRAINT "customer_group_members_group_id_customer_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."customer_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_codes" ADD CONSTRAINT "offer_codes_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_redemptions" ADD CONSTRAINT "offer_redemptions_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_redemptions" ADD CONSTRAINT "offer_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaigns_due_idx" ON "campaigns" USING btree ("status","send_at");--> statement-breakpoint
CREATE INDEX "customer_group_members_customer_idx" ON "customer_group_members" USING btree ("customer_ref","group_id");--> statement-breakpoint
CREATE INDEX "offer_codes_offer_idx" ON "offer_codes" USING btree ("offer_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "offer_redemptions_order_offer_key" ON "offer_redemptions" USING btree ("order_id","offer_id");--> statement-breakpoint
CREATE INDEX "offer_redemptions_offer_customer_idx" ON "offer_redemptions" USING btree ("offer_id","customer_ref");--> statement-breakpoint
CREATE INDEX "offer_redemptions_offer_date_idx" ON "offer_redemptions" USING btree ("offer_id","business_date");--> statement-breakpoint
CREATE INDEX "offers_status_idx" ON "offers" USING btree ("status","trigger");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_ref","placed_at");