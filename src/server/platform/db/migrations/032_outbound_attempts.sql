-- outbound_attempts records each tenant-aimed outbound call that is rate limited (a sender test
-- send, per service), so every server process sharing the database shares the limit.
CREATE TABLE outbound_attempts (
  id SERIAL PRIMARY KEY,
  action TEXT NOT NULL,
  subject TEXT NOT NULL,
  attempted_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX outbound_attempts_action_subject ON outbound_attempts (action, subject, attempted_at);
