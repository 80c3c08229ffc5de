CREATE TABLE "branches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"opening_hours" text DEFAULT '' NOT NULL,
	"legal_entity" text DEFAULT '' NOT NULL,
	"brokers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "branch_goals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"branch_id" uuid NOT NULL,
	"year" smallint NOT NULL,
	"month" smallint NOT NULL,
	"meetings" integer DEFAULT 0 NOT NULL,
	"exclusives" integer DEFAULT 0 NOT NULL,
	"price_updates" integer DEFAULT 0 NOT NULL,
	"buyer_tours" integer DEFAULT 0 NOT NULL,
	"price_offers" integer DEFAULT 0 NOT NULL,
	"deals" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "network_access" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The network's first branch (docs/decisions/0032-branches.md): the agency as it was, named and reached as its
-- settings say (the defaults of src/server/modules/settings/defaults.ts when an admin never saved them).
INSERT INTO "branches" ("name", "slug", "city", "address", "phone", "email", "opening_hours")
  SELECT coalesce(nullif(s."data"->>'agencyName', ''), 'LINK נדל"ן'), 'main',
    coalesce(s."data"->>'city', 'תל אביב-יפו'), coalesce(s."data"->>'address', 'דרך מנחם בגין 125'),
    coalesce(s."data"->>'phone', '03-555-1234'), coalesce(s."data"->>'email', 'office@example.com'),
    coalesce(s."data"->>'officeHours', 'ימים א׳-ה׳, 9:00-16:00')
  FROM (SELECT 1) AS one LEFT JOIN "agency_settings" s ON s."id" = 1;
--> statement-breakpoint
-- Every existing row joins the first branch. Added with that branch as the column's default and the default then
-- dropped: PostgreSQL records such a default without rewriting the table or firing its triggers, so a large
-- table moves in an instant and the indicator month totals are not touched.
DO $$
DECLARE
  first_branch uuid := (SELECT "id" FROM "branches" ORDER BY "created_at" LIMIT 1);
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['users', 'properties', 'contacts', 'leads', 'lead_activities', 'indicators', 'goals', 'user_role_history'] LOOP
    EXECUTE format('ALTER TABLE %I ADD COLUMN "branch_id" uuid NOT NULL DEFAULT %L', t, first_branch);
    EXECUTE format('ALTER TABLE %I ALTER COLUMN "branch_id" DROP DEFAULT', t);
  END LOOP;
END;
$$;
--> statement-breakpoint
-- Admins kept what they had: every branch (there was only one). New admins manage their branch unless given more.
UPDATE "users" SET "network_access" = true WHERE "role" = 'admin';
--> statement-breakpoint
-- The branch of a writer that names none: the oldest active branch (the head office).
CREATE OR REPLACE FUNCTION default_branch_id() RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT "id" FROM "branches" WHERE "active" ORDER BY "created_at", "id" LIMIT 1
$$;
--> statement-breakpoint
-- A row written without a branch takes its parent's (see src/server/db/schema/branch-column.ts): whoever writes
-- (the API, the import, the seed, psql), the row lands in a branch, and the right one where a parent says so.
CREATE OR REPLACE FUNCTION fill_branch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.branch_id IS NOT NULL THEN
    RETURN NEW;
  END IF;
  IF TG_TABLE_NAME = 'properties' THEN
    NEW.branch_id := (SELECT branch_id FROM users WHERE id = NEW.agent_id);
  ELSIF TG_TABLE_NAME = 'leads' THEN
    NEW.branch_id := coalesce(
      (SELECT branch_id FROM properties WHERE id = NEW.property_id),
      (SELECT branch_id FROM users WHERE id = NEW.owner_id));
  ELSIF TG_TABLE_NAME = 'lead_activities' THEN
    NEW.branch_id := (SELECT branch_id FROM leads WHERE id = NEW.lead_id);
  ELSIF TG_TABLE_NAME IN ('indicators', 'goals') THEN
    NEW.branch_id := (SELECT branch_id FROM users WHERE id = NEW.agent_id);
  ELSIF TG_TABLE_NAME = 'user_role_history' THEN
    NEW.branch_id := (SELECT branch_id FROM users WHERE id = NEW.user_id);
  END IF;
  NEW.branch_id := coalesce(NEW.branch_id, default_branch_id());
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_fill_branch BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION fill_branch();
--> statement-breakpoint
CREATE TRIGGER properties_fill_branch BEFORE INSERT ON properties FOR EACH ROW EXECUTE FUNCTION fill_branch();
--> statement-breakpoint
CREATE TRIGGER contacts_fill_branch BEFORE INSERT ON contacts FOR EACH ROW EXECUTE FUNCTION fill_branch();
--> statement-breakpoint
CREATE TRIGGER leads_fill_branch BEFORE INSERT ON leads FOR EACH ROW EXECUTE FUNCTION fill_branch();
--> statement-breakpoint
CREATE TRIGGER lead_activities_fill_branch BEFORE INSERT ON lead_activities FOR EACH ROW EXECUTE FUNCTION fill_branch();
--> statement-breakpoint
CREATE TRIGGER indicators_fill_branch BEFORE INSERT ON indicators FOR EACH ROW EXECUTE FUNCTION fill_branch();
--> statement-breakpoint
CREATE TRIGGER goals_fill_branch BEFORE INSERT ON goals FOR EACH ROW EXECUTE FUNCTION fill_branch();
--> statement-breakpoint
CREATE TRIGGER user_role_history_fill_branch BEFORE INSERT ON user_role_history
  FOR EACH ROW EXECUTE FUNCTION fill_branch();
