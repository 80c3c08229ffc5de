ALTER TABLE "sms_outbox" ADD COLUMN "holds_quiet_hours" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "viewings" ADD COLUMN "escalated_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "viewings_unanswered_idx" ON "viewings" USING btree ("created_at") WHERE "viewings"."status" = 'requested' and "viewings"."escalated_at" is null;