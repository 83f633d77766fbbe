ALTER TABLE "otp_codes" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "otp_codes" ADD COLUMN "handle" text;--> statement-breakpoint
CREATE INDEX "otp_codes_handle_idx" ON "otp_codes" USING btree ("handle","purpose");