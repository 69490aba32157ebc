import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { httpError } from '../http/errors';
import type { AccessClaims } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by app.authenticate; null on public routes. */
    user: AccessClaims | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless the request carries a valid access token. */
    authenticate(request: FastifyRequest): Promise<void>;
    /** preHandler: authenticate, then 403 unless the user is root. */
    requireRoot(request: FastifyRequest): Promise<void>;
  }
}

const SCHEME = /^JWT\s+(\S+)$/;

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const match = SCHEME.exec(request.headers.authorization ?? '');
    const claims = match ? await app.ctx.tokens.verifyAccess(match[1]) : null;
    if (!claims) throw httpError(401, 'errors.unauthorized');
    request.user = claims;
  });
  app.decorate('requireRoot', async (request: FastifyRequest) => {
    await app.authenticate(request);
    if (!request.user?.isRoot) throw httpError(403, 'errors.forbidden');
  });
});

/** The authenticated user of a route guarded by app.authenticate. */
export function currentUser(request: FastifyRequest): AccessClaims {
  if (!request.user) throw httpError(401, 'errors.unauthorized');
  return request.user;
}
