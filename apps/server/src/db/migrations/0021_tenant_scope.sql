-- Tenant isolation by construction (issue 32; docs/security.md "Scope", docs/decisions.md "Tenant isolation").
-- Scoped callers (users limited to sites, API keys and devices limited to food courts) run their queries as the role
-- cd_scoped, with their expanded sites in the setting cd.scope (db/tenant-scope.ts); these policies let such a
-- query reach only rows of those sites. The connecting role owns the tables and is not held by them (system work,
-- administrators). A table added later is refused by test/tenant-tables.test.ts until it has a policy here or is
-- listed there as installation-wide.
DO $$ BEGIN
  CREATE ROLE cd_scoped NOLOGIN;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;--> statement-breakpoint
DO $$ BEGIN
  EXECUTE format('GRANT cd_scoped TO %I', current_user);
EXCEPTION WHEN OTHERS THEN NULL;
END $$;--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO cd_scoped;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO cd_scoped;--> statement-breakpoint
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO cd_scoped;--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO cd_scoped;--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO cd_scoped;--> statement-breakpoint
-- The caller's sites of one kind (r, f, fv, l, lv, c): policies call it in a sub-select, so it is read once per query.
CREATE OR REPLACE FUNCTION cd_scope(kind text) RETURNS text[] LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(array(SELECT jsonb_array_elements_text(nullif(current_setting('cd.scope', true), '')::jsonb -> kind)), '{}'::text[])
$$;
--> statement-breakpoint
ALTER TABLE "clients" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "clients_scope" ON "clients" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (client = any ((select cd_scope('c'))::text[]))
  WITH CHECK (client = any ((select cd_scope('c'))::text[]));
--> statement-breakpoint
ALTER TABLE "locations" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "locations_scope_read" ON "locations" AS PERMISSIVE FOR SELECT TO cd_scoped USING (location = any ((select cd_scope('lv'))::text[]));
--> statement-breakpoint
CREATE POLICY "locations_scope_insert" ON "locations" AS PERMISSIVE FOR INSERT TO cd_scoped WITH CHECK (true);
--> statement-breakpoint
CREATE POLICY "locations_scope_update" ON "locations" AS PERMISSIVE FOR UPDATE TO cd_scoped USING (location = any ((select cd_scope('lv'))::text[])) WITH CHECK (location = any ((select cd_scope('lv'))::text[]));
--> statement-breakpoint
CREATE POLICY "locations_scope_delete" ON "locations" AS PERMISSIVE FOR DELETE TO cd_scoped USING (location = any ((select cd_scope('lv'))::text[]));
--> statement-breakpoint
ALTER TABLE "foodcourts" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "foodcourts_scope" ON "foodcourts" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (foodcourt = any ((select cd_scope('fv'))::text[]) or location = any ((select cd_scope('l'))::text[]))
  WITH CHECK (foodcourt = any ((select cd_scope('fv'))::text[]) or location = any ((select cd_scope('l'))::text[]));
--> statement-breakpoint
ALTER TABLE "restaurants" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "restaurants_scope" ON "restaurants" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (restaurant = any ((select cd_scope('r'))::text[]) or foodcourt = any ((select cd_scope('f'))::text[]))
  WITH CHECK ((restaurant = any ((select cd_scope('r'))::text[]) or foodcourt = any ((select cd_scope('f'))::text[])) and (client is null or client = any ((select cd_scope('c'))::text[])));
--> statement-breakpoint
ALTER TABLE "food_items" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "food_items_scope" ON "food_items" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (restaurant = any ((select cd_scope('r'))::text[]))
  WITH CHECK (restaurant = any ((select cd_scope('r'))::text[]));
--> statement-breakpoint
ALTER TABLE "categories" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "categories_scope" ON "categories" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (restaurant = any ((select cd_scope('r'))::text[]))
  WITH CHECK (restaurant = any ((select cd_scope('r'))::text[]));
--> statement-breakpoint
ALTER TABLE "submenus" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "submenus_scope" ON "submenus" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (restaurant = any ((select cd_scope('r'))::text[]))
  WITH CHECK (restaurant = any ((select cd_scope('r'))::text[]));
