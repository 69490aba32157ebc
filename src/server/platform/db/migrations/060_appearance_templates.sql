-- The catalogue of graphic templates a site can use (SPEC 3 "Template (appearance)"): each has
-- settings saying which features it offers (colours, counters, home pages, banners, header icons
-- and photos, news pinning, ...). A service uses one template at a time; feature flags of schema
-- modules ("template:banners") read it.
CREATE TABLE appearance_templates (
  id SERIAL PRIMARY KEY,
  prefix TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  settings JSONB NOT NULL DEFAULT '{}'
);
ALTER TABLE client_services ADD COLUMN template_id INTEGER REFERENCES appearance_templates(id) ON DELETE SET NULL;
