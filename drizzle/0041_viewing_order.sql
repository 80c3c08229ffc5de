ALTER TABLE "viewings" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "viewings" ADD COLUMN "order_problem" text;--> statement-breakpoint
ALTER TABLE "viewings" ADD CONSTRAINT "viewings_order_id_brokerage_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."brokerage_orders"("id") ON DELETE set null ON UPDATE no action;