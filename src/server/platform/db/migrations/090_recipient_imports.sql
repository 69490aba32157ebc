-- Recipient imports of a newsletter service (admin/importy): the uploaded CSV or XLSX file waits in
-- the file store (file_key) until its job has read it; the counts and per-row errors stay.
CREATE TABLE recipient_imports (
  id SERIAL PRIMARY KEY,
  client_service_id INTEGER NOT NULL REFERENCES client_services(id) ON DELETE CASCADE,
  user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  file_name TEXT NOT NULL,
  file_format TEXT NOT NULL CHECK (file_format IN ('csv', 'xlsx')),
  file_key TEXT,
  tags JSONB NOT NULL DEFAULT '[]',
  job_id UUID,
  status TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'completed', 'failed')),
  failure TEXT,
  rows_total INTEGER NOT NULL DEFAULT 0,
  rows_created INTEGER NOT NULL DEFAULT 0,
  rows_merged INTEGER NOT NULL DEFAULT 0,
  rows_failed INTEGER NOT NULL DEFAULT 0,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  finished_at TIMESTAMPTZ
);
CREATE INDEX recipient_imports_service ON recipient_imports (client_service_id, id);

-- One row of the file the import could not take, by its row number in the file, with the Polish reason.
CREATE TABLE recipient_import_errors (
  import_id INTEGER NOT NULL REFERENCES recipient_imports(id) ON DELETE CASCADE,
  row_number INTEGER NOT NULL,
  reason TEXT NOT NULL,
  PRIMARY KEY (import_id, row_number)
);
