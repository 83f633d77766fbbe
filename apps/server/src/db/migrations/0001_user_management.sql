CREATE TABLE "permission_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"admin" boolean DEFAULT false NOT NULL,
	"pagepermissionaccess" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"permissions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"read_only_access" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sites" jsonb DEFAULT '{"locations":[],"foodcourts":[],"restaurants":[]}'::jsonb NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"client" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "client" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "updated_by" text;--> statement-breakpoint
CREATE UNIQUE INDEX "permission_profiles_name_key" ON "permission_profiles" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "site_profiles_name_key" ON "site_profiles" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "restaurants" ADD CONSTRAINT "restaurants_client_clients_client_fk" FOREIGN KEY ("client") REFERENCES "public"."clients"("client") ON DELETE no action ON UPDATE no action;