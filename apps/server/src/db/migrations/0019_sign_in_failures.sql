CREATE TABLE "sign_in_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"method" text NOT NULL,
	"ip" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sign_in_failures_account_idx" ON "sign_in_failures" USING btree ("account","at");