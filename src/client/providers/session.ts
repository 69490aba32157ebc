import { useQuery } from '@tanstack/react-query';
import { api } from './http';
import { useSession } from './tokens';
import { pendingStep, type CurrentUser } from '../../common/api/user';

export type { CurrentUser } from '../../common/api/user';

export const currentUserQueryKey = ['user'] as const;

export function fetchCurrentUser(): Promise<CurrentUser> {
  return api<CurrentUser>('/user');
}

export function fullName(user: Pick<CurrentUser, 'name' | 'surname' | 'username'>): string {
  return [user.name, user.surname].filter(Boolean).join(' ') || user.username;
}

/** The signed-in user (react-query key ['user']; invalidate it after profile, avatar or regulation changes). */
export function useCurrentUser(): { user: CurrentUser | undefined; refetch(): Promise<unknown> } {
  const session = useSession();
  const query = useQuery({
    queryKey: currentUserQueryKey,
    queryFn: fetchCurrentUser,
    enabled: session !== null,
    staleTime: 60_000,
  });
  return { user: session ? query.data : undefined, refetch: query.refetch };
}

/**
 * Whether the signed-in user may use the panel: known, with no step to settle first (SPEC 4). Until
 * then the layout asks for nothing the server would refuse (menus, the news badge, the footer).
 */
export function usePanelOpen(): boolean {
  const { user } = useCurrentUser();
  return user !== undefined && pendingStep(user) === null;
}
