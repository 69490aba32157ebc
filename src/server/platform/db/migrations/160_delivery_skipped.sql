-- A delivery is skipped, not sent, when its recipient unsubscribed or was deleted after the mailing
-- started (a mailing paused by its limits may send for days): the claim of its batch checks, and
-- error says why ('unsubscribed' or 'deleted'). Skipped ones are neither sent nor failed in the counts.
ALTER TABLE newsletter_deliveries DROP CONSTRAINT newsletter_deliveries_state_check;
ALTER TABLE newsletter_deliveries ADD CONSTRAINT newsletter_deliveries_state_check CHECK (state IN ('queued', 'sending', 'sent', 'failed', 'skipped'));
