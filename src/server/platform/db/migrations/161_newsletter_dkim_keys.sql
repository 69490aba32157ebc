-- DKIM keys of the newsletter's sending domains: one pair per service and domain (issue 18), so that no
-- service can sign for a domain with a key another service's owner published. The private key
-- never leaves the server; the public one is what the sender's preview asks to publish in DNS.
CREATE TABLE newsletter_dkim_keys (
  client_service_id INTEGER NOT NULL REFERENCES client_services(id) ON DELETE CASCADE,
  domain TEXT NOT NULL,
  selector TEXT NOT NULL,
  private_key TEXT NOT NULL,
  public_key TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (client_service_id, domain)
);
