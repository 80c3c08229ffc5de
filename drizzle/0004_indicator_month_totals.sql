CREATE TABLE "indicator_month_totals" (
	"agent_id" uuid NOT NULL,
	"year" smallint NOT NULL,
	"month" smallint NOT NULL,
	"meetings" integer DEFAULT 0 NOT NULL,
	"exclusives" integer DEFAULT 0 NOT NULL,
	"price_updates" integer DEFAULT 0 NOT NULL,
	"buyer_tours" integer DEFAULT 0 NOT NULL,
	"price_offers" integer DEFAULT 0 NOT NULL,
	"deals" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "indicator_month_totals_agent_id_year_month_pk" PRIMARY KEY("agent_id","year","month")
);
--> statement-breakpoint
ALTER TABLE "indicator_month_totals" ADD CONSTRAINT "indicator_month_totals_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "indicator_month_totals_month_idx" ON "indicator_month_totals" USING btree ("year","month");