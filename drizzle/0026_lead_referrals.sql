CREATE TABLE "lead_referrals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"from_branch_id" uuid NOT NULL,
	"to_branch_id" uuid NOT NULL,
	"fee_percent" integer NOT NULL,
	"referred_by" uuid,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decline_reason" text,
	"decided_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "lead_referrals_fee_check" CHECK ("lead_referrals"."fee_percent" between 0 and 100),
	CONSTRAINT "lead_referrals_branches_check" CHECK ("lead_referrals"."from_branch_id" <> "lead_referrals"."to_branch_id"),
	CONSTRAINT "lead_referrals_status_check" CHECK ("lead_referrals"."status" in ('pending', 'accepted', 'declined'))
);
--> statement-breakpoint
ALTER TABLE "lead_referrals" ADD CONSTRAINT "lead_referrals_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_referrals" ADD CONSTRAINT "lead_referrals_from_branch_id_branches_id_fk" FOREIGN KEY ("from_branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_referrals" ADD CONSTRAINT "lead_referrals_to_branch_id_branches_id_fk" FOREIGN KEY ("to_branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_referrals" ADD CONSTRAINT "lead_referrals_referred_by_users_id_fk" FOREIGN KEY ("referred_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_referrals" ADD CONSTRAINT "lead_referrals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lead_referrals_pending_idx" ON "lead_referrals" USING btree ("lead_id") WHERE "lead_referrals"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "lead_referrals_from_idx" ON "lead_referrals" USING btree ("from_branch_id","created_at");--> statement-breakpoint
CREATE INDEX "lead_referrals_to_idx" ON "lead_referrals" USING btree ("to_branch_id","created_at");--> statement-breakpoint
CREATE INDEX "lead_referrals_created_idx" ON "lead_referrals" USING btree ("created_at");