-- The admin area's menu is served like the others (menu 'admin'), its schema modules placing their entries.
ALTER TABLE menu_items DROP CONSTRAINT menu_items_menu_check;
ALTER TABLE menu_items ADD CONSTRAINT menu_items_menu_check CHECK (menu IN ('main', 'client_service', 'admin'));
-- The entry as its module last declared it ({name, icon, sort, folder, rootOnly}): a start finding
-- the declaration changed updates each field the row still holds as declared, and keeps hand edits.
ALTER TABLE menu_items ADD COLUMN declared JSONB;
