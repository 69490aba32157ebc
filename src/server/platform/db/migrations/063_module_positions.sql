-- Records of an ordered module (x-admin.ordered: a gallery's photos, a form's fields) keep their
-- place in the list: positions from 1, new records last, PUT .../order rearranges them.
ALTER TABLE module_records ADD COLUMN position INTEGER;
