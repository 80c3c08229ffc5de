ALTER TABLE "alert_subscribers" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
UPDATE "alert_subscribers" SET "email" = NULL WHERE "email" LIKE 'phone-only:%';
