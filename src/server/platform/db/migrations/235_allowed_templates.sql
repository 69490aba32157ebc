-- The graphic templates root allows a service (admin/uprawnienia): NULL allows every template of the
-- catalogue, those added later too; a list allows only those. A service keeps its active template
-- when root disallows it (the catalogue marks it) until it activates another.
ALTER TABLE client_services ADD COLUMN allowed_template_ids INTEGER[];
