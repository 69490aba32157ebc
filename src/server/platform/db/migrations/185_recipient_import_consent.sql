-- A client's own import (its recipients list): who stated that the recipients consented to receive
-- mail, and when; and the columns of the file the user mapped (e-mail, name, tags by position),
-- NULL when the import finds them by the header row (root's admin/importy).
ALTER TABLE recipient_imports
  ADD COLUMN consent_user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  ADD COLUMN consent_at TIMESTAMPTZ,
  ADD COLUMN columns JSONB;
