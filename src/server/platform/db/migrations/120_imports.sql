-- Imports between services (SPEC 2 "konfiguracja/importy", 7 "Imports"). The imports themselves are
-- schema records (resource imports); these tables hold what is not a record of one service.

-- Which import pages a service has (OPTIONS answers them): imports and exports on, sources off
-- unless the provider changes them; a service without a row has the defaults.
CREATE TABLE import_settings (
  client_service_id INTEGER PRIMARY KEY REFERENCES client_services(id) ON DELETE CASCADE,
  imports BOOLEAN NOT NULL DEFAULT TRUE,
  exports BOOLEAN NOT NULL DEFAULT TRUE,
  sources BOOLEAN NOT NULL DEFAULT FALSE
);

-- A source service's list of the services that may import from it (PUT .../client_sources), in
-- force while its sources page is on.
CREATE TABLE import_sources (
  client_service_id INTEGER NOT NULL REFERENCES client_services(id) ON DELETE CASCADE,
  importer_client_service_id INTEGER NOT NULL REFERENCES client_services(id) ON DELETE CASCADE,
  PRIMARY KEY (client_service_id, importer_client_service_id)
);

-- The copies an import made: the import and the source item (no foreign keys: a removed import or
-- source item still names the copies its next sync removes) and its copy in the importing service.
CREATE TABLE import_copies (
  import_id BIGINT NOT NULL,
  source_id BIGINT NOT NULL,
  copy_id BIGINT NOT NULL REFERENCES module_records(id) ON DELETE CASCADE,
  PRIMARY KEY (import_id, source_id)
);
CREATE INDEX import_copies_copy ON import_copies (copy_id);
