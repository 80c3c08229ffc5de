CREATE TABLE "geocode_cache" (
	"address_key" text PRIMARY KEY NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"label" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "lat" double precision;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "lng" double precision;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "public_lat" double precision;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "public_lng" double precision;--> statement-breakpoint
CREATE INDEX "properties_public_point_idx" ON "properties" USING btree ("type_transaction","sold","public_lat","public_lng") WHERE "properties"."public_lat" is not null;