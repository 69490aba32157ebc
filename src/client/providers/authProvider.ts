import type { AuthProvider, UserIdentity } from 'react-admin';
import { loginRedirectPath } from './callbackUrl';
import { FORBIDDEN_PATH, pendingStepPath, queryClient } from './queryClient';
import { ensureFreshSession } from './refresh';
import { currentUserQueryKey, fetchCurrentUser, fullName, type CurrentUser } from './session';
import { signIn } from './signIn';
import { signOut } from './signOut';

/** The signed-in user, shared with useCurrentUser() through the ['user'] query. */
export function loadCurrentUser(): Promise<CurrentUser> {
  return queryClient.fetchQuery({ queryKey: currentUserQueryKey, queryFn: fetchCurrentUser, staleTime: 60_000 });
}

/** Root-only areas (the /admin routes and admin resources) need is_root. */
export function mayAccess(user: Pick<CurrentUser, 'is_root'> | undefined, rootOnly: boolean): boolean {
  return !rootOnly || Boolean(user?.is_root);
}

export function isRootOnlyResource(resource: string | undefined): boolean {
  return resource === 'admin' || Boolean(resource?.startsWith('admin_') || resource?.startsWith('admin/'));
}

export const authProvider: AuthProvider = {
  login: signIn,

  async logout() {
    const redirect = loginRedirectPath(window.location);
    await signOut();
    return redirect;
  },

  // On each navigation react-admin asks: restore the tokens, refresh when fewer than 600 s are left.
  async checkAuth() {
    if (!(await ensureFreshSession())) {
      throw { redirectTo: loginRedirectPath(window.location), message: false };
    }
  },

  async checkError(error: unknown) {
    const status = (error as { status?: number } | null)?.status;
    if (status === 401) throw { message: false };
    if (status === 403) throw { logoutUser: false, redirectTo: pendingStepPath(error) ?? FORBIDDEN_PATH, message: false };
  },

  async getIdentity(): Promise<UserIdentity> {
    const user = await loadCurrentUser();
    return { id: user.id, fullName: fullName(user), avatar: user.avatar_uri ?? undefined };
  },

  async canAccess({ resource }) {
    if (!isRootOnlyResource(resource)) return true;
    return mayAccess(await loadCurrentUser(), true);
  },
};
