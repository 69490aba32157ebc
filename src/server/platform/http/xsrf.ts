import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { httpError } from './errors';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Double-submit cookie: every response that finds no XSRF-TOKEN cookie sets one (readable by the
 * SPA), and every mutating call, whatever its path, must echo it in X-XSRF-TOKEN. A mutating call
 * that names a foreign Origin is refused as well (browsers without Origin rely on the pair alone).
 */
export const xsrfPlugin = fp(async (app: FastifyInstance) => {
  const publicOrigin = new URL(app.ctx.config.publicUrl).origin;
  app.addHook('onRequest', async (request, reply) => {
    // Calls that act for no session, so a forged one gains nothing: a public form whose signed token
    // is its own permission (a newsletter's one-click unsubscribe, RFC 8058, posted by the
    // recipient's mail provider), and the public site API (a site's form sent from the site's pages,
    // its visit counter), which sets no cookie either: a site's visitors get none from the panel.
    const config = request.routeOptions.config as { publicTokenForm?: boolean; publicSiteApi?: boolean } | undefined;
    if (config?.publicSiteApi === true) return;
    const cookieToken = request.cookies[XSRF_COOKIE];
    if (!cookieToken) {
      reply.setCookie(XSRF_COOKIE, randomBytes(24).toString('base64url'), {
        path: '/',
        sameSite: 'strict',
        secure: request.protocol === 'https',
        httpOnly: false,
      });
    }
    // The path is not looked at: the router decodes it (/%61pi/ is /api/), a prefix test would not.
    if (SAFE_METHODS.has(request.method)) return;
    if (config?.publicTokenForm === true) return;
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== publicOrigin && origin !== `${request.protocol}://${request.host}`) {
      throw httpError(403, 'errors.foreign_origin');
    }
    const headerToken = request.headers[XSRF_HEADER];
    if (!cookieToken || typeof headerToken !== 'string' || !sameToken(cookieToken, headerToken)) {
      throw httpError(403, 'errors.xsrf');
    }
  });

  // Lets a client that has no cookie yet obtain one before its first mutating call.
  app.get('/api/xsrf', { config: { openapi: { tags: ['auth'], security: [], summary: 'Sets the XSRF cookie', responses: { 204: { description: 'Set' } } } } }, async (_request, reply) => reply.status(204).send());
});

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
