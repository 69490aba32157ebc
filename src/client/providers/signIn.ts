import { api, isApiError } from './http';
import { storeTokens, type TokenResponse } from './tokens';

export const BLOCKED_PATH = '/logowanie/blokada';

export interface Credentials {
  username: string;
  password: string;
}

export function isAccountBlocked(error: unknown): boolean {
  return isApiError(error, 403) && error.body.code === 'account_blocked';
}

/**
 * POST /api/authentication and keeps the tokens. The login page calls it directly: the first page
 * loads neither react-admin nor react-query, whose cache is brought in only once the tokens came.
 */
export async function signIn({ username, password }: Credentials): Promise<void> {
  const tokens = await api<TokenResponse>('/authentication', {
    method: 'POST',
    body: { username, password },
    authenticate: false,
  });
  const [{ queryClient }, { currentUserQueryKey }] = await Promise.all([import('./queryClient'), import('./session')]);
  // Answers cached while signed out (the user, react-admin's auth checks) must not outlive the login.
  queryClient.removeQueries({ queryKey: currentUserQueryKey });
  queryClient.removeQueries({ queryKey: ['auth'] });
  storeTokens(tokens);
}
