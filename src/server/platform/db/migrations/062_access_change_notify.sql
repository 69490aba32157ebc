-- Every server process caches who may use which service and module (the check behind every service
-- call) and drops the cache when told on channel panel_access_changed. Such changes are rare (a
-- service, its users, its modules, a user's granted modules), so any of them drops everything.
CREATE FUNCTION panel_notify_access_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('panel_access_changed', '*');
  RETURN NULL;
END;
$$;

CREATE TRIGGER client_services_notify_access AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON client_services
  FOR EACH STATEMENT EXECUTE FUNCTION panel_notify_access_changed();
CREATE TRIGGER client_service_users_notify_access AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON client_service_users
  FOR EACH STATEMENT EXECUTE FUNCTION panel_notify_access_changed();
CREATE TRIGGER client_service_modules_notify_access AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON client_service_modules
  FOR EACH STATEMENT EXECUTE FUNCTION panel_notify_access_changed();
CREATE TRIGGER client_service_user_modules_notify_access AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON client_service_user_modules
  FOR EACH STATEMENT EXECUTE FUNCTION panel_notify_access_changed();
