CREATE TABLE "exclusivity_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"done_on" date NOT NULL,
	"action" text NOT NULL,
	"note" text,
	"evidence_url" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exclusivity_notices" (
	"order_id" uuid NOT NULL,
	"notice" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "brokerage_orders" ADD COLUMN "kind" text DEFAULT 'order' NOT NULL;--> statement-breakpoint
ALTER TABLE "brokerage_orders" ADD COLUMN "term_start" date;--> statement-breakpoint
ALTER TABLE "brokerage_orders" ADD COLUMN "term_end" date;--> statement-breakpoint
ALTER TABLE "brokerage_orders" ADD COLUMN "marketing_actions" jsonb;--> statement-breakpoint
ALTER TABLE "exclusivity_actions" ADD CONSTRAINT "exclusivity_actions_order_id_brokerage_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."brokerage_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exclusivity_actions" ADD CONSTRAINT "exclusivity_actions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exclusivity_notices" ADD CONSTRAINT "exclusivity_notices_order_id_brokerage_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."brokerage_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exclusivity_actions_order_idx" ON "exclusivity_actions" USING btree ("order_id","done_on");--> statement-breakpoint
CREATE UNIQUE INDEX "exclusivity_notices_once_idx" ON "exclusivity_notices" USING btree ("order_id","notice");--> statement-breakpoint
CREATE INDEX "brokerage_orders_term_end_idx" ON "brokerage_orders" USING btree ("term_end") WHERE "brokerage_orders"."kind" = 'exclusivity' and "brokerage_orders"."status" = 'signed';