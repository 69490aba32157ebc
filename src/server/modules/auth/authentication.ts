import type { FastifyPluginAsync } from 'fastify';
import { verifyUserPassword } from '../../platform/auth/passwords';
import { refreshSession, revokeSessionOf, startSession } from '../../platform/auth/sessions';
import { admitAttempt } from '../../platform/auth/throttle';
import { codedError, httpError } from '../../platform/http/errors';
import { objectBody, requiredString, SECRET_MAX_LENGTH, USERNAME_MAX_LENGTH } from './schemas';

interface LoginBody {
  username: string;
  password: string;
}
interface RefreshBody {
  refresh_token: string;
}

const loginSchema = {
  body: objectBody({ username: requiredString(USERNAME_MAX_LENGTH), password: requiredString(SECRET_MAX_LENGTH) }),
};
const refreshSchema = { body: objectBody({ refresh_token: requiredString(SECRET_MAX_LENGTH) }) };

/** Sign-in, token refresh and logout (SPEC 7 "Authentication and user"). */
export const authenticationRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  app.post<{ Body: LoginBody }>('/authentication', { schema: loginSchema, config: { openapi: { tags: ['auth'], security: [], summary: 'Sign in: {access_token, refresh_token, expires_in}' } } }, async (request, reply) => {
    const { username, password } = request.body;
    const attempt = await admitAttempt(request, reply, 'login', username);
    const { rows } = await ctx.db.query<{ id: number; username: string; password_hash: string; is_root: boolean; is_blocked: boolean }>(
      'SELECT id, username, password_hash, is_root, is_blocked FROM users WHERE username = $1',
      [username],
    );
    const user = rows[0];
    // An unknown user costs the same argon2 verification and gets the same answer as a wrong password.
    const valid = await verifyUserPassword(user?.password_hash, password);
    await attempt.record(valid);
    if (!valid) throw httpError(401, 'errors.invalid_credentials');
    // Only someone who knows the password learns that the account is blocked.
    if (user.is_blocked) throw codedError(403, 'account_blocked');
    return startSession(ctx, user);
  });

  app.post<{ Body: RefreshBody }>('/authentication/refresh', { schema: refreshSchema, config: { openapi: { tags: ['auth'], security: [], summary: 'New tokens for a refresh token (each is used once)' } } }, async (request) => {
    const result = await refreshSession(ctx, app.liveSessions, request.body.refresh_token);
    if (typeof result === 'object') return result;
    if (result === 'reused') request.log.warn({ ip: request.ip }, 'used refresh token presented again: its session is revoked');
    throw httpError(401, 'errors.session_expired');
  });

  app.post<{ Body: RefreshBody }>('/authentication/logout', { schema: refreshSchema, config: { openapi: { tags: ['auth'], security: [], summary: 'Sign out: the session of the refresh token ends', responses: { 204: { description: 'Signed out' } } } } }, async (request, reply) => {
    app.liveSessions.forget(await revokeSessionOf(ctx.db, request.body.refresh_token));
    return reply.status(204).send();
  });
};
