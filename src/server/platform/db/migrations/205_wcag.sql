-- The WCAG assistant (SPEC 2 "moduly/wcag"): a service's analyses of its site, run by a durable
-- job in headless Chromium with axe-core, each page's results, the service's settings (where the
-- analysis starts, how many pages) and the criteria a person checked by hand.

-- What the analysis of a service starts from; a service without a row starts from its main domain,
-- 20 pages.
CREATE TABLE wcag_settings (
  client_service_id INTEGER PRIMARY KEY REFERENCES client_services(id) ON DELETE CASCADE,
  start_url TEXT,
  page_limit INTEGER NOT NULL DEFAULT 20
);

-- status: queued, running, completed, failed, cancelled. failure is a catalogue key (never the far
-- end's words). summary holds the site's scores once completed (the trend reads them).
CREATE TABLE wcag_analyses (
  id SERIAL PRIMARY KEY,
  client_service_id INTEGER NOT NULL REFERENCES client_services(id) ON DELETE CASCADE,
  job_id UUID,
  status TEXT NOT NULL DEFAULT 'queued',
  start_url TEXT NOT NULL,
  page_limit INTEGER NOT NULL,
  pages_done INTEGER NOT NULL DEFAULT 0,
  pages_total INTEGER,
  failure TEXT,
  summary JSONB,
  started_by INTEGER REFERENCES users(id) ON DELETE SET NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  finished_at TIMESTAMPTZ
);
CREATE INDEX wcag_analyses_service ON wcag_analyses (client_service_id, id DESC);
-- One analysis at a time per service: a second start meets this index.
CREATE UNIQUE INDEX wcag_analyses_one_active ON wcag_analyses (client_service_id) WHERE status IN ('queued', 'running');

-- A page of an analysis: failure is a catalogue key when it could not be analysed; results holds
-- axe's violations and incomplete (rule id, impact, nodes: selector, HTML), passes and inapplicable rule ids.
CREATE TABLE wcag_pages (
  id SERIAL PRIMARY KEY,
  analysis_id INTEGER NOT NULL REFERENCES wcag_analyses(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  url TEXT NOT NULL,
  title TEXT,
  failure TEXT,
  results JSONB,
  UNIQUE (analysis_id, position)
);

-- A criterion a person checked (passed or failed) with a note; it holds for the service's analyses until changed.
CREATE TABLE wcag_manual_checks (
  client_service_id INTEGER NOT NULL REFERENCES client_services(id) ON DELETE CASCADE,
  criterion_id TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('passed', 'failed')),
  note TEXT NOT NULL DEFAULT '',
  checked_by INTEGER REFERENCES users(id) ON DELETE SET NULL,
  checked_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (client_service_id, criterion_id)
);
