-- The runs of root's scheduled jobs (issue 17, /admin/cron, schemas/admin/cron-*.schema.json): one row
-- per attempt, written when it starts and completed when it ends; root reads them, tenants never do.
-- Kept CRON_RUNS_RETENTION_DAYS, then deleted by the cron-runs-cleanup task.
CREATE TABLE cron_runs (
  id SERIAL PRIMARY KEY,
  -- The job's module_records row; its runs go with it.
  cron_job_id BIGINT NOT NULL REFERENCES module_records(id) ON DELETE CASCADE,
  -- The pg-boss job the attempt belongs to: a retry finds its earlier attempt cut off by a crash.
  boss_job_id UUID NOT NULL,
  attempt INTEGER NOT NULL,
  started_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  finished_at TIMESTAMPTZ,
  duration_ms INTEGER,
  outcome TEXT NOT NULL DEFAULT 'running' CHECK (outcome IN ('running', 'ok', 'failed', 'timed_out')),
  http_status INTEGER,
  response TEXT
);
CREATE INDEX cron_runs_job ON cron_runs (cron_job_id, started_at DESC);
CREATE INDEX cron_runs_started ON cron_runs (started_at DESC);
CREATE INDEX cron_runs_boss_job ON cron_runs (boss_job_id) WHERE outcome = 'running';
