CREATE TABLE "banner_programs" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slot" text NOT NULL,
	"foodcourts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"channels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"priority" integer DEFAULT 0 NOT NULL,
	"banners" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "foodpic_batches" (
	"id" text PRIMARY KEY NOT NULL,
	"restaurant" text NOT NULL,
	"files" jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "html_page_revisions" (
	"page_id" integer NOT NULL,
	"revision" integer NOT NULL,
	"title" text NOT NULL,
	"html" text NOT NULL,
	"kind" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "html_page_revisions_page_id_revision_pk" PRIMARY KEY("page_id","revision")
);
--> statement-breakpoint
CREATE TABLE "html_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"foodcourt" text,
	"client" text,
	"html" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"published_title" text,
	"published_html" text,
	"published_revision" integer,
	"published_at" timestamp with time zone,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"foodcourts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"media" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"publish_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"poll" jsonb,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"notification_id" integer NOT NULL,
	"test" boolean DEFAULT false NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"targeted" integer DEFAULT 0 NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"error" text,
	"title" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"in_app" boolean DEFAULT false NOT NULL,
	"foodcourts" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"channels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"audience" text NOT NULL,
	"foodcourts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"groups" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"image" text,
	"link" text DEFAULT '' NOT NULL,
	"send_at" timestamp with time zone,
	"recurrence" jsonb,
	"status" text DEFAULT 'draft' NOT NULL,
	"next_run_at" timestamp with time zone,
	"runs" integer DEFAULT 0 NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pdf_document_files" (
	"document_id" integer NOT NULL,
	"revision" integer NOT NULL,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"size" integer NOT NULL,
	"pages" integer NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by" text,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pdf_document_files_document_id_revision_pk" PRIMARY KEY("document_id","revision")
);
--> statement-breakpoint
CREATE TABLE "pdf_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"category" text NOT NULL,
	"foodcourt" text NOT NULL,
	"restaurant" text,
	"expires_on" date,
	"remind_days" integer DEFAULT 30 NOT NULL,
	"public" boolean DEFAULT false NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"reminded_at" timestamp with time zone,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "poll_votes" (
	"post_id" integer NOT NULL,
	"customer_ref" text NOT NULL,
	"option" integer NOT NULL,
	"voted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "poll_votes_post_id_customer_ref_pk" PRIMARY KEY("post_id","customer_ref")
);
--> statement-breakpoint
ALTER TABLE "html_page_revisions" ADD CONSTRAINT "html_page_revisions_page_id_html_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."html_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_runs" ADD CONSTRAINT "notification_runs_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pdf_document_files" ADD CONSTRAINT "pdf_document_files_document_id_pdf_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."pdf_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_votes" ADD CONSTRAINT "poll_votes_post_id_news_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."news_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banner_programs_slot_idx" ON "banner_programs" USING btree ("slot","status");--> statement-breakpoint
CREATE UNIQUE INDEX "html_pages_slug_key" ON "html_pages" USING btree (coalesce("foodcourt", ''),"slug");--> statement-breakpoint
CREATE INDEX "news_posts_live_idx" ON "news_posts" USING btree ("status","publish_at");--> statement-breakpoint
CREATE INDEX "notification_runs_notification_idx" ON "notification_runs" USING btree ("notification_id","id");--> statement-breakpoint
CREATE INDEX "notifications_due_idx" ON "notifications" USING btree ("status","next_run_at");--> statement-breakpoint
CREATE INDEX "pdf_documents_site_idx" ON "pdf_documents" USING btree ("foodcourt","title");