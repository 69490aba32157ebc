import type { FastifyPluginAsync } from 'fastify';
import { validatePasswordChange, type PasswordChangeField } from '../../../common/validation/password';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords';
import { currentUser } from '../../platform/auth/plugin';
import { revokeUserSessions } from '../../platform/auth/sessions';
import { admitAttempt } from '../../platform/auth/throttle';
import { assertValidForm, httpError, t } from '../../platform/http/errors';
import { SECRET_MAX_LENGTH } from './schemas';

type PasswordChangeBody = Partial<Record<PasswordChangeField, string>>;

// Fields may be missing or empty: the shared rules answer those with their own field messages.
const optionalSecret = { type: 'string', maxLength: SECRET_MAX_LENGTH } as const;
const passwordChangeSchema = {
  body: {
    type: 'object',
    properties: { password_old: optionalSecret, password_new: optionalSecret, password_confirm: optionalSecret },
  },
} as const;

/** PUT /api/user/password: SPEC 5 "Password change"; the other sessions of the user end. */
export const userPasswordRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  app.put<{ Body: PasswordChangeBody }>(
    '/user/password',
    // Authentication first, so an anonymous caller never learns anything from the validation; open
    // while a SPEC 4 step is pending, as it settles one.
    { onRequest: app.authenticateSession, schema: passwordChangeSchema, config: { openapi: { tags: ['user'], summary: 'Change the password; the other sessions end' } } },
    async (request, reply) => {
      const user = currentUser(request);
      const { rows } = await ctx.db.query<{ password_hash: string }>(
        'SELECT password_hash FROM users WHERE id = $1 AND NOT is_blocked',
        [user.userId],
      );
      if (!rows[0]) throw httpError(401, 'errors.unauthorized');

      const body = request.body;
      const errors = validatePasswordChange(body);
      if (!errors.password_old) {
        const attempt = await admitAttempt(request, reply, 'password_change', user.username);
        const oldPasswordValid = await verifyPassword(rows[0].password_hash, body.password_old ?? '');
        await attempt.record(oldPasswordValid);
        if (!oldPasswordValid) errors.password_old = 'validation.password.old_invalid';
      }
      assertValidForm(errors);

      const passwordHash = await hashPassword(body.password_new ?? '');
      const revoked = await ctx.db.transaction(async (tx) => {
        await tx.query('UPDATE users SET password_hash = $2, is_password_valid = TRUE WHERE id = $1', [user.userId, passwordHash]);
        return revokeUserSessions(tx, user.userId, user.sessionId);
      });
      app.liveSessions.forget(revoked);
      return { detail: t('app.auth.password_changed') };
    },
  );
};
