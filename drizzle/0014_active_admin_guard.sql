-- The agency never loses its last active admin, whoever writes (the API, a CLI, the import, psql): a change that
-- leaves no active admin (a demotion, a deactivation, a deletion) fails at commit. Checked at commit, so one
-- transaction may hand the role over (promote one, then demote the other).
CREATE OR REPLACE FUNCTION users_keep_active_admin() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- One check at a time (the product's advisory-lock namespace, lock 'users-keep-active-admin'): two
  -- transactions that each remove a different admin cannot both see the other's admin still active.
  PERFORM pg_advisory_xact_lock(196798847, -206275264);
  IF NOT EXISTS (SELECT 1 FROM users WHERE role = 'admin' AND active) THEN
    RAISE EXCEPTION 'the last active admin cannot be demoted, deactivated or removed'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'users_active_admin';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER users_keep_active_admin AFTER UPDATE OF role, active OR DELETE ON users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.role = 'admin' AND OLD.active)
  EXECUTE FUNCTION users_keep_active_admin();
