import type { CurrentUser } from '../../../common/api/user';
import type { Queryable } from '../../db';
import { httpError } from '../../http/errors';
import { ACCEPTED_ALL_REGULATIONS } from '../regulations/in-force';

/** A users row as loadUser reads it: the answer's fields with the stored file name instead of its URI. */
type UserRow = Omit<CurrentUser, 'avatar_uri'> & { avatar_file: string | null };

export const avatarUri = (file: string | null) => (file ? `/api/avatars/${file}` : null);

/** The GET /api/user body (cached per user: app.userProfiles); 401 when the token's user no longer exists. */
export async function loadUser(db: Queryable, userId: number): Promise<CurrentUser> {
  const { rows } = await db.query<UserRow>(
    `SELECT id, username, name, surname, phone, email, avatar_file, is_password_valid, is_root,
            ${ACCEPTED_ALL_REGULATIONS} AS is_regulations
       FROM users WHERE id = $1`,
    [userId],
  );
  if (!rows[0]) throw httpError(401, 'errors.unauthorized');
  const { avatar_file, ...user } = rows[0];
  return { ...user, avatar_uri: avatarUri(avatar_file) };
}

export type UserProfile = Awaited<ReturnType<typeof loadUser>>;
