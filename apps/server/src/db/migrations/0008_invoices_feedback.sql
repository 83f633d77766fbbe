CREATE TABLE "invoice_sequences" (
	"restaurant" text NOT NULL,
	"kind" text NOT NULL,
	"last_seq" integer NOT NULL,
	CONSTRAINT "invoice_sequences_restaurant_kind_pk" PRIMARY KEY("restaurant","kind")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"seq" integer NOT NULL,
	"number" text NOT NULL,
	"status" text DEFAULT 'issued' NOT NULL,
	"order_id" bigint NOT NULL,
	"restaurant" text NOT NULL,
	"foodcourt" text NOT NULL,
	"currency" text DEFAULT '' NOT NULL,
	"total" numeric(12, 3) DEFAULT '0' NOT NULL,
	"tax" numeric(12, 3) DEFAULT '0' NOT NULL,
	"refunded" numeric(12, 3) DEFAULT '0' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"credits_invoice_id" bigint,
	"replaced_by_id" bigint,
	"document" jsonb NOT NULL,
	"issued_by" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_kind_check" CHECK ("invoices"."kind" in ('invoice', 'credit_note')),
	CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" in ('issued', 'superseded')),
	CONSTRAINT "invoices_seq_check" CHECK ("invoices"."seq" > 0)
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"category" text DEFAULT 'other' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"rating" smallint,
	"comment" text DEFAULT '' NOT NULL,
	"foodcourt" text NOT NULL,
	"restaurant" text,
	"order_id" bigint,
	"customer_ref" text DEFAULT '' NOT NULL,
	"customer_name" text DEFAULT '' NOT NULL,
	"contact" text DEFAULT '' NOT NULL,
	"assignee" text,
	"source" text DEFAULT '' NOT NULL,
	"reply_count" integer DEFAULT 0 NOT NULL,
	"last_reply_at" timestamp with time zone,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_type_check" CHECK ("feedback"."type" in ('feedback', 'support')),
	CONSTRAINT "feedback_status_check" CHECK ("feedback"."status" in ('open', 'in_progress', 'resolved')),
	CONSTRAINT "feedback_category_check" CHECK ("feedback"."category" in ('food', 'service', 'delivery', 'app', 'billing', 'hygiene', 'other')),
	CONSTRAINT "feedback_rating_check" CHECK ("feedback"."rating" is null or "feedback"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "feedback_replies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"feedback_id" bigint NOT NULL,
	"author" text NOT NULL,
	"author_name" text DEFAULT '' NOT NULL,
	"author_kind" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_replies_kind_check" CHECK ("feedback_replies"."author_kind" in ('staff', 'customer'))
);
--> statement-breakpoint
ALTER TABLE "invoice_sequences" ADD CONSTRAINT "invoice_sequences_restaurant_restaurants_restaurant_fk" FOREIGN KEY ("restaurant") REFERENCES "public"."restaurants"("restaurant") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_restaurant_restaurants_restaurant_fk" FOREIGN KEY ("restaurant") REFERENCES "public"."restaurants"("restaurant") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_foodcourt_foodcourts_foodcourt_fk" FOREIGN KEY ("foodcourt") REFERENCES "public"."foodcourts"("foodcourt") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credits_invoice_id_invoices_id_fk" FOREIGN KEY ("credits_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_replaced_by_id_invoices_id_fk" FOREIGN KEY ("replaced_by_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_foodcourt_foodcourts_foodcourt_fk" FOREIGN KEY ("foodcourt") REFERENCES "public"."foodcourts"("foodcourt") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_restaurant_restaurants_restaurant_fk" FOREIGN KEY ("restaurant") REFERENCES "public"."restaurants"("restaurant") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_replies" ADD CONSTRAINT "feedback_replies_feedback_id_feedback_id_fk" FOREIGN KEY ("feedback_id") REFERENCES "public"."feedback"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_series_key" ON "invoices" USING btree ("restaurant","kind","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_current_key" ON "invoices" USING btree ("order_id") WHERE kind = 'invoice' and status = 'issued';--> statement-breakpoint
CREATE INDEX "invoices_order_idx" ON "invoices" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "invoices_issued_idx" ON "invoices" USING btree ("issued_at","id");--> statement-breakpoint
CREATE INDEX "invoices_restaurant_idx" ON "invoices" USING btree ("restaurant","issued_at");--> statement-breakpoint
CREATE INDEX "invoices_number_search_idx" ON "invoices" USING btree (lower("number") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "feedback_foodcourt_created_idx" ON "feedback" USING btree ("foodcourt","created_at","id");--> statement-breakpoint
CREATE INDEX "feedback_restaurant_created_idx" ON "feedback" USING btree ("restaurant","created_at","id");--> statement-breakpoint
CREATE INDEX "feedback_created_idx" ON "feedback" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "feedback_status_idx" ON "feedback" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "feedback_order_idx" ON "feedback" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "feedback_replies_feedback_idx" ON "feedback_replies" USING btree ("feedback_id","id");