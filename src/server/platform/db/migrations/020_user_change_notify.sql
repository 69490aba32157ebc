-- Every server process caches what GET /api/user answers and drops an entry when told on channel
-- panel_user_changed: the payload is a user id, or '*' when every user's answer may have changed.
CREATE FUNCTION panel_notify_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('panel_user_changed', '*');
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('panel_user_changed', OLD.id::text);
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('panel_user_changed', NEW.user_id::text);
  ELSE
    PERFORM pg_notify('panel_user_changed', OLD.user_id::text);
    IF TG_OP = 'UPDATE' THEN
      PERFORM pg_notify('panel_user_changed', NEW.user_id::text);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER users_notify_changed AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION panel_notify_user_changed();
CREATE TRIGGER users_notify_truncated AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION panel_notify_user_changed();
CREATE TRIGGER regulation_acceptances_notify_changed AFTER INSERT OR UPDATE OR DELETE ON regulation_acceptances
  FOR EACH ROW EXECUTE FUNCTION panel_notify_user_changed();
CREATE TRIGGER regulation_acceptances_notify_truncated AFTER TRUNCATE ON regulation_acceptances
  FOR EACH STATEMENT EXECUTE FUNCTION panel_notify_user_changed();
-- Any change to regulations may change is_regulations for everyone.
CREATE TRIGGER regulations_notify_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON regulations
  FOR EACH STATEMENT EXECUTE FUNCTION panel_notify_user_changed();
