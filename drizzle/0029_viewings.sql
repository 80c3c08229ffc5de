CREATE TABLE "agent_availability" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"weekday" integer NOT NULL,
	"from_minute" integer NOT NULL,
	"to_minute" integer NOT NULL,
	CONSTRAINT "agent_availability_window" CHECK ("agent_availability"."weekday" between 0 and 6 and "agent_availability"."from_minute" >= 0
      and "agent_availability"."to_minute" <= 1440 and "agent_availability"."from_minute" < "agent_availability"."to_minute")
);
--> statement-breakpoint
CREATE TABLE "property_viewing_settings" (
	"property_id" uuid PRIMARY KEY NOT NULL,
	"booking_mode" text DEFAULT 'request' NOT NULL,
	"capacity" integer DEFAULT 1 NOT NULL,
	"slot_minutes" integer DEFAULT 30 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "property_viewing_settings_mode" CHECK ("property_viewing_settings"."booking_mode" in ('instant', 'request')),
	CONSTRAINT "property_viewing_settings_capacity" CHECK ("property_viewing_settings"."capacity" between 1 and 50),
	CONSTRAINT "property_viewing_settings_slot" CHECK ("property_viewing_settings"."slot_minutes" between 10 and 240)
);
--> statement-breakpoint
CREATE TABLE "viewing_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid,
	"property_id" uuid,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "viewing_blocks_owner" CHECK (("viewing_blocks"."agent_id" is null) <> ("viewing_blocks"."property_id" is null)),
	CONSTRAINT "viewing_blocks_span" CHECK ("viewing_blocks"."starts_at" < "viewing_blocks"."ends_at")
);
--> statement-breakpoint
CREATE TABLE "viewings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"agent_id" uuid,
	"branch_id" uuid DEFAULT null NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"proposals" text[] DEFAULT '{}'::text[] NOT NULL,
	"seats" integer DEFAULT 1 NOT NULL,
	"visitor_name" text NOT NULL,
	"visitor_phone" text NOT NULL,
	"visitor_email" text,
	"contact_id" uuid,
	"lead_id" uuid,
	"status" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "viewings_status" CHECK ("viewings"."status" in ('requested', 'confirmed', 'cancelled', 'done', 'no_show')),
	CONSTRAINT "viewings_span" CHECK ("viewings"."starts_at" < "viewings"."ends_at"),
	CONSTRAINT "viewings_seats" CHECK ("viewings"."seats" >= 1)
);
--> statement-breakpoint
ALTER TABLE "agent_availability" ADD CONSTRAINT "agent_availability_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_viewing_settings" ADD CONSTRAINT "property_viewing_settings_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewing_blocks" ADD CONSTRAINT "viewing_blocks_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewing_blocks" ADD CONSTRAINT "viewing_blocks_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewing_blocks" ADD CONSTRAINT "viewing_blocks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewings" ADD CONSTRAINT "viewings_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewings" ADD CONSTRAINT "viewings_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewings" ADD CONSTRAINT "viewings_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewings" ADD CONSTRAINT "viewings_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewings" ADD CONSTRAINT "viewings_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_availability_agent_idx" ON "agent_availability" USING btree ("agent_id","weekday");--> statement-breakpoint
CREATE INDEX "viewing_blocks_agent_idx" ON "viewing_blocks" USING btree ("agent_id","starts_at");--> statement-breakpoint
CREATE INDEX "viewing_blocks_property_idx" ON "viewing_blocks" USING btree ("property_id","starts_at");--> statement-breakpoint
CREATE INDEX "viewings_agent_idx" ON "viewings" USING btree ("agent_id","starts_at");--> statement-breakpoint
CREATE INDEX "viewings_property_idx" ON "viewings" USING btree ("property_id","starts_at");--> statement-breakpoint
CREATE INDEX "viewings_branch_idx" ON "viewings" USING btree ("branch_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "viewings_token_idx" ON "viewings" USING btree ("token_hash");