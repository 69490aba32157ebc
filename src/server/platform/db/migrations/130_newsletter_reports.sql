-- Newsletter reports (src/modules/newsletter/server/reports/).
-- The statistics list pages a service's started mailings, newest first, without sorting them all.
CREATE INDEX newsletter_mailings_started ON newsletter_mailings (client_service_id, started_at DESC, id DESC) WHERE started_at IS NOT NULL;
-- Unique recipients per mailing and event kind, counted from the index alone.
CREATE INDEX newsletter_delivery_events_recipients ON newsletter_delivery_events (mailing_id, kind, delivery_id);
