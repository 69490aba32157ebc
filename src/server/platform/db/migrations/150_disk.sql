-- The file disk of a service (SPEC 2 "dysk", 3 "File/folder", 7 "Files"): a tree of folders and
-- files, one root folder per service (parent_directory NULL). A file's bytes live in the file store
-- under storage_key and count against the service's quota through stored_files.
CREATE TABLE disk_files (
  id SERIAL PRIMARY KEY,
  client_service_id INTEGER NOT NULL REFERENCES client_services(id) ON DELETE CASCADE,
  parent_directory INTEGER REFERENCES disk_files(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  is_dir BOOLEAN NOT NULL,
  size BIGINT NOT NULL DEFAULT 0,
  content_type TEXT,
  storage_key TEXT UNIQUE,
  public BOOLEAN NOT NULL DEFAULT FALSE,
  public_end_date TIMESTAMPTZ,
  -- The random name of the public address while the file is public; a new one at each publication.
  public_name TEXT UNIQUE,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  CHECK (is_dir OR storage_key IS NOT NULL),
  CHECK (public_name IS NULL OR public)
);
CREATE UNIQUE INDEX disk_files_root ON disk_files (client_service_id) WHERE parent_directory IS NULL;
-- Names are unique in a folder whatever their letter case (as on the disks users know).
CREATE UNIQUE INDEX disk_files_name ON disk_files (parent_directory, lower(name));
CREATE INDEX disk_files_service ON disk_files (client_service_id, is_dir);

-- ZIP archives of a folder built by a job (PUT .../files/{id}/prepare), downloaded while ready and
-- removed by DELETE .../files/{id}/download/{n} (or with their folder: the server deletes their objects). They are
-- derived copies, so the quota does not count them.
CREATE TABLE disk_archives (
  id SERIAL PRIMARY KEY,
  client_service_id INTEGER NOT NULL REFERENCES client_services(id) ON DELETE CASCADE,
  directory_id INTEGER NOT NULL REFERENCES disk_files(id) ON DELETE CASCADE,
  status TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'ready', 'failed')),
  job_id UUID,
  storage_key TEXT,
  size BIGINT NOT NULL DEFAULT 0,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  finished_at TIMESTAMPTZ
);
CREATE INDEX disk_archives_directory ON disk_archives (directory_id, id);
