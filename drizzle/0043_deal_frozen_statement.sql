ALTER TABLE "deal_records" ADD COLUMN "statement" jsonb;--> statement-breakpoint
ALTER TABLE "deal_records" ADD COLUMN "frozen_at" timestamp with time zone;