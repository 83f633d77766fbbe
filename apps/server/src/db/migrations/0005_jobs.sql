CREATE TABLE "background_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"userid" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"filename" text DEFAULT '' NOT NULL,
	"filepath" jsonb DEFAULT '""'::jsonb NOT NULL,
	"error_file" text DEFAULT '' NOT NULL,
	"start_ts" timestamp with time zone DEFAULT now() NOT NULL,
	"end_ts" timestamp with time zone,
	"title" text NOT NULL,
	"rest_id" text DEFAULT '' NOT NULL,
	"action_id" text DEFAULT '' NOT NULL,
	"action_type" text DEFAULT '' NOT NULL,
	"main_title" text DEFAULT '' NOT NULL,
	"show_timestamp" boolean DEFAULT true NOT NULL,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer DEFAULT 0 NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"queue" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"heartbeat_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"userid" text NOT NULL,
	"job_id" text NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "background_jobs_user_idx" ON "background_jobs" USING btree ("userid","start_ts");--> statement-breakpoint
CREATE INDEX "job_events_user_idx" ON "job_events" USING btree ("userid","id");--> statement-breakpoint
CREATE INDEX "job_events_created_idx" ON "job_events" USING btree ("created_at");