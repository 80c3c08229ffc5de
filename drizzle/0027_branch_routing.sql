CREATE TABLE "branch_cities" (
	"city" text PRIMARY KEY NOT NULL,
	"branch_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "branch_lead_settings" (
	"branch_id" uuid PRIMARY KEY NOT NULL,
	"own" boolean DEFAULT false NOT NULL,
	"rules" jsonb,
	"city_agents" jsonb,
	"sla_minutes" integer,
	"office_opens" text,
	"office_closes" text,
	"round_robin_last_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "branch_cities" ADD CONSTRAINT "branch_cities_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_lead_settings" ADD CONSTRAINT "branch_lead_settings_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_lead_settings" ADD CONSTRAINT "branch_lead_settings_round_robin_last_id_users_id_fk" FOREIGN KEY ("round_robin_last_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "branch_cities_branch_idx" ON "branch_cities" USING btree ("branch_id");