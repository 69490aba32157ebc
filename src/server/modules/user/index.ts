import type { FastifyInstance } from 'fastify';
import { IMAGE_TYPES } from '../../../common/schema/registry';
import { validateProfile } from '../../../common/validation/profile';
import { currentUser } from '../../platform/auth/plugin';
import type { Queryable } from '../../platform/db';
import { assertValidForm, httpError } from '../../platform/http/errors';
import { servePublicFiles } from '../../platform/files/routes';
import { newStoredName, STORED_NAME } from '../../platform/files/store';
import { filePart, receiveUpload } from '../../schema/uploads';
import { avatarUri, loadUser } from './profile';

/** Points the user at another avatar file (or none); returns the file it replaced, for removal. */
async function replaceAvatar(db: Queryable, userId: number, file: string | null): Promise<{ previous: string | null }> {
  const { rows } = await db.query<{ previous: string | null }>(
    `UPDATE users u SET avatar_file = $2 FROM users old
      WHERE u.id = $1 AND old.id = u.id RETURNING old.avatar_file AS previous`,
    [userId, file],
  );
  if (!rows[0]) throw httpError(401, 'errors.unauthorized');
  return rows[0];
}

/** The store's area of avatars (served at /api/avatars/{name}, which profile.ts's avatarUri gives). */
const AVATAR_AREA = 'avatars';

const profileText = { anyOf: [{ type: 'string', maxLength: 100 }, { type: 'null' }] };

/** The signed-in user's profile and avatar (PUT /api/user/password lives with authentication). */
export async function userModule(app: FastifyInstance): Promise<void> {
  const { db, config, files } = app.ctx;
  const avatarKey = (name: string) => `${AVATAR_AREA}/${name}`;
  // A name the store did not make (set by hand in the database) names no object of it.
  const deleteAvatar = async (name: string | null) => {
    if (name && STORED_NAME.test(name)) await files.delete(avatarKey(name));
  };

  // Open while a SPEC 4 step is pending: the browser's guards read the steps from it.
  app.get('/user', { onRequest: app.authenticateSession, config: { openapi: { tags: ['user'], summary: "The signed-in user's profile and pending steps" } } }, async (request) => (await app.accounts.get(currentUser(request).userId)).profile);

  app.put<{ Body: { name?: string | null; surname?: string | null; phone?: string | null } }>(
    '/user',
    {
      onRequest: app.authenticate,
      schema: { body: { type: 'object', properties: { name: profileText, surname: profileText, phone: profileText } } },
      config: { openapi: { tags: ['user'], summary: 'Save the profile (name, surname, phone)' } },
    },
    async (request) => {
      const { userId } = currentUser(request);
      assertValidForm(validateProfile(request.body));
      const { name, surname, phone } = request.body;
      await db.query('UPDATE users SET name = $2, surname = $3, phone = $4 WHERE id = $1', [
        userId,
        name?.trim(),
        surname?.trim(),
        phone?.trim() || null,
      ]);
      return loadUser(db, userId);
    },
  );

  app.post('/user/avatar', { onRequest: app.authenticate, config: { openapi: { tags: ['user'], summary: 'Upload the avatar (multipart `file`): {avatar_uri}' } } }, async (request) => {
    const { userId } = currentUser(request);
    if (!request.isMultipart()) throw httpError(415, 'errors.image_not_supported');
    const upload = await filePart(request, config.avatarMaxBytes);
    const { temporary, extension } = await receiveUpload(
      upload.file,
      { accept: IMAGE_TYPES, maxBytes: config.avatarMaxBytes, refusal: 'errors.image_not_supported' },
      files,
    );
    const file = newStoredName(extension);
    // Committed inside the transaction, so the user row never names a missing file, nor a failed one a kept file.
    const replaced = await db
      .transaction(async (tx) => {
        const result = await replaceAvatar(tx, userId, file);
        await files.commit(temporary.key, avatarKey(file));
        return result;
      })
      .catch(async (error: unknown) => {
        await Promise.all([files.delete(temporary.key), files.delete(avatarKey(file))]);
        throw error;
      });
    await deleteAvatar(replaced.previous);
    return { avatar_uri: avatarUri(file) };
  });

  app.delete('/user/avatar', { onRequest: app.authenticate, config: { openapi: { tags: ['user'], summary: 'Remove the avatar', responses: { 204: { description: 'Removed' } } } } }, async (request, reply) => {
    const replaced = await replaceAvatar(db, currentUser(request).userId, null);
    await deleteAvatar(replaced.previous);
    return reply.status(204).send();
  });

  servePublicFiles(app, '/avatars', AVATAR_AREA);
}
