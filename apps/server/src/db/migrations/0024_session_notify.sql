-- Signed-in users are kept briefly in each API process (modules/auth/session.store.ts). Every change that can end a
-- session or change what its user may do — a user row updated or removed, a session removed — tells every process
-- on the channel `cd_sessions` (payload: the user's id), whatever code made it, so none serves a stale user.
CREATE OR REPLACE FUNCTION cd_sessions_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('cd_sessions', OLD.id::text);
  ELSE
    PERFORM pg_notify('cd_sessions', OLD.user_id::text);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER users_sessions_notify AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION cd_sessions_notify();--> statement-breakpoint
CREATE TRIGGER sessions_notify AFTER DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION cd_sessions_notify();
