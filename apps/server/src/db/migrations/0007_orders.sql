CREATE TABLE "api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"api_client" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"foodcourts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_by" text,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ingest_requests" (
	"api_client" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"operation" text NOT NULL,
	"fingerprint" text NOT NULL,
	"order_id" bigint,
	"answer" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ingest_requests_api_client_idempotency_key_pk" PRIMARY KEY("api_client","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"line_no" integer NOT NULL,
	"foodid" text NOT NULL,
	"name" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" numeric(12, 3) DEFAULT '0' NOT NULL,
	"line_total" numeric(12, 3) DEFAULT '0' NOT NULL,
	"tax" numeric(12, 3) DEFAULT '0' NOT NULL,
	"refunded_quantity" integer DEFAULT 0 NOT NULL,
	"refunded_amount" numeric(12, 3) DEFAULT '0' NOT NULL,
	CONSTRAINT "order_lines_refund_check" CHECK ("order_lines"."refunded_quantity" between 0 and "order_lines"."quantity")
);
--> statement-breakpoint
CREATE TABLE "order_payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"tender" text NOT NULL,
	"amount" numeric(12, 3) DEFAULT '0' NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_status_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_number" text NOT NULL,
	"restaurant" text NOT NULL,
	"foodcourt" text NOT NULL,
	"channel" text NOT NULL,
	"order_type" text NOT NULL,
	"status" text NOT NULL,
	"session" text DEFAULT '' NOT NULL,
	"business_date" date NOT NULL,
	"placed_at" timestamp with time zone NOT NULL,
	"customer_ref" text DEFAULT '' NOT NULL,
	"currency" text DEFAULT '' NOT NULL,
	"subtotal" numeric(12, 3) DEFAULT '0' NOT NULL,
	"charges" numeric(12, 3) DEFAULT '0' NOT NULL,
	"discount" numeric(12, 3) DEFAULT '0' NOT NULL,
	"total" numeric(12, 3) DEFAULT '0' NOT NULL,
	"tax" numeric(12, 3) DEFAULT '0' NOT NULL,
	"paid" numeric(12, 3) DEFAULT '0' NOT NULL,
	"refunded" numeric(12, 3) DEFAULT '0' NOT NULL,
	"item_count" integer DEFAULT 0 NOT NULL,
	"refund_count" integer DEFAULT 0 NOT NULL,
	"api_client" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_channel_check" CHECK (channel in ('app', 'kiosk', 'pos', 'web')),
	CONSTRAINT "orders_type_check" CHECK (order_type in ('dine_in', 'takeaway', 'delivery', 'preorder', 'subscription', 'event')),
	CONSTRAINT "orders_status_check" CHECK (status in ('placed', 'accepted', 'preparing', 'ready', 'completed', 'cancelled')),
	CONSTRAINT "orders_amounts_check" CHECK ("orders"."paid" <= "orders"."total" and "orders"."refunded" >= 0 and "orders"."refunded" <= "orders"."paid")
);
--> statement-breakpoint
CREATE TABLE "refund_lines" (
	"refund_id" bigint NOT NULL,
	"order_line_id" bigint NOT NULL,
	"quantity" integer NOT NULL,
	"amount" numeric(12, 3) DEFAULT '0' NOT NULL,
	CONSTRAINT "refund_lines_refund_id_order_line_id_pk" PRIMARY KEY("refund_id","order_line_id")
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(12, 3) DEFAULT '0' NOT NULL,
	"reason" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"fingerprint" text DEFAULT '' NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_kind_check" CHECK (kind in ('full', 'lines', 'amount')),
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "ingest_requests" ADD CONSTRAINT "ingest_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_restaurant_restaurants_restaurant_fk" FOREIGN KEY ("restaurant") REFERENCES "public"."restaurants"("restaurant") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_foodcourt_foodcourts_foodcourt_fk" FOREIGN KEY ("foodcourt") REFERENCES "public"."foodcourts"("foodcourt") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_lines" ADD CONSTRAINT "refund_lines_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_lines" ADD CONSTRAINT "refund_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_hash_key" ON "api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "api_keys_client_idx" ON "api_keys" USING btree ("api_client");--> statement-breakpoint
CREATE INDEX "ingest_requests_created_idx" ON "ingest_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id","line_no");--> statement-breakpoint
CREATE INDEX "order_payments_order_idx" ON "order_payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_status_history_order_idx" ON "order_status_history" USING btree ("order_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_restaurant_number_key" ON "orders" USING btree ("restaurant","order_number");--> statement-breakpoint
CREATE INDEX "orders_foodcourt_date_idx" ON "orders" USING btree ("foodcourt","business_date","id");--> statement-breakpoint
CREATE INDEX "orders_restaurant_date_idx" ON "orders" USING btree ("restaurant","business_date","id");--> statement-breakpoint
CREATE INDEX "orders_date_idx" ON "orders" USING btree ("business_date","id");--> statement-breakpoint
CREATE INDEX "orders_number_search_idx" ON "orders" USING btree (lower("order_number") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_customer_search_idx" ON "orders" USING btree (lower("customer_ref") text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_order_key" ON "refunds" USING btree ("order_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "refunds_created_idx" ON "refunds" USING btree ("created_at","id");