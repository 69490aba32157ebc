import { createPrivateKey, generateKeyPair } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import { promisify } from 'node:util';
import type { Queryable } from '../../../server/platform/db';
import type { DkimKey } from '../../../server/platform/mail/dkim';

const generateRsaPair = promisify(generateKeyPair);

/** A service's DKIM key pair for one sending domain, as stored (newsletter_dkim_keys). */
interface StoredKey {
  selector: string;
  private_key: string;
  public_key: string;
}

/** The domain of an address (what d= names). */
export const domainOf = (address: string): string => address.slice(address.lastIndexOf('@') + 1).toLowerCase();

/**
 * The service's key pair for a sending domain, made on first need: RSA 2048 (what every receiver
 * verifies), its selector naming the service, so that services sending from one domain never share a key.
 */
async function storedKey(db: Queryable, serviceId: number, domain: string): Promise<StoredKey> {
  const read = () => db.query<StoredKey>('SELECT selector, private_key, public_key FROM newsletter_dkim_keys WHERE client_service_id = $1 AND domain = $2', [serviceId, domain]);
  const found = (await read()).rows[0];
  if (found) return found;
  const pair = await generateRsaPair('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  // Two first needs at once keep the pair stored first.
  await db.query(
    'INSERT INTO newsletter_dkim_keys (client_service_id, domain, selector, private_key, public_key) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING',
    [serviceId, domain, `newsletter${serviceId}`, pair.privateKey, pair.publicKey.toString('base64')],
  );
  return (await read()).rows[0];
}

/** The key that signs the service's messages from `address`. */
export async function sendingDomainKey(db: Queryable, serviceId: number, address: string): Promise<DkimKey> {
  const domain = domainOf(address);
  const key = await storedKey(db, serviceId, domain);
  return { domainName: domain, keySelector: key.selector, privateKey: createPrivateKey(key.private_key) };
}

/** How long the preview waits for DNS: an answer not there by then counts as not found. */
const DNS_TIMEOUT_MS = 3000;

/**
 * The TXT record to publish for the service's key of a sending domain, and whether DNS already
 * answers it (asked through node's resolver; no answer, an error or a time-out is "not found").
 */
export async function dkimRecord(db: Queryable, serviceId: number, address: string): Promise<{ domain: string; name: string; value: string; found: boolean }> {
  const domain = domainOf(address);
  const key = await storedKey(db, serviceId, domain);
  const name = `${key.selector}._domainkey.${domain}`;
  const value = `v=DKIM1; k=rsa; p=${key.public_key}`;
  const resolver = new Resolver({ timeout: DNS_TIMEOUT_MS, tries: 1 });
  const published = await resolver.resolveTxt(name).catch(() => [] as string[][]);
  const found = published.some((chunks) => /(?:^|;)\s*p=([^;\s]+)/.exec(chunks.join(''))?.[1] === key.public_key);
  return { domain, name, value, found };
}
