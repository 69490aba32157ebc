-- A delivery's end, sent or finally failed: the totals (raporty/statystyki_wysylek/sumy) count
-- both per day and month.
ALTER TABLE newsletter_deliveries RENAME COLUMN sent_at TO finished_at;
-- Failures written before kept no time: the delivery's creation (the mailing's start) stands in.
UPDATE newsletter_deliveries SET finished_at = created_at WHERE state = 'failed' AND finished_at IS NULL;
