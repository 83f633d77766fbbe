CREATE TABLE "media_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"value" text NOT NULL,
	"name" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"file_ext" text NOT NULL,
	"type" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"keywords" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"uploaded_by" text,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "media_images_name_key" ON "media_images" USING btree ("action","value",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "media_images_storage_key" ON "media_images" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "media_images_uploaded_idx" ON "media_images" USING btree ("action","value","uploaded_at");