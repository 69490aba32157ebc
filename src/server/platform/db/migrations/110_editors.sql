-- Editors (SPEC 6): a service's user who is not its site admin gets the modules of a role. A role is a
-- record of the schema module editor_roles (module_records, data.modules: the module names it
-- grants); deleting it leaves its editors with no module until they get another.
ALTER TABLE client_service_users
  ADD COLUMN role_id BIGINT REFERENCES module_records(id) ON DELETE SET NULL,
  ADD COLUMN created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  ADD COLUMN updated_at TIMESTAMPTZ NOT NULL DEFAULT now();
CREATE INDEX client_service_users_role ON client_service_users (role_id) WHERE role_id IS NOT NULL;

-- A role's modules decide access at once: changing or deleting a role drops the cached access
-- checks (migration 062's channel), as a change of a service's users does.
CREATE TRIGGER editor_roles_notify_access AFTER UPDATE OR DELETE ON module_records
  FOR EACH ROW WHEN (OLD.resource = 'editor_roles') EXECUTE FUNCTION panel_notify_access_changed();
