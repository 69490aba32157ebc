import { pendingStep, type PendingStep } from '../../common/api/user';
import type { CurrentUser } from '../providers/session';

export const REGULATIONS_PATH = '/panel/profil/regulaminy';
export const PROFILE_PATH = '/panel/profil';

/** The page where each pending step is settled: the regulations page, the profile (new password). */
const PATH_OF_STEP: Record<PendingStep, string> = {
  regulations_required: REGULATIONS_PATH,
  password_change_required: PROFILE_PATH,
};

/**
 * SPEC 4: a user who has not accepted the regulations may only see the regulations page; then one
 * whose password is invalid only the profile page (where a new one is set). Logout stays open to both.
 */
export function forcedPath(user: Pick<CurrentUser, 'is_regulations' | 'is_password_valid'>): string | null {
  const step = pendingStep(user);
  return step && PATH_OF_STEP[step];
}

/** The page of the pending step a server's 403 `code` names, or null for any other code. */
export function forcedPathOfCode(code: unknown): string | null {
  return typeof code === 'string' && Object.hasOwn(PATH_OF_STEP, code) ? PATH_OF_STEP[code as PendingStep] : null;
}
