-- An attempt is recorded when it is admitted, before its outcome is known, so that attempts
-- running in parallel count it: succeeded is NULL until then (and stays NULL, counted as a
-- failure, if the check never ends). The pair index serves the per-(account, address) count.
ALTER TABLE login_attempts ALTER COLUMN succeeded DROP NOT NULL;
CREATE INDEX login_attempts_action_pair ON login_attempts (action, username, ip, attempted_at);
