/** The body of GET /api/user (SPEC 3 "User"). */
export interface CurrentUser {
  id: number;
  username: string;
  name: string;
  surname: string;
  phone: string | null;
  email: string;
  avatar_uri: string | null;
  is_password_valid: boolean;
  is_regulations: boolean;
  is_root: boolean;
}

/**
 * SPEC 4: what a signed-in user must settle before anything else, first the regulations, then an
 * invalid password. The server refuses other calls with 403 and this code, the browser's guards
 * send the user to the page where it is settled.
 */
export type PendingStep = 'regulations_required' | 'password_change_required';

export function pendingStep(user: Pick<CurrentUser, 'is_regulations' | 'is_password_valid'>): PendingStep | null {
  if (!user.is_regulations) return 'regulations_required';
  if (!user.is_password_valid) return 'password_change_required';
  return null;
}
