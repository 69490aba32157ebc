import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** What a site's pages may send to the public site API from their own origin: forms' submissions, delivery reads with their key. */
const ALLOWED_METHODS = 'GET, HEAD, POST';
const ALLOWED_HEADERS = 'Content-Type, If-None-Match, X-Delivery-Key';
const PREFLIGHT_MAX_AGE_SECONDS = 600;
/** The public site API's addresses: by the site's domain, or by a service's delivery key; the visit counter's. */
const PUBLIC_SITE_PATHS = ['/api/site/*', '/api/delivery/*', '/api/stats/*'];

/**
 * The public site API (routes with `config.publicSiteApi`: /api/site/{domain}/..., /api/delivery/...) is called by the
 * service's site from its own origin, which the panel does not know in advance: any origin may read
 * and send, with no credentials (the calls act for no session, so nothing of a user is exposed).
 * The panel's own calls keep the same-origin policy.
 */
export const publicSiteApiPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request, reply) => {
    const config = request.routeOptions.config as { publicSiteApi?: boolean } | undefined;
    if (config?.publicSiteApi !== true) return;
    reply.header('Access-Control-Allow-Origin', '*');
    reply.header('Access-Control-Expose-Headers', 'ETag');
    // Helmet's default (same-origin) would keep a site's pages from embedding what they fetched.
    reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
  });

  for (const path of PUBLIC_SITE_PATHS) {
    app.options(
      path,
      {
        config: {
          publicSiteApi: true,
          openapi: {
            tags: ['site'],
            security: [],
            summary: `CORS preflight of the public site API: any origin, methods ${ALLOWED_METHODS}, headers ${ALLOWED_HEADERS}, no credentials`,
            responses: { 204: { description: 'Allowed' } },
          },
        },
      },
      async (_request, reply) =>
        reply
          .header('Access-Control-Allow-Methods', ALLOWED_METHODS)
          .header('Access-Control-Allow-Headers', ALLOWED_HEADERS)
          .header('Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE_SECONDS))
          .status(204)
          .send(),
    );
  }
});
