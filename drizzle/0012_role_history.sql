CREATE TABLE "user_role_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"role" "user_role" NOT NULL,
	"company_role" text,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_role_history" ADD CONSTRAINT "user_role_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_role_history_user_idx" ON "user_role_history" USING btree ("user_id","valid_from");--> statement-breakpoint
CREATE UNIQUE INDEX "user_role_history_current_idx" ON "user_role_history" USING btree ("user_id") WHERE "user_role_history"."valid_until" is null;--> statement-breakpoint
-- Every user's role as it is today, as their first period: it reaches back before the account was created
-- (entries can predate it: an import, a backdated entry), since nothing earlier is known.
INSERT INTO "user_role_history" ("user_id", "role", "company_role", "valid_from", "valid_until", "recorded_at")
  SELECT "id", "role", "company_role", NULL, NULL, "created_at" FROM "users";
--> statement-breakpoint
-- Keeps the history as users are written, by any writer: a new user opens its first period; a change of role
-- or companyRole closes the current period now and opens the next.
CREATE OR REPLACE FUNCTION user_role_history_record() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO user_role_history (user_id, role, company_role, valid_from, valid_until, recorded_at)
      VALUES (NEW.id, NEW.role, NEW.company_role, NULL, NULL, NEW.created_at);
  ELSIF NEW.role IS DISTINCT FROM OLD.role OR NEW.company_role IS DISTINCT FROM OLD.company_role THEN
    -- A second change in the same transaction replaces the period the first one opened.
    UPDATE user_role_history SET role = NEW.role, company_role = NEW.company_role
      WHERE user_id = NEW.id AND valid_until IS NULL AND valid_from = now();
    IF NOT FOUND THEN
      UPDATE user_role_history SET valid_until = now() WHERE user_id = NEW.id AND valid_until IS NULL;
      INSERT INTO user_role_history (user_id, role, company_role, valid_from)
        VALUES (NEW.id, NEW.role, NEW.company_role, now());
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_role_history_insert AFTER INSERT ON users
  FOR EACH ROW EXECUTE FUNCTION user_role_history_record();
--> statement-breakpoint
CREATE TRIGGER users_role_history_update AFTER UPDATE OF role, company_role ON users
  FOR EACH ROW EXECUTE FUNCTION user_role_history_record();