--> statement-breakpoint
-- The role history (migration role_history) now dates the branch too: a move to another branch closes the
-- current period and opens the next, so past months stay with the branch the person was in then.
CREATE OR REPLACE FUNCTION user_role_history_record() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO user_role_history (user_id, role, company_role, branch_id, valid_from, valid_until, recorded_at)
      VALUES (NEW.id, NEW.role, NEW.company_role, NEW.branch_id, NULL, NULL, NEW.created_at);
  ELSIF NEW.role IS DISTINCT FROM OLD.role OR NEW.company_role IS DISTINCT FROM OLD.company_role
      OR NEW.branch_id IS DISTINCT FROM OLD.branch_id THEN
    -- A second change in the same transaction replaces the period the first one opened.
    UPDATE user_role_history SET role = NEW.role, company_role = NEW.company_role, branch_id = NEW.branch_id
      WHERE user_id = NEW.id AND valid_until IS NULL AND valid_from = now();
    IF NOT FOUND THEN
      UPDATE user_role_history SET valid_until = now() WHERE user_id = NEW.id AND valid_until IS NULL;
      INSERT INTO user_role_history (user_id, role, company_role, branch_id, valid_from)
        VALUES (NEW.id, NEW.role, NEW.company_role, NEW.branch_id, now());
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER users_role_history_update ON users;
--> statement-breakpoint
CREATE TRIGGER users_role_history_update AFTER UPDATE OF role, company_role, branch_id ON users
  FOR EACH ROW EXECUTE FUNCTION user_role_history_record();
--> statement-breakpoint
ALTER TABLE "branch_goals" ADD CONSTRAINT "branch_goals_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "branches_slug_idx" ON "branches" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "branches_name_idx" ON "branches" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "branch_goals_branch_month_idx" ON "branch_goals" USING btree ("branch_id","year","month");--> statement-breakpoint
CREATE INDEX "branch_goals_month_idx" ON "branch_goals" USING btree ("year","month");--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_activities" ADD CONSTRAINT "lead_activities_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "indicators" ADD CONSTRAINT "indicators_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_role_history" ADD CONSTRAINT "user_role_history_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_branch_idx" ON "leads" USING btree ("branch_id","created_at");--> statement-breakpoint
CREATE INDEX "properties_branch_created_idx" ON "properties" USING btree ("branch_id","created_at");--> statement-breakpoint
CREATE INDEX "users_branch_idx" ON "users" USING btree ("branch_id");