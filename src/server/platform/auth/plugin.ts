import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { pendingStep } from '../../../common/api/user';
import { codedError, httpError } from '../http/errors';
import { loadAccount, type Account } from '../../modules/user/profile';
import { createLiveSessions, type LiveSessions } from './live-sessions';
import type { AccessClaims } from './tokens';
import { createUserStateCache, type UserStateCache } from './user-state';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authentication hooks (isRoot as the database has it now); null on public routes. */
    user: AccessClaims | null;
  }
  interface FastifyInstance {
    /**
     * onRequest/preHandler: authenticateSession, then 403 with the step's `code` while the user has
     * a SPEC 4 step pending (regulations to accept, an invalid password).
     */
    authenticate(request: FastifyRequest): Promise<void>;
    /**
     * onRequest: 401 unless the request carries a valid access token of a live session of a user
     * who is not blocked. Only for the calls that settle the SPEC 4 steps (and GET /api/user).
     */
    authenticateSession(request: FastifyRequest): Promise<void>;
    /** preHandler: authenticate, then 403 unless the user is root. */
    requireRoot(request: FastifyRequest): Promise<void>;
    /** Each user's account (GET /api/user's body, the block), cached until a change (see user-state.ts). */
    accounts: UserStateCache<Account>;
    /** Which sessions are live, cached until one is revoked (see live-sessions.ts). */
    liveSessions: LiveSessions;
  }
}

const SCHEME = /^JWT\s+(\S+)$/;
const READ_ONLY_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const changesOwnAccount = (url: string | undefined) => url === '/api/user' || url?.startsWith('/api/user/') === true;

export const authPlugin = fp(async (app: FastifyInstance) => {
  const { db } = app.ctx;
  app.decorate('accounts', await createUserStateCache(db, (userId) => loadAccount(db, userId)));
  app.decorate('liveSessions', await createLiveSessions(db));
  app.addHook('onClose', async () => {
    await app.accounts.close();
    await app.liveSessions.close();
  });
  // A database notification reaches this process a moment after the commit; the user's own next
  // request must not be faster than that, so a change to the signed-in user's own account (the
  // calls under /api/user: profile, avatar, password, regulations) is dropped here first. Other
  // writes leave the account cached: they do not touch it.
  app.addHook('onSend', async (request) => {
    if (request.user && !READ_ONLY_METHODS.has(request.method) && changesOwnAccount(request.routeOptions.url)) app.accounts.forget(request.user.userId);
  });

  /** The token's claims and account, or 401: the token may have outlived its session or its user's rights. */
  const verify = async (request: FastifyRequest): Promise<Account> => {
    const match = SCHEME.exec(request.headers.authorization ?? '');
    const claims = match ? await app.ctx.tokens.verifyAccess(match[1]) : null;
    if (!claims) throw httpError(401, 'errors.unauthorized');
    const [account, sessionLive] = await Promise.all([app.accounts.get(claims.userId), app.liveSessions.isLive(claims.sessionId)]);
    if (!sessionLive || account.isBlocked) throw httpError(401, 'errors.unauthorized');
    request.user = { ...claims, isRoot: account.profile.is_root };
    return account;
  };

  /** The guarded calls: 403 with the pending step's code, which the browser maps to its guard's page. */
  const authorize = async (request: FastifyRequest, rootOnly: boolean) => {
    const step = pendingStep((await verify(request)).profile);
    if (step) throw codedError(403, step);
    if (rootOnly && !request.user?.isRoot) throw httpError(403, 'errors.forbidden');
  };

  app.decorateRequest('user', null);
  app.decorate('authenticateSession', async (request: FastifyRequest) => {
    await verify(request);
  });
  app.decorate('authenticate', async (request: FastifyRequest) => authorize(request, false));
  app.decorate('requireRoot', async (request: FastifyRequest) => authorize(request, true));
});

/** The authenticated user of a route guarded by app.authenticate. */
export function currentUser(request: FastifyRequest): AccessClaims {
  if (!request.user) throw httpError(401, 'errors.unauthorized');
  return request.user;
}
