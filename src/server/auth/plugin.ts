import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { httpError } from '../http/errors';
import { loadUser, type UserProfile } from '../modules/user/profile';
import type { AccessClaims } from './tokens';
import { createUserStateCache, type UserStateCache } from './user-state';

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
    /** What GET /api/user answers, per user, cached until a change (see user-state.ts). */
    userProfiles: UserStateCache<UserProfile>;
  }
}

const SCHEME = /^JWT\s+(\S+)$/;
const READ_ONLY_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

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

  const { db } = app.ctx;
  app.decorate('userProfiles', await createUserStateCache(db, (userId) => loadUser(db, userId)));
  app.addHook('onClose', async () => app.userProfiles.close());
  // A database notification reaches this process a moment after the commit; the user's own next
  // request must not be faster than that, so whatever a signed-in user changes is dropped here first.
  app.addHook('onSend', async (request) => {
    if (request.user && !READ_ONLY_METHODS.has(request.method)) app.userProfiles.forget(request.user.userId);
  });
});

/** The authenticated user of a route guarded by app.authenticate. */
export function currentUser(request: FastifyRequest): AccessClaims {
  if (!request.user) throw httpError(401, 'errors.unauthorized');
  return request.user;
}
