ALTER TABLE "leads" ADD COLUMN "property_id" uuid;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "agent_id" uuid;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "message" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "cc" text;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_property_idx" ON "leads" USING btree ("property_id","created_at");--> statement-breakpoint
CREATE INDEX "leads_agent_idx" ON "leads" USING btree ("agent_id","created_at");