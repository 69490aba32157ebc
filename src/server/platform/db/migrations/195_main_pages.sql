-- A site's home pages (SPEC 3 "Main-page section", SPEC 7 "Main pages"): the pages its appearance
-- template offers (settings.main_pages), made on the first request (POST .../module/main_pages);
-- their sections in order, each showing records of the site's modules, latest ones, a category's,
-- or items picked by hand (in their own order). An item goes with the record it names.
CREATE TABLE main_pages (
  id SERIAL PRIMARY KEY,
  client_service_id INTEGER NOT NULL REFERENCES client_services(id) ON DELETE CASCADE,
  prefix TEXT NOT NULL,
  position INTEGER NOT NULL,
  UNIQUE (client_service_id, prefix)
);

CREATE TABLE main_page_sections (
  id SERIAL PRIMARY KEY,
  main_page_id INTEGER NOT NULL REFERENCES main_pages(id) ON DELETE CASCADE,
  client_service_id INTEGER NOT NULL REFERENCES client_services(id) ON DELETE CASCADE,
  section_prefix TEXT NOT NULL,
  container_prefix TEXT NOT NULL,
  name TEXT NOT NULL,
  component_name TEXT NOT NULL,
  data_mode TEXT NOT NULL DEFAULT 'latest',
  data_category BIGINT,
  view_prefix INTEGER NOT NULL,
  background_color TEXT,
  -- Stored names of the pictures (the file store's uploads/<name>), counted in the service's space.
  icon_file TEXT,
  background_file TEXT,
  status TEXT NOT NULL DEFAULT 'on',
  position INTEGER NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX main_page_sections_page ON main_page_sections (main_page_id, position);

CREATE TABLE main_page_section_items (
  id SERIAL PRIMARY KEY,
  section_id INTEGER NOT NULL REFERENCES main_page_sections(id) ON DELETE CASCADE,
  component_name TEXT NOT NULL,
  row_id BIGINT NOT NULL REFERENCES module_records(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  UNIQUE (section_id, component_name, row_id)
);
CREATE INDEX main_page_section_items_section ON main_page_section_items (section_id, position);
CREATE INDEX main_page_section_items_row ON main_page_section_items (row_id);
