-- The ids each raised version of site_delivery_versions (migration 255) changed, so that the
-- delivery API updates the ordered list of a service's published records it keeps by re-reading
-- those records alone instead of all of them (issue 15). Only the last versions are kept: a reader
-- further behind, or a statement that changed more records than listed here (ids NULL), reads all.
CREATE TABLE site_delivery_changes (
  client_service_id INTEGER NOT NULL,
  resource TEXT NOT NULL,
  version BIGINT NOT NULL,
  ids BIGINT[],
  PRIMARY KEY (client_service_id, resource, version)
);

-- Fired after 255's site_delivery_versions_insert, _update or _delete (PostgreSQL fires a table's
-- triggers of one event in the order of their names), so the version it logs is the one this
-- statement raised.
-- A session that set panel.site_delivery_notify (the embedded database's only one, where a
-- notification reaches the server before the committing query resolves) is also told each version
-- raised, as "service resource version", on channel site_delivery_versions: its reads need not ask.
-- Static statements, so that each is planned once per session, not at every write.
CREATE FUNCTION site_delivery_changes_log() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids BIGINT[];
  services INTEGER[];
  resources TEXT[];
  notified INTEGER;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(id), array_agg(client_service_id), array_agg(resource) INTO ids, services, resources FROM new_rows WHERE user_id IS NULL;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(id), array_agg(client_service_id), array_agg(resource) INTO ids, services, resources FROM old_rows WHERE user_id IS NULL;
  ELSE
    SELECT array_agg(id), array_agg(client_service_id), array_agg(resource) INTO ids, services, resources
      FROM (SELECT id, client_service_id, resource, user_id FROM old_rows UNION ALL SELECT id, client_service_id, resource, user_id FROM new_rows) r WHERE user_id IS NULL;
  END IF;
  WITH logged AS (
    INSERT INTO site_delivery_changes (client_service_id, resource, version, ids)
    SELECT r.client_service_id, r.resource, v.version, CASE WHEN count(DISTINCT r.id) <= 1000 THEN array_agg(DISTINCT r.id) END
      FROM unnest(ids, services, resources) AS r (id, client_service_id, resource)
      JOIN site_delivery_versions v ON v.client_service_id = r.client_service_id AND v.resource = r.resource
     GROUP BY r.client_service_id, r.resource, v.version
    RETURNING client_service_id, resource, version
  ), pruned AS (
    DELETE FROM site_delivery_changes c USING logged l
     WHERE c.client_service_id = l.client_service_id AND c.resource = l.resource AND c.version <= l.version - 64
  )
  SELECT count(pg_notify('site_delivery_versions', concat_ws(' ', client_service_id, resource, version))) INTO notified
    FROM logged WHERE coalesce(current_setting('panel.site_delivery_notify', true), '') = 'on';
  RETURN NULL;
END
$$;

CREATE TRIGGER site_delivery_versions_insert_then_changes AFTER INSERT ON module_records REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION site_delivery_changes_log();
CREATE TRIGGER site_delivery_versions_update_then_changes AFTER UPDATE ON module_records REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION site_delivery_changes_log();
CREATE TRIGGER site_delivery_versions_delete_then_changes AFTER DELETE ON module_records REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION site_delivery_changes_log();

-- Such a session is told "*" when what names a service to the delivery API may have changed (its
-- domains, its modules, its key: what raises the addresses version in 255).
CREATE FUNCTION site_delivery_addresses_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('panel.site_delivery_notify', true), '') = 'on' THEN
    PERFORM pg_notify('site_delivery_versions', '*');
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER site_delivery_addresses_notify AFTER INSERT OR UPDATE OR DELETE ON client_service_domains
  FOR EACH STATEMENT EXECUTE FUNCTION site_delivery_addresses_notify();
CREATE TRIGGER site_delivery_addresses_notify AFTER INSERT OR UPDATE OR DELETE ON client_service_modules
  FOR EACH STATEMENT EXECUTE FUNCTION site_delivery_addresses_notify();
CREATE TRIGGER site_delivery_addresses_notify AFTER UPDATE OF delivery_key_hash ON client_services
  FOR EACH STATEMENT EXECUTE FUNCTION site_delivery_addresses_notify();