--> statement-breakpoint
ALTER TABLE "orders" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "orders_scope" ON "orders" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (restaurant = any ((select cd_scope('r'))::text[]))
  WITH CHECK (restaurant = any ((select cd_scope('r'))::text[]));
--> statement-breakpoint
ALTER TABLE "invoices" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "invoices_scope" ON "invoices" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (restaurant = any ((select cd_scope('r'))::text[]))
  WITH CHECK (restaurant = any ((select cd_scope('r'))::text[]));
--> statement-breakpoint
ALTER TABLE "invoice_sequences" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "invoice_sequences_scope" ON "invoice_sequences" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (restaurant = any ((select cd_scope('r'))::text[]))
  WITH CHECK (restaurant = any ((select cd_scope('r'))::text[]));
--> statement-breakpoint
ALTER TABLE "sales_daily" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "sales_daily_scope" ON "sales_daily" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (restaurant = any ((select cd_scope('r'))::text[]))
  WITH CHECK (restaurant = any ((select cd_scope('r'))::text[]));
--> statement-breakpoint
ALTER TABLE "sales_daily_tenders" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "sales_daily_tenders_scope" ON "sales_daily_tenders" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (restaurant = any ((select cd_scope('r'))::text[]))
  WITH CHECK (restaurant = any ((select cd_scope('r'))::text[]));
--> statement-breakpoint
ALTER TABLE "sales_daily_items" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "sales_daily_items_scope" ON "sales_daily_items" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (restaurant = any ((select cd_scope('r'))::text[]))
  WITH CHECK (restaurant = any ((select cd_scope('r'))::text[]));
--> statement-breakpoint
ALTER TABLE "sales_daily_options" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "sales_daily_options_scope" ON "sales_daily_options" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (restaurant = any ((select cd_scope('r'))::text[]))
  WITH CHECK (restaurant = any ((select cd_scope('r'))::text[]));
--> statement-breakpoint
ALTER TABLE "day_ends" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "day_ends_scope" ON "day_ends" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (restaurant = any ((select cd_scope('r'))::text[]))
  WITH CHECK (restaurant = any ((select cd_scope('r'))::text[]));
--> statement-breakpoint
ALTER TABLE "day_end_logs" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "day_end_logs_scope" ON "day_end_logs" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (restaurant = any ((select cd_scope('r'))::text[]))
  WITH CHECK (restaurant = any ((select cd_scope('r'))::text[]));
--> statement-breakpoint
ALTER TABLE "sap_postings" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "sap_postings_scope" ON "sap_postings" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (restaurant = any ((select cd_scope('r'))::text[]))
  WITH CHECK (restaurant = any ((select cd_scope('r'))::text[]));
--> statement-breakpoint
ALTER TABLE "subscription_plans" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "subscription_plans_scope" ON "subscription_plans" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (restaurant = any ((select cd_scope('r'))::text[]))
  WITH CHECK (restaurant = any ((select cd_scope('r'))::text[]));
--> statement-breakpoint
ALTER TABLE "stock_levels" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "stock_levels_scope" ON "stock_levels" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (restaurant = any ((select cd_scope('r'))::text[]))
  WITH CHECK (restaurant = any ((select cd_scope('r'))::text[]));
--> statement-breakpoint
ALTER TABLE "stock_ledger" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "stock_ledger_scope" ON "stock_ledger" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (restaurant = any ((select cd_scope('r'))::text[]))
  WITH CHECK (restaurant = any ((select cd_scope('r'))::text[]));
--> statement-breakpoint
ALTER TABLE "snoozes" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "snoozes_scope" ON "snoozes" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (restaurant = any ((select cd_scope('r'))::text[]))
  WITH CHECK (restaurant = any ((select cd_scope('r'))::text[]));
--> statement-breakpoint
ALTER TABLE "production_plans" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "production_plans_scope" ON "production_plans" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (restaurant = any ((select cd_scope('r'))::text[]))
  WITH CHECK (restaurant = any ((select cd_scope('r'))::text[]));
--> statement-breakpoint
ALTER TABLE "item_plu_codes" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "item_plu_codes_scope" ON "item_plu_codes" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (restaurant = any ((select cd_scope('r'))::text[]))
  WITH CHECK (restaurant = any ((select cd_scope('r'))::text[]));
