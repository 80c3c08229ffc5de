ALTER TABLE "properties" ADD COLUMN "floor_number" integer GENERATED ALWAYS AS (case when "floor" = 'קרקע' then 0 when "floor" = 'מרתף' then -1 when "floor" ~ '^-?[0-9]{1,3}$' then "floor"::integer end) STORED;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "building_floors" integer;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "neighbourhood" text;--> statement-breakpoint
CREATE INDEX "properties_features_idx" ON "properties" USING gin ("features");--> statement-breakpoint
CREATE INDEX "properties_neighbourhood_idx" ON "properties" USING btree ("type_transaction","sold","city",lower(btrim("neighbourhood")));