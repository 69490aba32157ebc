-- Durable jobs: pg-boss keeps the queue in its own schema (pgboss, created on start); these tables
-- are the project's side of a job.

-- Who may follow a job and how far it got; written for jobs sent with an owner.
CREATE TABLE job_tracking (
  job_id UUID PRIMARY KEY,
  queue TEXT NOT NULL,
  owner_user_id INTEGER REFERENCES users(id) ON DELETE CASCADE,
  client_service_id INTEGER REFERENCES client_services(id) ON DELETE CASCADE,
  progress_done INTEGER NOT NULL DEFAULT 0,
  progress_total INTEGER,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  CHECK (owner_user_id IS NOT NULL OR client_service_id IS NOT NULL)
);
CREATE INDEX job_tracking_owner ON job_tracking (owner_user_id);
CREATE INDEX job_tracking_service ON job_tracking (client_service_id);

-- Steps of jobs whose runOnce effect committed, in the effect's own transaction: a rerun finds the
-- row and skips the step ('' for a job that is a single step).
CREATE TABLE job_runs_once (
  job_id UUID NOT NULL,
  step TEXT NOT NULL,
  completed_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (job_id, step)
);