--> statement-breakpoint
ALTER TABLE "menu_sync_runs" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "menu_sync_runs_scope" ON "menu_sync_runs" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (restaurant = any ((select cd_scope('r'))::text[]))
  WITH CHECK (restaurant = any ((select cd_scope('r'))::text[]));
--> statement-breakpoint
ALTER TABLE "foodpic_batches" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "foodpic_batches_scope" ON "foodpic_batches" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (restaurant = any ((select cd_scope('r'))::text[]))
  WITH CHECK (restaurant = any ((select cd_scope('r'))::text[]));
--> statement-breakpoint
ALTER TABLE "menu_clones" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "menu_clones_scope" ON "menu_clones" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (source_restaurant = any ((select cd_scope('r'))::text[]))
  WITH CHECK (source_restaurant = any ((select cd_scope('r'))::text[]));
--> statement-breakpoint
ALTER TABLE "order_lines" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "order_lines_scope" ON "order_lines" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (exists (select 1 from orders p where p.id = order_lines.order_id))
  WITH CHECK (exists (select 1 from orders p where p.id = order_lines.order_id));
--> statement-breakpoint
ALTER TABLE "order_payments" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "order_payments_scope" ON "order_payments" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (exists (select 1 from orders p where p.id = order_payments.order_id))
  WITH CHECK (exists (select 1 from orders p where p.id = order_payments.order_id));
--> statement-breakpoint
ALTER TABLE "order_status_history" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "order_status_history_scope" ON "order_status_history" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (exists (select 1 from orders p where p.id = order_status_history.order_id))
  WITH CHECK (exists (select 1 from orders p where p.id = order_status_history.order_id));
--> statement-breakpoint
ALTER TABLE "refunds" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "refunds_scope" ON "refunds" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (exists (select 1 from orders p where p.id = refunds.order_id))
  WITH CHECK (exists (select 1 from orders p where p.id = refunds.order_id));
--> statement-breakpoint
ALTER TABLE "refund_lines" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "refund_lines_scope" ON "refund_lines" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (exists (select 1 from refunds p where p.id = refund_lines.refund_id))
  WITH CHECK (exists (select 1 from refunds p where p.id = refund_lines.refund_id));
--> statement-breakpoint
ALTER TABLE "feedback_replies" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "feedback_replies_scope" ON "feedback_replies" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (exists (select 1 from feedback p where p.id = feedback_replies.feedback_id))
  WITH CHECK (exists (select 1 from feedback p where p.id = feedback_replies.feedback_id));
--> statement-breakpoint
ALTER TABLE "devices" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "devices_scope" ON "devices" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (exists (select 1 from counters p where p.id = devices.counter_id))
  WITH CHECK (exists (select 1 from counters p where p.id = devices.counter_id));
--> statement-breakpoint
ALTER TABLE "html_page_revisions" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "html_page_revisions_scope" ON "html_page_revisions" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (exists (select 1 from html_pages p where p.id = html_page_revisions.page_id))
  WITH CHECK (exists (select 1 from html_pages p where p.id = html_page_revisions.page_id));
--> statement-breakpoint
ALTER TABLE "poll_votes" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "poll_votes_scope" ON "poll_votes" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (exists (select 1 from news_posts p where p.id = poll_votes.post_id))
  WITH CHECK (exists (select 1 from news_posts p where p.id = poll_votes.post_id));
--> statement-breakpoint
ALTER TABLE "notification_runs" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "notification_runs_scope" ON "notification_runs" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (exists (select 1 from notifications p where p.id = notification_runs.notification_id))
  WITH CHECK (exists (select 1 from notifications p where p.id = notification_runs.notification_id));
--> statement-breakpoint
ALTER TABLE "pdf_document_files" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "pdf_document_files_scope" ON "pdf_document_files" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (exists (select 1 from pdf_documents p where p.id = pdf_document_files.document_id))
  WITH CHECK (exists (select 1 from pdf_documents p where p.id = pdf_document_files.document_id));
--> statement-breakpoint
ALTER TABLE "loyalty_accounts" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "loyalty_accounts_scope" ON "loyalty_accounts" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (exists (select 1 from loyalty_programs p where p.id = loyalty_accounts.program_id))
  WITH CHECK (exists (select 1 from loyalty_programs p where p.id = loyalty_accounts.program_id));
