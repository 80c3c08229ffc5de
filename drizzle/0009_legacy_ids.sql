ALTER TABLE "goals" ADD COLUMN "legacy_id" text;--> statement-breakpoint
ALTER TABLE "indicators" ADD COLUMN "legacy_id" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "legacy_id" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "external_images" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "report_contacts" ADD COLUMN "legacy_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "legacy_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "goals_legacy_id_idx" ON "goals" USING btree ("legacy_id");--> statement-breakpoint
CREATE UNIQUE INDEX "indicators_legacy_id_idx" ON "indicators" USING btree ("legacy_id");--> statement-breakpoint
CREATE UNIQUE INDEX "properties_legacy_id_idx" ON "properties" USING btree ("legacy_id");--> statement-breakpoint
CREATE UNIQUE INDEX "report_contacts_legacy_id_idx" ON "report_contacts" USING btree ("legacy_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_legacy_id_idx" ON "users" USING btree ("legacy_id");