CREATE TABLE "loyalty_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"customer_ref" text NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"earned" integer DEFAULT 0 NOT NULL,
	"last_activity" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"program_id" integer NOT NULL,
	"entry_type" text NOT NULL,
	"points" integer NOT NULL,
	"remaining" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"order_id" bigint,
	"refund_id" bigint,
	"expires_entry_id" bigint,
	"reward_id" integer,
	"code" text DEFAULT '' NOT NULL,
	"idempotency_key" text,
	"reason" text DEFAULT '' NOT NULL,
	"actor" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_programs" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"points_name" text DEFAULT 'points' NOT NULL,
	"foodcourts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"restaurants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"channels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"groups" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"points" jsonb,
	"stamps" jsonb,
	"expiry_days" integer,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_rewards" (
	"id" serial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"cost" integer NOT NULL,
	"reward" jsonb NOT NULL,
	"valid_days" integer DEFAULT 30 NOT NULL,
	"offer_id" integer NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "offer_codes" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "loyalty_accounts" ADD CONSTRAINT "loyalty_accounts_program_id_loyalty_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."loyalty_programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_ledger" ADD CONSTRAINT "loyalty_ledger_account_id_loyalty_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."loyalty_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_ledger" ADD CONSTRAINT "loyalty_ledger_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_ledger" ADD CONSTRAINT "loyalty_ledger_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_rewards" ADD CONSTRAINT "loyalty_rewards_program_id_loyalty_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."loyalty_programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_rewards" ADD CONSTRAINT "loyalty_rewards_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_accounts_member_key" ON "loyalty_accounts" USING btree ("program_id","customer_ref" collate "C");--> statement-breakpoint
CREATE INDEX "loyalty_accounts_balance_idx" ON "loyalty_accounts" USING btree ("program_id","balance","id");--> statement-breakpoint
CREATE INDEX "loyalty_accounts_customer_idx" ON "loyalty_accounts" USING btree ("customer_ref");--> statement-breakpoint
CREATE INDEX "loyalty_ledger_account_idx" ON "loyalty_ledger" USING btree ("account_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_ledger_earn_key" ON "loyalty_ledger" USING btree ("order_id","program_id") WHERE "loyalty_ledger"."entry_type" = 'earn';--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_ledger_reverse_key" ON "loyalty_ledger" USING btree ("refund_id","program_id") WHERE "loyalty_ledger"."entry_type" = 'reverse';--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_ledger_expire_key" ON "loyalty_ledger" USING btree ("expires_entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_ledger_redeem_key" ON "loyalty_ledger" USING btree ("account_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "loyalty_ledger_expiry_idx" ON "loyalty_ledger" USING btree ("expires_at") WHERE "loyalty_ledger"."entry_type" = 'earn' and "loyalty_ledger"."remaining" > 0;