--> statement-breakpoint
ALTER TABLE "loyalty_ledger" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "loyalty_ledger_scope" ON "loyalty_ledger" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (exists (select 1 from loyalty_programs p where p.id = loyalty_ledger.program_id))
  WITH CHECK (exists (select 1 from loyalty_programs p where p.id = loyalty_ledger.program_id));
--> statement-breakpoint
ALTER TABLE "loyalty_rewards" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "loyalty_rewards_scope" ON "loyalty_rewards" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (exists (select 1 from loyalty_programs p where p.id = loyalty_rewards.program_id))
  WITH CHECK (exists (select 1 from loyalty_programs p where p.id = loyalty_rewards.program_id));
--> statement-breakpoint
ALTER TABLE "subscriptions" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "subscriptions_scope" ON "subscriptions" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (exists (select 1 from subscription_plans p where p.id = subscriptions.plan_id))
  WITH CHECK (exists (select 1 from subscription_plans p where p.id = subscriptions.plan_id));
--> statement-breakpoint
ALTER TABLE "offer_codes" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "offer_codes_scope" ON "offer_codes" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (exists (select 1 from offers p where p.id = offer_codes.offer_id))
  WITH CHECK (exists (select 1 from offers p where p.id = offer_codes.offer_id));
--> statement-breakpoint
ALTER TABLE "offer_redemptions" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "offer_redemptions_scope" ON "offer_redemptions" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (exists (select 1 from offers p where p.id = offer_redemptions.offer_id))
  WITH CHECK (exists (select 1 from offers p where p.id = offer_redemptions.offer_id));
--> statement-breakpoint
ALTER TABLE "campaigns" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "campaigns_scope" ON "campaigns" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (exists (select 1 from customer_groups p where p.id = campaigns.group_id))
  WITH CHECK (exists (select 1 from customer_groups p where p.id = campaigns.group_id));
--> statement-breakpoint
ALTER TABLE "campaign_recipients" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "campaign_recipients_scope" ON "campaign_recipients" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (exists (select 1 from campaigns p where p.id = campaign_recipients.campaign_id))
  WITH CHECK (exists (select 1 from campaigns p where p.id = campaign_recipients.campaign_id));
--> statement-breakpoint
ALTER TABLE "customer_group_members" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "customer_group_members_scope" ON "customer_group_members" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (exists (select 1 from customer_groups p where p.id = customer_group_members.group_id))
  WITH CHECK (exists (select 1 from customer_groups p where p.id = customer_group_members.group_id));
--> statement-breakpoint
ALTER TABLE "production_plan_lines" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "production_plan_lines_scope" ON "production_plan_lines" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (exists (select 1 from production_plans p where p.id = production_plan_lines.plan_id))
  WITH CHECK (exists (select 1 from production_plans p where p.id = production_plan_lines.plan_id));
--> statement-breakpoint
ALTER TABLE "item_classifications" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "item_classifications_scope" ON "item_classifications" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (exists (select 1 from food_items p where p.foodid = item_classifications.foodid))
  WITH CHECK (exists (select 1 from food_items p where p.foodid = item_classifications.foodid));
--> statement-breakpoint
ALTER TABLE "food_item_submenus" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "food_item_submenus_scope" ON "food_item_submenus" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (exists (select 1 from food_items p where p.foodid = food_item_submenus.foodid))
  WITH CHECK (exists (select 1 from food_items p where p.foodid = food_item_submenus.foodid));
--> statement-breakpoint
ALTER TABLE "pricebook_food_items" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "pricebook_food_items_scope" ON "pricebook_food_items" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (exists (select 1 from food_items p where p.foodid = pricebook_food_items.foodid))
  WITH CHECK (exists (select 1 from food_items p where p.foodid = pricebook_food_items.foodid));
--> statement-breakpoint
ALTER TABLE "pricebook_submenus" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "pricebook_submenus_scope" ON "pricebook_submenus" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (exists (select 1 from submenus p where p.submenuid = pricebook_submenus.submenuid))
  WITH CHECK (exists (select 1 from submenus p where p.submenuid = pricebook_submenus.submenuid));
--> statement-breakpoint
ALTER TABLE "cashiers" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "cashiers_scope" ON "cashiers" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (foodcourt = any ((select cd_scope('fv'))::text[]))
  WITH CHECK (foodcourt = any ((select cd_scope('fv'))::text[]));
