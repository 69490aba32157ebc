import { api } from './http';
import { clearSession, storedRefreshToken } from './tokens';

/** Revokes the refresh token's family on the server (best effort) and forgets both tokens. */
export async function signOut(): Promise<void> {
  const refreshToken = storedRefreshToken();
  clearSession();
  if (!refreshToken) return;
  try {
    await api('/authentication/logout', { method: 'POST', body: { refresh_token: refreshToken }, authenticate: false });
  } catch {
    // The tokens are gone from this browser either way; an unreachable server must not keep anyone signed in.
  }
}
