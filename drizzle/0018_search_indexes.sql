DROP INDEX "properties_search_idx";--> statement-breakpoint
DROP INDEX "properties_type_price_idx";--> statement-breakpoint
CREATE INDEX "properties_city_newest_idx" ON "properties" USING btree ("type_transaction","sold","city","created_at" DESC NULLS FIRST,"id","category","price","rooms");--> statement-breakpoint
CREATE INDEX "properties_type_newest_idx" ON "properties" USING btree ("type_transaction","sold","created_at" DESC NULLS FIRST,"id","city","category","price","rooms");--> statement-breakpoint
CREATE INDEX "properties_category_idx" ON "properties" USING btree ("type_transaction","sold","category","price","city","rooms","created_at","id");--> statement-breakpoint
CREATE INDEX "properties_sold_recent_idx" ON "properties" USING btree ("type_transaction","updated_at" DESC NULLS FIRST,"id","city","category","price","rooms") WHERE "properties"."sold";--> statement-breakpoint
CREATE INDEX "properties_search_idx" ON "properties" USING btree ("type_transaction","sold","city","price","category","rooms","created_at","id");--> statement-breakpoint
CREATE INDEX "properties_type_price_idx" ON "properties" USING btree ("type_transaction","sold","price","city","category","rooms","created_at","id");