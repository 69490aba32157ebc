-- The template catalogue (SPEC 2 "wyglad/katalog"): what a template looks like before a site
-- activates it, a description and a preview picture (a stored name in the file store's
-- `templates` area, served publicly: the catalogue shows it as an <img>).
ALTER TABLE appearance_templates ADD COLUMN description TEXT NOT NULL DEFAULT '';
ALTER TABLE appearance_templates ADD COLUMN preview_file TEXT;
