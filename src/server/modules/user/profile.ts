import type { CurrentUser } from '../../../common/api/user';
import type { Queryable } from '../../platform/db';
import { httpError } from '../../platform/http/errors';
import { ACCEPTED_ALL_REGULATIONS } from '../regulations/in-force';

/** A users row as loadAccount reads it: the answer's fields with the stored file name instead of its URI. */
type UserRow = Omit<CurrentUser, 'avatar_uri'> & { avatar_file: string | null; is_blocked: boolean };

/** What every authenticated call checks (cached per user: app.accounts): GET /api/user's body and the block. */
export interface Account {
  profile: CurrentUser;
  isBlocked: boolean;
}

export const avatarUri = (file: string | null) => (file ? `/api/avatars/${file}` : null);

/** The user's account; 401 when the token's user no longer exists. */
export async function loadAccount(db: Queryable, userId: number): Promise<Account> {
  const { rows } = await db.query<UserRow>(
    `SELECT id, username, name, surname, phone, email, avatar_file, is_password_valid, is_root, is_blocked,
            ${ACCEPTED_ALL_REGULATIONS} AS is_regulations
       FROM users WHERE id = $1`,
    [userId],
  );
  if (!rows[0]) throw httpError(401, 'errors.unauthorized');
  const { avatar_file, is_blocked, ...user } = rows[0];
  return { profile: { ...user, avatar_uri: avatarUri(avatar_file) }, isBlocked: is_blocked };
}

/** The GET /api/user body. */
export async function loadUser(db: Queryable, userId: number): Promise<CurrentUser> {
  return (await loadAccount(db, userId)).profile;
}
