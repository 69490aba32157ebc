import type { CurrentUser } from '../providers/session';

export const REGULATIONS_PATH = '/panel/profil/regulaminy';
export const PROFILE_PATH = '/panel/profil';

/**
 * SPEC 4: a user who has not accepted the regulations may only see the regulations page; then one
 * whose password is invalid only the profile page (where a new one is set). Logout stays open to both.
 */
export function forcedPath(user: Pick<CurrentUser, 'is_regulations' | 'is_password_valid'>): string | null {
  if (!user.is_regulations) return REGULATIONS_PATH;
  if (!user.is_password_valid) return PROFILE_PATH;
  return null;
}
