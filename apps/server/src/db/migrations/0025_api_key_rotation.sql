-- API keys page (issue 36): a rotated key stays valid until `expires_at` (the grace period the administrator chose)
-- and names the key that replaced it; calls are counted per key and hour, so the list can show the last 24 hours.
ALTER TABLE "api_keys" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "replaced_by" integer;--> statement-breakpoint
CREATE TABLE "api_key_usage" (
	"api_key_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "api_key_usage_api_key_id_hour_pk" PRIMARY KEY("api_key_id","hour")
);
--> statement-breakpoint
ALTER TABLE "api_key_usage" ADD CONSTRAINT "api_key_usage_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_key_usage_hour_idx" ON "api_key_usage" USING btree ("hour");
