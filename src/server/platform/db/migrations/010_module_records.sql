-- Records of every schema-driven module (schemas/*.schema.json): one JSONB row per record, owned
-- by a client service (service scope), a user (user scope) or nobody (admin scope). Per-field
-- indexes and unique keys are created at start from each schema's x-admin block.
CREATE TABLE module_records (
  id BIGSERIAL PRIMARY KEY,
  resource TEXT NOT NULL,
  client_service_id INTEGER REFERENCES client_services(id) ON DELETE CASCADE,
  user_id INTEGER REFERENCES users(id) ON DELETE CASCADE,
  data JSONB NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
-- Lists walk one owner's records of one resource in id order.
CREATE INDEX module_records_owner ON module_records (resource, client_service_id, id);
CREATE INDEX module_records_user ON module_records (resource, user_id, id) WHERE user_id IS NOT NULL;

-- Feature flags of a service; a module whose x-admin names a flag answers 404 without it.
CREATE TABLE client_service_flags (
  client_service_id INTEGER NOT NULL REFERENCES client_services(id) ON DELETE CASCADE,
  flag TEXT NOT NULL,
  PRIMARY KEY (client_service_id, flag)
);

-- Sending usage per service and limit prefix (e.g. panel_emaillabs_daily_mail_limit), kept by the
-- mailing sender; GET /client_service/{id}/limits reports remaining = limit - usage.
CREATE TABLE service_limit_usage (
  client_service_id INTEGER NOT NULL REFERENCES client_services(id) ON DELETE CASCADE,
  prefix TEXT NOT NULL,
  usage BIGINT NOT NULL DEFAULT 0,
  PRIMARY KEY (client_service_id, prefix)
);

-- A counter per resource and owner, raised after every write through the schema engine; list
-- results are cached under it, so every server process sees a write at its next list call.
CREATE TABLE module_versions (
  resource TEXT NOT NULL,
  owner TEXT NOT NULL,
  version BIGINT NOT NULL,
  PRIMARY KEY (resource, owner)
);
