-- Every server process caches which sessions (refresh token families) are live, for the check of
-- each access token, and drops an entry when told on channel panel_session_changed: the payload is
-- a family id, or '*' when every session may have changed.
CREATE FUNCTION panel_notify_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('panel_session_changed', '*');
  ELSE
    PERFORM pg_notify('panel_session_changed', OLD.family_id);
  END IF;
  RETURN NULL;
END;
$$;

-- New tokens need no notification: nothing can have cached their family as ended before it began.
CREATE TRIGGER refresh_tokens_notify_changed AFTER UPDATE OF revoked_at, expires_at ON refresh_tokens
  FOR EACH ROW WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.expires_at IS DISTINCT FROM NEW.expires_at)
  EXECUTE FUNCTION panel_notify_session_changed();
CREATE TRIGGER refresh_tokens_notify_deleted AFTER DELETE ON refresh_tokens
  FOR EACH ROW EXECUTE FUNCTION panel_notify_session_changed();
CREATE TRIGGER refresh_tokens_notify_truncated AFTER TRUNCATE ON refresh_tokens
  FOR EACH STATEMENT EXECUTE FUNCTION panel_notify_session_changed();
