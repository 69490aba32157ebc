-- Visit statistics per month, page and source (src/modules/site/server/statistics/rollup.ts), summed
-- from the daily rollups: a period's whole months are read here, only its edge days per day, so a
-- year's top pages and sources read a few thousand rows instead of a row per page and day.
CREATE TABLE site_visit_month_pages (
  client_service_id integer NOT NULL REFERENCES client_services (id) ON DELETE CASCADE,
  month date NOT NULL,
  path text NOT NULL,
  visits integer NOT NULL,
  visitors integer NOT NULL,
  PRIMARY KEY (client_service_id, month, path)
);
CREATE TABLE site_visit_month_sources (
  client_service_id integer NOT NULL REFERENCES client_services (id) ON DELETE CASCADE,
  month date NOT NULL,
  source_kind text NOT NULL,
  source_name text NOT NULL,
  visits integer NOT NULL,
  visitors integer NOT NULL,
  PRIMARY KEY (client_service_id, month, source_kind, source_name)
);
