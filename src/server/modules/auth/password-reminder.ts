import type { FastifyPluginAsync } from 'fastify';
import { generateTemporaryPassword, hashPassword } from '../../platform/auth/passwords';
import { revokeUserSessions } from '../../platform/auth/sessions';
import { admitAttempt } from '../../platform/auth/throttle';
import { hashOpaqueToken, newOpaqueToken } from '../../platform/auth/tokens';
import { httpError, t } from '../../platform/http/errors';
import { objectBody, requiredString, SECRET_MAX_LENGTH, USERNAME_MAX_LENGTH } from './schemas';

/** How long the e-mailed link works. */
const REMINDER_CODE_TTL_SECONDS = 60 * 60;
/** Wrong codes a user's pending reminders survive; then they are dead even inside the hour. */
const REMINDER_MAX_FAILED_ATTEMPTS = 5;

interface ReminderRequestBody {
  username: string;
}
interface ReminderConfirmBody {
  username: string;
  confirm_code: string;
}

const requestSchema = { body: objectBody({ username: requiredString(USERNAME_MAX_LENGTH) }) };
const confirmSchema = {
  body: objectBody({ username: requiredString(USERNAME_MAX_LENGTH), confirm_code: requiredString(SECRET_MAX_LENGTH) }),
};

/**
 * The forgotten-password flow: POST e-mails a single-use link; opening it (PUT with the code) sets
 * a random temporary password, e-mails it, marks the password invalid (so the panel makes the user
 * choose a new one right after signing in with it) and ends every session of the user.
 */
export const passwordReminderRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  const panelUrl = ctx.config.publicUrl.replace(/\/+$/, '');

  app.post<{ Body: ReminderRequestBody }>('/password_reminder', { schema: requestSchema, config: { openapi: { tags: ['auth'], security: [], summary: 'Mail a password reminder link (the same answer for any username)' } } }, async (request, reply) => {
    const { username } = request.body;
    await (await admitAttempt(request, reply, 'password_reminder', username)).record(true);
    const { rows } = await ctx.db.query<{ id: number; email: string }>(
      `SELECT id, email FROM users WHERE username = $1 AND NOT is_blocked AND email <> ''`,
      [username],
    );
    const user = rows[0];
    if (user) {
      const code = newOpaqueToken(24);
      await ctx.db.transaction(async (tx) => {
        // Only the newest link works.
        await tx.query('UPDATE password_reminders SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [user.id]);
        await tx.query(
          `INSERT INTO password_reminders (user_id, code_hash, expires_at)
           VALUES ($1, $2, now() + $3::int * interval '1 second')`,
          [user.id, hashOpaqueToken(code), REMINDER_CODE_TTL_SECONDS],
        );
      });
      const link = `${panelUrl}/logowanie/przypomnij_haslo/aktywuj/${encodeURIComponent(username)}/${code}`;
      // Not awaited: waiting for the mail server would tell real usernames from unknown ones by time.
      ctx.mailer
        .send({
          to: user.email,
          subject: t('app.auth.mail.reminder_subject'),
          text: t('app.auth.mail.reminder_text', { username, link, minutes: REMINDER_CODE_TTL_SECONDS / 60 }),
        })
        .catch((error: unknown) => request.log.error({ err: error }, 'password reminder e-mail not sent'));
    }
    return { detail: t('app.auth.reminder_requested') };
  });

  app.put<{ Body: ReminderConfirmBody }>('/password_reminder', { schema: confirmSchema, config: { openapi: { tags: ['auth'], security: [], summary: "The reminder link's code: a new password is mailed" } } }, async (request, reply) => {
    const { username, confirm_code: code } = request.body;
    const attempt = await admitAttempt(request, reply, 'password_reminder_confirm', username);
    // Marking the reminder used is the atomic step that makes the code single use.
    const { rows } = await ctx.db.query<{ reminder_id: number; user_id: number; email: string }>(
      `UPDATE password_reminders SET used_at = now() FROM users
       WHERE users.id = password_reminders.user_id AND users.username = $1 AND NOT users.is_blocked
         AND password_reminders.code_hash = $2 AND password_reminders.used_at IS NULL
         AND password_reminders.expires_at > now() AND password_reminders.failed_attempts < $3
       RETURNING password_reminders.id AS reminder_id, users.id AS user_id, users.email`,
      [username, hashOpaqueToken(code), REMINDER_MAX_FAILED_ATTEMPTS],
    );
    const confirmed = rows[0];
    await attempt.record(Boolean(confirmed));
    if (!confirmed) {
      await ctx.db.query(
        `UPDATE password_reminders SET failed_attempts = failed_attempts + 1 FROM users
         WHERE users.id = password_reminders.user_id AND users.username = $1 AND password_reminders.used_at IS NULL`,
        [username],
      );
      throw httpError(400, 'errors.reminder_code_invalid');
    }

    const temporaryPassword = generateTemporaryPassword();
    const passwordHash = await hashPassword(temporaryPassword);
    // The e-mail goes first (and outside any transaction, which would hold the embedded database
    // while the mail server answers); if it fails, the link is given back and nothing else changes.
    try {
      await ctx.mailer.send({
        to: confirmed.email,
        subject: t('app.auth.mail.temporary_password_subject'),
        text: t('app.auth.mail.temporary_password_text', { username, password: temporaryPassword, link: `${panelUrl}/logowanie` }),
      });
    } catch (error) {
      await ctx.db.query('UPDATE password_reminders SET used_at = NULL WHERE id = $1', [confirmed.reminder_id]);
      request.log.error({ err: error }, 'temporary password e-mail not sent');
      throw httpError(503, 'errors.mail_unavailable');
    }
    const revoked = await ctx.db.transaction(async (tx) => {
      await tx.query('UPDATE users SET password_hash = $2, is_password_valid = FALSE WHERE id = $1', [confirmed.user_id, passwordHash]);
      return revokeUserSessions(tx, confirmed.user_id);
    });
    app.liveSessions.forget(revoked);
    // Not a signed-in request, so the account state is dropped here rather than on its way out.
    app.accounts.forget(confirmed.user_id);
    return { detail: t('app.auth.reminder_confirmed') };
  });
};
