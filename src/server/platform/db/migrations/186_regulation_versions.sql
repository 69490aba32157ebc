-- Regulations kept by root in the admin area (issue 17): a version names the one it replaces (whose
-- validity then ends when the new one begins), and is stamped when changed, as the engine's
-- table-stored records are.
ALTER TABLE regulations ADD COLUMN replaces_id INTEGER REFERENCES regulations(id) ON DELETE SET NULL;
ALTER TABLE regulations ADD COLUMN updated_at TIMESTAMPTZ NOT NULL DEFAULT now();
