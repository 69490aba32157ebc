-- The site delivery API (issue 15) keeps its answers in memory under the version of what they read:
-- a service's records of one resource. Raised by triggers in the writing transaction, so every
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
