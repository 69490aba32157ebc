import { useSyncExternalStore } from 'react';

/**
 * The session tokens: the access token lives in a cookie (so other tabs see a refresh), the
 * refresh token in local storage. The in-memory copy is the one the app reads; subscribers (the
 * session timer, the http client) are told when it changes.
 */
export interface TokenResponse {
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

export interface Session {
  accessToken: string;
  refreshToken: string | null;
  /** Epoch milliseconds at which the access token expires. */
  expiresAt: number;
}

const ACCESS_COOKIE = 'panel_access_token';
const REFRESH_STORAGE_KEY = 'panel_refresh_token';

let current: Session | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getSession(): Session | null {
  return current;
}

/** The session tokens as React state (re-renders on login, refresh, logout). */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

export function getAccessToken(): string | null {
  return current?.accessToken ?? null;
}

/** The `exp` claim of a JWT in epoch milliseconds, or null when the token cannot be read. */
export function tokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

export function readAccessCookie(): string | null {
  return readCookie(ACCESS_COOKIE);
}

function writeAccessCookie(token: string, maxAgeSeconds: number): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${ACCESS_COOKIE}=${encodeURIComponent(token)}; Path=/; Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}; SameSite=Strict${secure}`;
}

/** The refresh token, also when the access cookie has already expired. */
export function storedRefreshToken(): string | null {
  return current?.refreshToken ?? localStorage.getItem(REFRESH_STORAGE_KEY);
}

export function secondsLeft(session: Session | null, now = Date.now()): number {
  return session ? Math.max(0, Math.floor((session.expiresAt - now) / 1000)) : 0;
}

/** Stores tokens received from the server (login or refresh). */
export function storeTokens(tokens: TokenResponse, now = Date.now()): Session {
  const expiresAt = tokenExpiry(tokens.access_token) ?? now + tokens.expires_in * 1000;
  writeAccessCookie(tokens.access_token, (expiresAt - now) / 1000);
  localStorage.setItem(REFRESH_STORAGE_KEY, tokens.refresh_token);
  current = { accessToken: tokens.access_token, refreshToken: tokens.refresh_token, expiresAt };
  emit();
  return current;
}

/**
 * Rebuilds the session from the cookie and local storage: at start, and when another tab has
 * refreshed the tokens. Returns null (and clears the memory copy) when there is no usable access token.
 */
export function restoreSession(now = Date.now()): Session | null {
  const accessToken = readAccessCookie();
  const expiresAt = accessToken ? tokenExpiry(accessToken) : null;
  const restored =
    accessToken && expiresAt && expiresAt > now
      ? { accessToken, refreshToken: localStorage.getItem(REFRESH_STORAGE_KEY), expiresAt }
      : null;
  if (restored?.accessToken !== current?.accessToken || restored?.refreshToken !== current?.refreshToken) {
    current = restored;
    emit();
  }
  return current;
}

export function clearSession(): void {
  writeAccessCookie('', 0);
  localStorage.removeItem(REFRESH_STORAGE_KEY);
  if (current) {
    current = null;
    emit();
  }
}
