DROP INDEX "leads_created_idx";--> statement-breakpoint
DROP INDEX "leads_owner_idx";--> statement-breakpoint
DROP INDEX "leads_branch_idx";--> statement-breakpoint
DROP INDEX "leads_status_idx";--> statement-breakpoint
CREATE INDEX "leads_owner_status_idx" ON "leads" USING btree ("owner_id","status","updated_at","id");--> statement-breakpoint
CREATE INDEX "leads_branch_status_idx" ON "leads" USING btree ("branch_id","status","updated_at","id");--> statement-breakpoint
CREATE INDEX "leads_created_idx" ON "leads" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "leads_owner_idx" ON "leads" USING btree ("owner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "leads_branch_idx" ON "leads" USING btree ("branch_id","created_at","id");--> statement-breakpoint
CREATE INDEX "leads_status_idx" ON "leads" USING btree ("status","updated_at","id");