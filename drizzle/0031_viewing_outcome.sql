ALTER TABLE "viewings" ADD COLUMN "interest" integer;--> statement-breakpoint
ALTER TABLE "viewings" ADD COLUMN "outcome_notes" text;--> statement-breakpoint
ALTER TABLE "viewings" ADD COLUMN "outcome_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "viewings" ADD COLUMN "outcome_by" uuid;--> statement-breakpoint
ALTER TABLE "viewings" ADD COLUMN "tour_activity_id" uuid;--> statement-breakpoint
ALTER TABLE "viewings" ADD CONSTRAINT "viewings_outcome_by_users_id_fk" FOREIGN KEY ("outcome_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewings" ADD CONSTRAINT "viewings_tour_activity_id_lead_activities_id_fk" FOREIGN KEY ("tour_activity_id") REFERENCES "public"."lead_activities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewings" ADD CONSTRAINT "viewings_interest" CHECK ("viewings"."interest" is null or "viewings"."interest" between 1 and 5);