-- The site delivery API's per-service key (issue 15): only its SHA-256 is kept, so a leaked
-- database does not give the keys; root rotates it and sees the new key once.
ALTER TABLE client_services ADD COLUMN delivery_key_hash TEXT;
CREATE UNIQUE INDEX client_services_delivery_key ON client_services (delivery_key_hash) WHERE delivery_key_hash IS NOT NULL;
