-- login_attempts records every throttled action (sign-in, password reminder and its
-- confirmation, password change), told apart by action; the throttle counts per action.
ALTER TABLE login_attempts ADD COLUMN action TEXT NOT NULL DEFAULT 'login';
DROP INDEX login_attempts_username;
DROP INDEX login_attempts_ip;
CREATE INDEX login_attempts_action_username ON login_attempts (action, username, attempted_at);
CREATE INDEX login_attempts_action_ip ON login_attempts (action, ip, attempted_at);