--> statement-breakpoint
ALTER TABLE "push_settings" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "push_settings_scope" ON "push_settings" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (foodcourt = any ((select cd_scope('fv'))::text[]))
  WITH CHECK (foodcourt = any ((select cd_scope('fv'))::text[]));
--> statement-breakpoint
ALTER TABLE "counters" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "counters_scope" ON "counters" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (foodcourt = any ((select cd_scope('fv'))::text[]))
  WITH CHECK (foodcourt = any ((select cd_scope('fv'))::text[]) and (restaurant is null or restaurant = any ((select cd_scope('r'))::text[])));
--> statement-breakpoint
ALTER TABLE "qr_codes" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "qr_codes_scope" ON "qr_codes" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (foodcourt = any ((select cd_scope('fv'))::text[]))
  WITH CHECK (foodcourt = any ((select cd_scope('fv'))::text[]) and (restaurant is null or restaurant = any ((select cd_scope('r'))::text[])));
--> statement-breakpoint
ALTER TABLE "feedback" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "feedback_scope" ON "feedback" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (restaurant = any ((select cd_scope('r'))::text[]) or (restaurant is null and foodcourt = any ((select cd_scope('fv'))::text[])))
  WITH CHECK (restaurant = any ((select cd_scope('r'))::text[]) or (restaurant is null and foodcourt = any ((select cd_scope('fv'))::text[])));
--> statement-breakpoint
ALTER TABLE "pdf_documents" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "pdf_documents_scope" ON "pdf_documents" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (foodcourt = any ((select cd_scope('fv'))::text[]) and (restaurant is null or restaurant = any ((select cd_scope('r'))::text[])))
  WITH CHECK (foodcourt = any ((select cd_scope('fv'))::text[]) and (restaurant is null or restaurant = any ((select cd_scope('r'))::text[])));
--> statement-breakpoint
ALTER TABLE "html_pages" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "html_pages_scope" ON "html_pages" AS PERMISSIVE FOR ALL TO cd_scoped
  USING ((foodcourt is null or foodcourt = any ((select cd_scope('fv'))::text[])) and (client is null or client = any ((select cd_scope('c'))::text[])))
  WITH CHECK ((foodcourt is null or foodcourt = any ((select cd_scope('fv'))::text[])) and (client is null or client = any ((select cd_scope('c'))::text[])) and (foodcourt is not null or client is not null));
--> statement-breakpoint
ALTER TABLE "report_embeds" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "report_embeds_scope" ON "report_embeds" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (client = any ((select cd_scope('c'))::text[]))
  WITH CHECK (client = any ((select cd_scope('c'))::text[]));
--> statement-breakpoint
ALTER TABLE "sap_rules" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "sap_rules_scope" ON "sap_rules" AS PERMISSIVE FOR ALL TO cd_scoped
  USING ((client = '' or client = any ((select cd_scope('c'))::text[])) and (foodcourt = '' or foodcourt = any ((select cd_scope('fv'))::text[])) and (restaurant = '' or restaurant = any ((select cd_scope('r'))::text[])))
  WITH CHECK ((client = '' or client = any ((select cd_scope('c'))::text[])) and (foodcourt = '' or foodcourt = any ((select cd_scope('fv'))::text[])) and (restaurant = '' or restaurant = any ((select cd_scope('r'))::text[])) and (client <> '' or foodcourt <> '' or restaurant <> ''));
--> statement-breakpoint
ALTER TABLE "news_posts" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "news_posts_scope" ON "news_posts" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (foodcourts = '[]'::jsonb or foodcourts ?| (select cd_scope('fv')))
  WITH CHECK (not foodcourts = '[]'::jsonb and foodcourts <@ (select to_jsonb(cd_scope('fv'))));
--> statement-breakpoint
ALTER TABLE "banner_programs" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "banner_programs_scope" ON "banner_programs" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (foodcourts = '[]'::jsonb or foodcourts ?| (select cd_scope('fv')))
  WITH CHECK (not foodcourts = '[]'::jsonb and foodcourts <@ (select to_jsonb(cd_scope('fv'))));
