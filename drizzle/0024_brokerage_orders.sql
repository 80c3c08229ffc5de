CREATE TABLE "brokerage_order_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brokerage_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"branch_id" uuid DEFAULT null NOT NULL,
	"lead_id" uuid,
	"contact_id" uuid,
	"agent_id" uuid,
	"side" text NOT NULL,
	"transaction_kind" text NOT NULL,
	"client_name" text NOT NULL,
	"client_id_number" text NOT NULL,
	"client_address" text NOT NULL,
	"client_phone" text NOT NULL,
	"client_email" text,
	"agency_name" text NOT NULL,
	"broker_name" text NOT NULL,
	"broker_licence" text NOT NULL,
	"broker_address" text NOT NULL,
	"properties" jsonb NOT NULL,
	"approx_price" integer NOT NULL,
	"fee_agorot" integer,
	"fee_percent_hundredths" integer,
	"vat_included" boolean NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"replaces_order_id" uuid,
	"revoke_reason" text,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"signature_key" text,
	"signature_method" text,
	"signer_typed_name" text,
	"signer_ip" text,
	"signer_user_agent" text,
	"signed_at_israel" text,
	"phone_proof" text,
	"consent_sha256" text,
	"html_snapshot" text,
	"html_sha256" text,
	"pdf_storage_key" text,
	"pdf_sha256" text
);
--> statement-breakpoint
ALTER TABLE "brokerage_order_links" ADD CONSTRAINT "brokerage_order_links_order_id_brokerage_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."brokerage_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brokerage_orders" ADD CONSTRAINT "brokerage_orders_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brokerage_orders" ADD CONSTRAINT "brokerage_orders_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brokerage_orders" ADD CONSTRAINT "brokerage_orders_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brokerage_orders" ADD CONSTRAINT "brokerage_orders_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brokerage_orders" ADD CONSTRAINT "brokerage_orders_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "brokerage_order_links_token_idx" ON "brokerage_order_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "brokerage_order_links_order_idx" ON "brokerage_order_links" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "brokerage_orders_lead_idx" ON "brokerage_orders" USING btree ("lead_id","created_at");--> statement-breakpoint
CREATE INDEX "brokerage_orders_branch_idx" ON "brokerage_orders" USING btree ("branch_id","created_at");--> statement-breakpoint
CREATE INDEX "brokerage_orders_agent_idx" ON "brokerage_orders" USING btree ("agent_id","status","sent_at");--> statement-breakpoint
CREATE INDEX "brokerage_orders_properties_idx" ON "brokerage_orders" USING gin ("properties");--> statement-breakpoint
CREATE INDEX "brokerage_orders_pdf_sha_idx" ON "brokerage_orders" USING btree ("pdf_sha256") WHERE "brokerage_orders"."pdf_sha256" is not null;--> statement-breakpoint
-- A signed order is evidence (docs/decisions/0040): after signing, only the revocation and the PDF (written once,
-- from nothing) may change; anything else is refused by the database itself, whatever the code above it does.
CREATE OR REPLACE FUNCTION brokerage_orders_keep_signed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  mutable text[] := ARRAY['status', 'revoke_reason', 'revoked_at', 'revoked_by', 'pdf_storage_key', 'pdf_sha256'];
BEGIN
  IF OLD.signed_at IS NULL THEN
    RETURN NEW;
  END IF;
  IF (to_jsonb(NEW) - mutable) IS DISTINCT FROM (to_jsonb(OLD) - mutable)
     OR (OLD.pdf_sha256 IS NOT NULL AND NEW.pdf_sha256 IS DISTINCT FROM OLD.pdf_sha256)
     OR (OLD.pdf_storage_key IS NOT NULL AND NEW.pdf_storage_key IS DISTINCT FROM OLD.pdf_storage_key)
     OR NEW.status NOT IN ('signed', 'revoked') THEN
    RAISE EXCEPTION 'a signed brokerage order cannot be changed' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER brokerage_orders_keep_signed BEFORE UPDATE ON "brokerage_orders"
  FOR EACH ROW EXECUTE FUNCTION brokerage_orders_keep_signed();
