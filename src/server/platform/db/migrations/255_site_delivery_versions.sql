-- The site delivery API (issue 15) keeps its answers in memory under the version of what they read:
-- a service's records of one resource; and which service a domain or key names under the version
-- of the service's addresses (resource ''). Raised by triggers in the writing transaction, so every
-- write counts (the engine's, an import's, a cascade's, another server process's) and the next
-- read of any process sees the new version at once.
CREATE TABLE site_delivery_versions (
  client_service_id INTEGER NOT NULL,
  resource TEXT NOT NULL,
  version BIGINT NOT NULL,
  PRIMARY KEY (client_service_id, resource)
);

-- One upsert per statement, in key order (concurrent writers lock the rows in the same order).
-- Only a service's own records are delivered: a user's or an admin record changes no version.
CREATE FUNCTION site_delivery_versions_raise() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed TEXT := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT resource, client_service_id, user_id FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT resource, client_service_id, user_id FROM old_rows'
    ELSE 'SELECT resource, client_service_id, user_id FROM old_rows UNION ALL SELECT resource, client_service_id, user_id FROM new_rows'
  END;
BEGIN
  EXECUTE format($sql$
    INSERT INTO site_delivery_versions AS v (client_service_id, resource, version)
    SELECT DISTINCT r.client_service_id, r.resource, 1 FROM (%s) r
     WHERE r.client_service_id IS NOT NULL AND r.user_id IS NULL
     ORDER BY 1, 2
    ON CONFLICT (client_service_id, resource) DO UPDATE SET version = v.version + 1
  $sql$, changed);
  RETURN NULL;
END
$$;

CREATE TRIGGER site_delivery_versions_insert AFTER INSERT ON module_records REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION site_delivery_versions_raise();
CREATE TRIGGER site_delivery_versions_update AFTER UPDATE ON module_records REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION site_delivery_versions_raise();
CREATE TRIGGER site_delivery_versions_delete AFTER DELETE ON module_records REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION site_delivery_versions_raise();

-- What names a service to the delivery API: its domains, its delivery key, its modules. `service`
-- is the column naming the service in the table written.
CREATE FUNCTION site_delivery_addresses_raise() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed TEXT := CASE TG_OP
    WHEN 'INSERT' THEN format('SELECT %I AS service FROM new_rows', TG_ARGV[0])
    WHEN 'DELETE' THEN format('SELECT %I AS service FROM old_rows', TG_ARGV[0])
    ELSE format('SELECT %I AS service FROM old_rows UNION ALL SELECT %I FROM new_rows', TG_ARGV[0], TG_ARGV[0])
  END;
BEGIN
  EXECUTE format($sql$
    INSERT INTO site_delivery_versions AS v (client_service_id, resource, version)
    SELECT DISTINCT r.service, '', 1 FROM (%s) r ORDER BY 1
    ON CONFLICT (client_service_id, resource) DO UPDATE SET version = v.version + 1
  $sql$, changed);
  RETURN NULL;
END
$$;

CREATE TRIGGER site_delivery_addresses_insert AFTER INSERT ON client_service_domains REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION site_delivery_addresses_raise('client_service_id');
CREATE TRIGGER site_delivery_addresses_update AFTER UPDATE ON client_service_domains REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION site_delivery_addresses_raise('client_service_id');
CREATE TRIGGER site_delivery_addresses_delete AFTER DELETE ON client_service_domains REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION site_delivery_addresses_raise('client_service_id');
CREATE TRIGGER site_delivery_addresses_insert AFTER INSERT ON client_service_modules REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION site_delivery_addresses_raise('client_service_id');
CREATE TRIGGER site_delivery_addresses_update AFTER UPDATE ON client_service_modules REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION site_delivery_addresses_raise('client_service_id');
CREATE TRIGGER site_delivery_addresses_delete AFTER DELETE ON client_service_modules REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION site_delivery_addresses_raise('client_service_id');

-- A rotated key (per row: a column list takes no transition tables, and only the key matters).
CREATE FUNCTION site_delivery_key_raise() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO site_delivery_versions AS v (client_service_id, resource, version) VALUES (NEW.id, '', 1)
  ON CONFLICT (client_service_id, resource) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END
$$;

CREATE TRIGGER site_delivery_key_update AFTER UPDATE OF delivery_key_hash ON client_services
  FOR EACH ROW WHEN (OLD.delivery_key_hash IS DISTINCT FROM NEW.delivery_key_hash) EXECUTE FUNCTION site_delivery_key_raise();
