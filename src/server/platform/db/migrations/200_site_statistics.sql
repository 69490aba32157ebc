-- Visit statistics of the service's site (src/modules/site/server/statistics/).
-- Raw page views as the site's script sends them, kept for STATS_RAW_RETENTION_DAYS: no address,
-- no user agent, no cookie; the visitor is a hash salted by the day's salt, which goes with its day.
CREATE TABLE site_visit_events (
  id bigserial PRIMARY KEY,
  client_service_id integer NOT NULL REFERENCES client_services (id) ON DELETE CASCADE,
  occurred_at timestamptz NOT NULL DEFAULT now(),
  path text NOT NULL,
  source_kind text NOT NULL,
  source_name text NOT NULL,
  screen text NOT NULL,
  visitor text NOT NULL
);
-- The rollup reads a span of time of every service; the retention deletes from the oldest.
CREATE INDEX site_visit_events_time ON site_visit_events (occurred_at);

-- One salt per Polish day; the rollup job deletes every salt of a day that has ended.
CREATE TABLE site_visit_salts (
  day date PRIMARY KEY,
  salt text NOT NULL
);

-- Rollups the screens read (never the raw events), rewritten from the raw events for the days the
-- job covers: per hour, and per Polish day in total, per page and per source, with unique visitors.
CREATE TABLE site_visit_hours (
  client_service_id integer NOT NULL REFERENCES client_services (id) ON DELETE CASCADE,
  hour timestamptz NOT NULL,
  visits integer NOT NULL,
  visitors integer NOT NULL,
  PRIMARY KEY (client_service_id, hour)
);
CREATE TABLE site_visit_days (
  client_service_id integer NOT NULL REFERENCES client_services (id) ON DELETE CASCADE,
  day date NOT NULL,
  visits integer NOT NULL,
  visitors integer NOT NULL,
  PRIMARY KEY (client_service_id, day)
);
CREATE TABLE site_visit_day_pages (
  client_service_id integer NOT NULL REFERENCES client_services (id) ON DELETE CASCADE,
  day date NOT NULL,
  path text NOT NULL,
  visits integer NOT NULL,
  visitors integer NOT NULL,
  PRIMARY KEY (client_service_id, day, path)
);
CREATE TABLE site_visit_day_sources (
  client_service_id integer NOT NULL REFERENCES client_services (id) ON DELETE CASCADE,
  day date NOT NULL,
  source_kind text NOT NULL,
  source_name text NOT NULL,
  visits integer NOT NULL,
  visitors integer NOT NULL,
  PRIMARY KEY (client_service_id, day, source_kind, source_name)
);

-- Up to when the raw events are rolled up (one row).
CREATE TABLE site_visit_rollup (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  rolled_until timestamptz NOT NULL
);
INSERT INTO site_visit_rollup (rolled_until) VALUES ('-infinity');
