CREATE TABLE "deal_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"activity_id" uuid NOT NULL,
	"amount_agorot" integer NOT NULL,
	"paid_on" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deal_payments_amount_check" CHECK ("deal_payments"."amount_agorot" > 0)
);
--> statement-breakpoint
CREATE TABLE "deal_records" (
	"activity_id" uuid PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'signed' NOT NULL,
	"due_on" date,
	"cancel_reason" text,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deal_records_status_check" CHECK ("deal_records"."status" in ('signed', 'invoiced', 'partly_paid', 'paid', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "deal_payments" ADD CONSTRAINT "deal_payments_activity_id_deal_records_activity_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."deal_records"("activity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_payments" ADD CONSTRAINT "deal_payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_records" ADD CONSTRAINT "deal_records_activity_id_lead_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."lead_activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_records" ADD CONSTRAINT "deal_records_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_payments_activity_idx" ON "deal_payments" USING btree ("activity_id","paid_on");--> statement-breakpoint
CREATE INDEX "deal_records_status_idx" ON "deal_records" USING btree ("status");--> statement-breakpoint
-- Every deal logged before deal records existed gets its record, signed.
INSERT INTO "deal_records" ("activity_id", "updated_at") SELECT "id", "created_at" FROM "lead_activities" WHERE "kind" = 'deal' ON CONFLICT DO NOTHING;
