CREATE TABLE "contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"phone_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"agent_id" uuid,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"amount" integer,
	"price" integer,
	"commission" integer,
	"second_agent_id" uuid,
	"second_agent_commission" integer,
	"from_status" text,
	"to_status" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"rules" jsonb,
	"city_agents" jsonb,
	"sla_minutes" integer,
	"office_opens" text,
	"office_closes" text,
	"round_robin_last_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "contact_id" uuid;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "source" text DEFAULT 'homeForm' NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "valuation" jsonb;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "loss_reason" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "loss_text" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "next_touch_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "routing_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "first_contact_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "escalated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "touch_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "indicators" ADD COLUMN "activity_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "takes_leads" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "leave_from" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "leave_until" date;--> statement-breakpoint
-- Existing leads and inquiries become leads of contacts. The contact key is the normalized Israeli mobile
-- number, the SQL twin of normalizeIsraeliMobile (src/shared/domain/phone.ts; migration test checks they agree).
CREATE FUNCTION pipeline_phone_key(phone text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p ~ '^(?:(?:\+972|972)[-. ]?|0)?5\d[-. ]?\d{3}[-. ]?\d{4}$'
    THEN '+972' || regexp_replace(regexp_replace(p, '\D', '', 'g'), '^(972|0)', '') END
  FROM (SELECT regexp_replace(regexp_replace(phone,
    '[\u00A0\u061C\u2007\u200B-\u200F\u202A-\u202F\u2060\u2066-\u2069\uFEFF]', '', 'g'),
    '^\s+|\s+$', '', 'g') AS p) AS cleaned
$$;
--> statement-breakpoint
-- Inquiries kept a message (empty when none was written); lead-form leads had none.
UPDATE "leads" SET "source" = 'propertyInquiry' WHERE "message" IS NOT NULL;--> statement-breakpoint
UPDATE "leads" SET "message" = '' WHERE "message" IS NULL;--> statement-breakpoint
ALTER TABLE "leads" ALTER COLUMN "message" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "leads" ALTER COLUMN "message" SET NOT NULL;--> statement-breakpoint
-- One contact per mobile number (named as its latest lead, from its first lead's time)...
INSERT INTO "contacts" ("name", "phone", "phone_key", "created_at", "updated_at")
  SELECT DISTINCT ON (key) "name", "phone", key, first_at, "created_at"
  FROM (SELECT "name", "phone", "created_at", pipeline_phone_key("phone") AS key,
          min("created_at") OVER (PARTITION BY pipeline_phone_key("phone")) AS first_at
        FROM "leads") AS keyed
  WHERE key IS NOT NULL
  ORDER BY key, "created_at" DESC;
--> statement-breakpoint
UPDATE "leads" SET "contact_id" = c."id" FROM "contacts" c WHERE c."phone_key" = pipeline_phone_key("leads"."phone");
--> statement-breakpoint
-- ...and a contact of its own for each lead whose phone is not a mobile number (it never merges).
INSERT INTO "contacts" ("id", "name", "phone", "phone_key", "created_at", "updated_at")
  SELECT "id", "name", "phone", NULL, "created_at", "created_at" FROM "leads" WHERE "contact_id" IS NULL;
--> statement-breakpoint
UPDATE "leads" SET "contact_id" = "id" WHERE "contact_id" IS NULL;--> statement-breakpoint
ALTER TABLE "leads" ALTER COLUMN "contact_id" SET NOT NULL;--> statement-breakpoint
-- Owner: the agent the inquiry went to, else the office manager, else an admin; status new.
UPDATE "leads" SET "owner_id" = "agent_id", "routing_reason" = 'הסוכן של הנכס' WHERE "agent_id" IS NOT NULL;
--> statement-breakpoint
UPDATE "leads" SET
  "owner_id" = coalesce(
    (SELECT "id" FROM "users" WHERE "active" AND "company_role" IN ('מנהלת משרד', 'מנהל משרד') ORDER BY "name", "id" LIMIT 1),
    (SELECT "id" FROM "users" WHERE "active" AND "role" = 'admin' ORDER BY "name", "id" LIMIT 1)),
  "routing_reason" = 'אין סוכן זמין: הועבר לניהול המשרד'
  WHERE "agent_id" IS NULL;
--> statement-breakpoint
UPDATE "leads" SET "routing_reason" = 'אין למי להעביר: הליד ממתין לשיוך' WHERE "owner_id" IS NULL;--> statement-breakpoint
UPDATE "leads" SET "updated_at" = "created_at";--> statement-breakpoint
-- Moved leads are not escalated by the new response clock: they arrived before it ran.
UPDATE "leads" SET "escalated_at" = now() WHERE "created_at" < now() - interval '1 day';--> statement-breakpoint
DROP FUNCTION pipeline_phone_key(text);--> statement-breakpoint
DROP INDEX "leads_agent_idx";--> statement-breakpoint
ALTER TABLE "leads" DROP CONSTRAINT "leads_agent_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "leads" DROP COLUMN "agent_id";--> statement-breakpoint
INSERT INTO "lead_settings" ("id") VALUES (1);--> statement-breakpoint
ALTER TABLE "lead_activities" ADD CONSTRAINT "lead_activities_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_activities" ADD CONSTRAINT "lead_activities_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_activities" ADD CONSTRAINT "lead_activities_second_agent_id_users_id_fk" FOREIGN KEY ("second_agent_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_activities" ADD CONSTRAINT "lead_activities_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_settings" ADD CONSTRAINT "lead_settings_round_robin_last_id_users_id_fk" FOREIGN KEY ("round_robin_last_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_phone_key_idx" ON "contacts" USING btree ("phone_key") WHERE "contacts"."phone_key" is not null;--> statement-breakpoint
CREATE INDEX "contacts_created_idx" ON "contacts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "lead_activities_lead_idx" ON "lead_activities" USING btree ("lead_id","occurred_at");--> statement-breakpoint
CREATE INDEX "lead_activities_agent_idx" ON "lead_activities" USING btree ("agent_id","occurred_at");--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "indicators" ADD CONSTRAINT "indicators_activity_id_lead_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."lead_activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_owner_idx" ON "leads" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "leads_contact_idx" ON "leads" USING btree ("contact_id","created_at");--> statement-breakpoint
CREATE INDEX "leads_status_idx" ON "leads" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "leads_waiting_idx" ON "leads" USING btree ("created_at") WHERE "leads"."first_contact_at" is null and "leads"."escalated_at" is null;--> statement-breakpoint
CREATE INDEX "leads_next_touch_idx" ON "leads" USING btree ("next_touch_at") WHERE "leads"."next_touch_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "indicators_activity_idx" ON "indicators" USING btree ("activity_id");