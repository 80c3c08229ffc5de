ALTER TABLE "mail_outbox" ADD COLUMN "ics" text;--> statement-breakpoint
ALTER TABLE "viewings" ADD COLUMN "sequence" integer DEFAULT 0 NOT NULL;