-- The periodic tasks' rounds (lib/periodic.ts): claimed by one process at a time, so each round runs once.
CREATE TABLE "periodic_rounds" (
	"name" text PRIMARY KEY NOT NULL,
	"next_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"holder" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
-- Per-IP request counters (lib/rate-limit-store.ts): shared by every API process; UNLOGGED, as a count lost in a
-- crash costs nothing and each sign-in call writes one.
CREATE UNLOGGED TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
