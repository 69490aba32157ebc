-- Records of a module nested under another module's record (x-admin.parent: a gallery's photos):
-- parent_id names the parent record; deleting it deletes its children.
ALTER TABLE module_records ADD COLUMN parent_id BIGINT REFERENCES module_records(id) ON DELETE CASCADE;
CREATE INDEX module_records_parent ON module_records (resource, parent_id, id) WHERE parent_id IS NOT NULL;