--> statement-breakpoint
ALTER TABLE "notifications" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "notifications_scope" ON "notifications" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (foodcourts = '[]'::jsonb or foodcourts ?| (select cd_scope('fv')))
  WITH CHECK (not foodcourts = '[]'::jsonb and foodcourts <@ (select to_jsonb(cd_scope('fv'))));
--> statement-breakpoint
ALTER TABLE "loyalty_programs" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "loyalty_programs_scope" ON "loyalty_programs" AS PERMISSIVE FOR ALL TO cd_scoped
  USING ((foodcourts = '[]'::jsonb and restaurants = '[]'::jsonb) or foodcourts ?| (select cd_scope('fv')) or restaurants ?| (select cd_scope('r')))
  WITH CHECK (not (foodcourts = '[]'::jsonb and restaurants = '[]'::jsonb) and foodcourts <@ (select to_jsonb(cd_scope('fv'))) and restaurants <@ (select to_jsonb(cd_scope('r'))));
--> statement-breakpoint
ALTER TABLE "upsell_rules" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "upsell_rules_scope" ON "upsell_rules" AS PERMISSIVE FOR ALL TO cd_scoped
  USING ((foodcourts = '[]'::jsonb and restaurants = '[]'::jsonb) or foodcourts ?| (select cd_scope('fv')) or restaurants ?| (select cd_scope('r')))
  WITH CHECK (not (foodcourts = '[]'::jsonb and restaurants = '[]'::jsonb) and foodcourts <@ (select to_jsonb(cd_scope('fv'))) and restaurants <@ (select to_jsonb(cd_scope('r'))));
--> statement-breakpoint
ALTER TABLE "customer_groups" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "customer_groups_scope" ON "customer_groups" AS PERMISSIVE FOR ALL TO cd_scoped
  USING ((foodcourts = '[]'::jsonb and restaurants = '[]'::jsonb) or foodcourts ?| (select cd_scope('fv')) or restaurants ?| (select cd_scope('r')))
  WITH CHECK (not (foodcourts = '[]'::jsonb and restaurants = '[]'::jsonb) and foodcourts <@ (select to_jsonb(cd_scope('fv'))) and restaurants <@ (select to_jsonb(cd_scope('r'))));
--> statement-breakpoint
ALTER TABLE "offers" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "offers_scope" ON "offers" AS PERMISSIVE FOR ALL TO cd_scoped
  USING ((coalesce(conditions->'foodcourts', '[]'::jsonb) = '[]'::jsonb and coalesce(conditions->'restaurants', '[]'::jsonb) = '[]'::jsonb) or coalesce(conditions->'foodcourts', '[]'::jsonb) ?| (select cd_scope('fv')) or coalesce(conditions->'restaurants', '[]'::jsonb) ?| (select cd_scope('r')))
  WITH CHECK (not (coalesce(conditions->'foodcourts', '[]'::jsonb) = '[]'::jsonb and coalesce(conditions->'restaurants', '[]'::jsonb) = '[]'::jsonb) and coalesce(conditions->'foodcourts', '[]'::jsonb) <@ (select to_jsonb(cd_scope('fv'))) and coalesce(conditions->'restaurants', '[]'::jsonb) <@ (select to_jsonb(cd_scope('r'))));
--> statement-breakpoint
ALTER TABLE "menu_sync_targets" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "menu_sync_targets_scope" ON "menu_sync_targets" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (restaurants = '[]'::jsonb or restaurants ?| (select cd_scope('r')))
  WITH CHECK (not restaurants = '[]'::jsonb and restaurants <@ (select to_jsonb(cd_scope('r'))));
--> statement-breakpoint
ALTER TABLE "media_images" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "media_images_scope" ON "media_images" AS PERMISSIVE FOR ALL TO cd_scoped
  USING (case action when 'menu_item' then value = any ((select cd_scope('r'))::text[]) when 'sub_menu' then value = 'submenu_image' or value = any ((select cd_scope('r'))::text[]) when 'restaurant' then value = any ((select cd_scope('fv'))::text[]) else true end)
  WITH CHECK (case action when 'menu_item' then value = any ((select cd_scope('r'))::text[]) when 'sub_menu' then value = 'submenu_image' or value = any ((select cd_scope('r'))::text[]) when 'restaurant' then value = any ((select cd_scope('fv'))::text[]) else true end);
