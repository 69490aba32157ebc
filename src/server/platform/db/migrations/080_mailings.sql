-- Newsletter mailings (schemas/newsletter/mailing.schema.json, module "mailings"), their deliveries
-- (one row per recipient, written when the mailing starts) and what recipients did with them.
-- Reports read newsletter_deliveries and newsletter_delivery_events; both carry client_service_id,
-- so a report filters by service first.

-- A mailing. The first columns are the schema's properties (the engine reads and writes them by
-- name); status and the columns after it belong to the sending engine
-- (src/modules/newsletter/server/mailings/).
CREATE TABLE newsletter_mailings (
  id SERIAL PRIMARY KEY,
  client_service_id INTEGER NOT NULL REFERENCES client_services(id) ON DELETE CASCADE,
  subject TEXT NOT NULL,
  -- The template (a module_records row of resource 'templates'); its html is copied on start.
  template_id BIGINT NOT NULL,
  -- 'all' recipients, or 'tags': those with any of tags_included (all when empty) and none of tags_excluded.
  audience TEXT NOT NULL DEFAULT 'all',
  tags_included TEXT[] NOT NULL DEFAULT '{}',
  tags_excluded TEXT[] NOT NULL DEFAULT '{}',
  -- 'now' or 'date' (start_at): when the start action begins sending.
  start_mode TEXT NOT NULL DEFAULT 'now',
  start_at TIMESTAMPTZ,
  -- Open pixel and click-tracking links in each message.
  tracking BOOLEAN NOT NULL DEFAULT true,
  -- draft, scheduled, sending, paused, sent, cancelled, failed.
  status TEXT NOT NULL DEFAULT 'draft',
  -- Why a paused or failed mailing stopped: user, daily_limit, monthly_limit, no_sender, no_template.
  status_reason TEXT,
  archived BOOLEAN GENERATED ALWAYS AS (status IN ('sent', 'cancelled', 'failed')) STORED,
  -- The subject and html as sent (copied from the template on start), and the links click tracking
  -- points at (index i of links is the i-th tracked href of html).
  sent_subject TEXT,
  sent_html TEXT,
  links TEXT[] NOT NULL DEFAULT '{}',
  -- A mailing paused by its limits resumes itself from here (the start of the next day or month).
  resume_at TIMESTAMPTZ,
  -- Last time a worker claimed a batch of it; a sending mailing nobody claimed for long gets a new worker.
  heartbeat_at TIMESTAMPTZ,
  -- The job whose progress GET /api/jobs/{id} shows (the sending's first run job).
  job_id UUID,
  started_at TIMESTAMPTZ,
  finished_at TIMESTAMPTZ,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  CHECK (status IN ('draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled', 'failed')),
  CHECK (audience IN ('all', 'tags')),
  CHECK (start_mode IN ('now', 'date'))
);
CREATE INDEX newsletter_mailings_service ON newsletter_mailings (client_service_id, id);
-- The pump looks for mailings due to start, to resume, or without a live worker.
CREATE INDEX newsletter_mailings_active ON newsletter_mailings (status) WHERE status IN ('scheduled', 'sending', 'paused');

-- One message of a mailing to one recipient. state: queued (waiting, from next_attempt_at),
-- sending (claimed by a worker until lease_until; a crash leaves it here and the lease's end puts it
-- back to queued), sent, failed (permanent error, or transient ones past the retry limit).
-- email and name are copied from the recipient when the mailing starts.
CREATE TABLE newsletter_deliveries (
  id BIGSERIAL PRIMARY KEY,
  mailing_id INTEGER NOT NULL REFERENCES newsletter_mailings(id) ON DELETE CASCADE,
  client_service_id INTEGER NOT NULL REFERENCES client_services(id) ON DELETE CASCADE,
  recipient_id BIGINT NOT NULL,
  email TEXT NOT NULL,
  name TEXT NOT NULL DEFAULT '',
  state TEXT NOT NULL DEFAULT 'queued',
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  lease_until TIMESTAMPTZ,
  error TEXT,
  sent_at TIMESTAMPTZ,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (mailing_id, recipient_id),
  CHECK (state IN ('queued', 'sending', 'sent', 'failed'))
);
-- Workers claim the next queued rows of a mailing in id order.
CREATE INDEX newsletter_deliveries_queue ON newsletter_deliveries (mailing_id, id) WHERE state = 'queued';
-- Leases that ran out (a crashed worker's in-flight messages).
CREATE INDEX newsletter_deliveries_leased ON newsletter_deliveries (lease_until) WHERE state = 'sending';
CREATE INDEX newsletter_deliveries_state ON newsletter_deliveries (mailing_id, state);
CREATE INDEX newsletter_deliveries_service ON newsletter_deliveries (client_service_id, sent_at);

-- What a recipient did with a delivery: kind opened (the pixel loaded), clicked (url: the link's
-- target) or unsubscribed. One row per event (repeated opens and clicks too); reports count
-- distinct delivery_id for "how many recipients".
CREATE TABLE newsletter_delivery_events (
  id BIGSERIAL PRIMARY KEY,
  delivery_id BIGINT NOT NULL REFERENCES newsletter_deliveries(id) ON DELETE CASCADE,
  mailing_id INTEGER NOT NULL REFERENCES newsletter_mailings(id) ON DELETE CASCADE,
  client_service_id INTEGER NOT NULL REFERENCES client_services(id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  url TEXT,
  occurred_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  CHECK (kind IN ('opened', 'clicked', 'unsubscribed'))
);
CREATE INDEX newsletter_delivery_events_mailing ON newsletter_delivery_events (mailing_id, kind);
CREATE INDEX newsletter_delivery_events_service ON newsletter_delivery_events (client_service_id, occurred_at);
CREATE INDEX newsletter_delivery_events_delivery ON newsletter_delivery_events (delivery_id);

-- Sending usage counts per period: period is the day (YYYY-MM-DD) or month (YYYY-MM), Europe/Warsaw,
-- of a daily or monthly prefix; a message of another period starts the count afresh.
ALTER TABLE service_limit_usage ADD COLUMN period TEXT NOT NULL DEFAULT '';
