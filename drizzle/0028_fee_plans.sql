CREATE TABLE "fee_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"branch_id" uuid NOT NULL,
	"effective_from" date NOT NULL,
	"royalty_bp" integer NOT NULL,
	"royalty_cap_agorot" integer,
	"monthly_fee_agorot" integer DEFAULT 0 NOT NULL,
	"split_kind" text NOT NULL,
	"agent_bp" integer,
	"tiers" jsonb,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_plans_royalty_check" CHECK ("fee_plans"."royalty_bp" between 0 and 10000),
	CONSTRAINT "fee_plans_cap_check" CHECK ("fee_plans"."royalty_cap_agorot" is null or "fee_plans"."royalty_cap_agorot" >= 0),
	CONSTRAINT "fee_plans_monthly_check" CHECK ("fee_plans"."monthly_fee_agorot" >= 0),
	CONSTRAINT "fee_plans_split_check" CHECK (("fee_plans"."split_kind" = 'fixed' and "fee_plans"."agent_bp" between 0 and 10000 and "fee_plans"."tiers" is null) or ("fee_plans"."split_kind" = 'tiers' and "fee_plans"."agent_bp" is null and "fee_plans"."tiers" is not null))
);
--> statement-breakpoint
CREATE TABLE "vat_rates" (
	"starts_on" date PRIMARY KEY NOT NULL,
	"rate_bp" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vat_rates_rate_check" CHECK ("vat_rates"."rate_bp" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "fee_plans" ADD CONSTRAINT "fee_plans_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_plans" ADD CONSTRAINT "fee_plans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fee_plans_branch_from_idx" ON "fee_plans" USING btree ("branch_id","effective_from");--> statement-breakpoint
-- Israel's VAT rates since 2013 (17% from October 2015, 18% from January 2025); the earliest serves older deals.
INSERT INTO "vat_rates" ("starts_on", "rate_bp") VALUES ('2013-06-02', 1800), ('2015-10-01', 1700), ('2025-01-01', 1800) ON CONFLICT DO NOTHING;
