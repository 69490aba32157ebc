-- A menu folder's slot names it for the schema modules that place their entry in it
-- (x-admin.menu.folder, e.g. "configuration"), whatever its displayed name.
ALTER TABLE menu_items ADD COLUMN slot TEXT;
