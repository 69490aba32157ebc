-- A site's choices within its appearance template (SPEC 7 "Appearance templates"): the colour
-- version, the counter and the home-page layout, each a prefix of the template's settings lists.
-- Read by the appearance pages and by the home-page preview (its colours).
ALTER TABLE client_services ADD COLUMN template_color TEXT;
ALTER TABLE client_services ADD COLUMN template_counter TEXT;
ALTER TABLE client_services ADD COLUMN template_homepage TEXT;
