import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { api } from './http';
import { getSession, subscribeSession, type Session } from './tokens';
import { pendingStep, type CurrentUser } from '../../common/api/user';

export type { CurrentUser } from '../../common/api/user';

export const currentUserQueryKey = ['user'] as const;

export function fetchCurrentUser(): Promise<CurrentUser> {
  return api<CurrentUser>('/user');
}

export function fullName(user: Pick<CurrentUser, 'name' | 'surname' | 'username'>): string {
  return [user.name, user.surname].filter(Boolean).join(' ') || user.username;
}

/** The session tokens as React state (re-renders on login, refresh, logout). */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
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
