-- Files counted against a service's quota (client_services.site_size_used): one row per stored
-- object, so removing or replacing a file gives back exactly what it took, once.
CREATE TABLE stored_files (
  key TEXT PRIMARY KEY,
  client_service_id INTEGER NOT NULL REFERENCES client_services(id) ON DELETE CASCADE,
  bytes BIGINT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX stored_files_service ON stored_files (client_service_id);
