CREATE TABLE "royalty_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"branch_id" uuid NOT NULL,
	"amount_agorot" integer NOT NULL,
	"paid_on" date NOT NULL,
	"for_month" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"voided_at" timestamp with time zone,
	"void_reason" text,
	"voided_by" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "royalty_payments_amount_check" CHECK ("royalty_payments"."amount_agorot" > 0),
	CONSTRAINT "royalty_payments_month_check" CHECK ("royalty_payments"."for_month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "royalty_payments_void_check" CHECK (("royalty_payments"."voided_at" is null) = ("royalty_payments"."void_reason" is null))
);
--> statement-breakpoint
ALTER TABLE "royalty_payments" ADD CONSTRAINT "royalty_payments_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_payments" ADD CONSTRAINT "royalty_payments_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_payments" ADD CONSTRAINT "royalty_payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "royalty_payments_branch_month_idx" ON "royalty_payments" USING btree ("branch_id","for_month");