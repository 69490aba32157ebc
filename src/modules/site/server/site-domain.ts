import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../../server/platform/db';
import { single } from '../../../server/platform/http/query';
import { DELIVERY_KEY_HEADER, serviceOfDeliveryKey } from './delivery/keys';

/**
 * The service a site's address names: any of the service's domains (its main one and its aliases),
 * whatever the letter case; with `module`, only when the service has that module. Null otherwise.
 */
export async function serviceOfDomain(db: Queryable, domain: string, module?: string): Promise<number | null> {
  const { rows } = await db.query<{ client_service_id: number }>(
    `SELECT d.client_service_id FROM client_service_domains d
      WHERE lower(d.domain) = lower($1)
        AND ($2::text IS NULL OR EXISTS (SELECT 1 FROM client_service_modules m WHERE m.client_service_id = d.client_service_id AND m.module = $2))
      LIMIT 1`,
    [domain, module ?? null],
  );
  return rows[0] ? Number(rows[0].client_service_id) : null;
}

/**
 * The two ways a public site call (forms, delivery) names its service: any of its domains in the
 * path, or its delivery key. Each public site route is registered under both prefixes.
 */
export const SITE_ADDRESSINGS = [
  { prefix: '/site/:domain', documented: '/site/{domain}', parameters: [], by: "{domain}: any of the service's domains" },
  {
    prefix: '/delivery',
    documented: '/delivery',
    parameters: [
      { name: 'X-Delivery-Key', in: 'header', schema: { type: 'string' }, description: "The service's delivery key (root rotates it)" },
      { name: 'key', in: 'query', schema: { type: 'string' }, description: 'The delivery key, for a client that cannot send the header' },
    ],
    by: 'the service of the delivery key (X-Delivery-Key or ?key=)',
  },
] as const;

/** The delivery key a request carries, in its header or (for a client that cannot send one) its query. */
export function deliveryKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers[DELIVERY_KEY_HEADER];
  return typeof header === 'string' ? header : single(request.query, 'key');
}

/** The service a public site call names by its domain or its key, as serviceOfDomain answers. */
export function serviceAddressed(db: Queryable, request: FastifyRequest, module?: string): Promise<number | null> {
  const { domain } = request.params as { domain?: string };
  return domain !== undefined ? serviceOfDomain(db, domain, module) : serviceOfDeliveryKey(db, deliveryKeyOf(request), module);
}
