-- Issue 36 point 6: a device licence's details (get_details_licence / put_details_licence).
ALTER TABLE "devices" ADD COLUMN "licence_details" jsonb DEFAULT '{}'::jsonb NOT NULL;
