CREATE TABLE "brokerage_order_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"link_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"ref_id" uuid,
	"to" text NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "brokerage_order_links" ADD COLUMN "phone_proven_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "brokerage_order_links" ADD COLUMN "codes_locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "brokerage_order_codes" ADD CONSTRAINT "brokerage_order_codes_link_id_brokerage_order_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."brokerage_order_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "brokerage_order_codes_link_idx" ON "brokerage_order_codes" USING btree ("link_id","created_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_due_idx" ON "sms_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_ref_idx" ON "sms_outbox" USING btree ("ref_id");