import { api, isApiError } from './http';
import { clearSession, getSession, restoreSession, secondsLeft, storeTokens, type Session, type TokenResponse } from './tokens';

/** SPEC 9: an access token with fewer seconds left than this is refreshed on navigation. */
export const REFRESH_THRESHOLD_SECONDS = 600;

let inFlight: Promise<Session> | null = null;

/**
 * Exchanges the refresh token for new tokens. Only one request is in flight at a time: callers
 * arriving meanwhile share its promise (the server rotates refresh tokens, so a second request with
 * the same token would look like reuse). A rejected refresh token ends the session.
 */
export function refreshSession(): Promise<Session> {
  inFlight ??= (async () => {
    const refreshToken = getSession()?.refreshToken;
    if (!refreshToken) throw new Error('No refresh token');
    try {
      const tokens = await api<TokenResponse>('/authentication/refresh', {
        method: 'POST',
        body: { refresh_token: refreshToken },
        authenticate: false,
      });
      return storeTokens(tokens);
    } catch (error) {
      if (isApiError(error, 401)) clearSession();
      throw error;
    }
  })().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/**
 * Makes sure there is a usable session, refreshing it when fewer than `threshold` seconds are left.
 * Picks up tokens another tab stored in the cookie first. Resolves with the session, or null when
 * signed out. A failed refresh keeps a still-valid token (a network hiccup must not sign anyone out).
 */
export async function ensureFreshSession(threshold = REFRESH_THRESHOLD_SECONDS, now = Date.now): Promise<Session | null> {
  const session = restoreSession(now());
  if (!session || secondsLeft(session, now()) >= threshold) return session;
  try {
    return await refreshSession();
  } catch (error) {
    if (isApiError(error, 401)) return null;
    return getSession() && secondsLeft(getSession(), now()) > 0 ? getSession() : null;
  }
}
