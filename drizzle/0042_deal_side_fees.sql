ALTER TABLE "lead_activities" ADD COLUMN "buyer_side_fee" integer;--> statement-breakpoint
ALTER TABLE "lead_activities" ADD COLUMN "buyer_side_fee_includes_vat" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_activities" ADD COLUMN "seller_side_fee" integer;--> statement-breakpoint
ALTER TABLE "lead_activities" ADD COLUMN "seller_side_fee_includes_vat" boolean DEFAULT false NOT NULL;