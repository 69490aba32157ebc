// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ensureFreshSession, refreshSession } from '../../src/client/providers/refresh';
import { clearSession, getAccessToken, getSession, readAccessCookie, restoreSession, storeTokens } from '../../src/client/providers/tokens';

/** A JWT-shaped token expiring `secondsFromNow` after the faked clock. */
function token(label: string, secondsFromNow: number): string {
  const payload = btoa(JSON.stringify({ sub: label, exp: Math.floor(Date.now() / 1000) + secondsFromNow }))
    .replace(/=+$/, '')
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
  return `eyJhbGciOiJIUzI1NiJ9.${payload}.signature`;
}

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-01-01T12:00:00Z'), toFake: ['Date'] });
  document.cookie = 'XSRF-TOKEN=xsrf-value; path=/';
});

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('token storage', () => {
  it('keeps the access token in a cookie and the refresh token in local storage, and restores both', () => {
    const access = token('a', 1800);
    storeTokens({ access_token: access, refresh_token: 'refresh-1', expires_in: 1800 });
    expect(readAccessCookie()).toBe(access);
    expect(Object.values(localStorage)).toContain('refresh-1');

    // A new page load: only the cookie and local storage remain.
    const restored = restoreSession();
    expect(restored).toMatchObject({ accessToken: access, refreshToken: 'refresh-1' });
    expect(restored!.expiresAt).toBe(Date.now() + 1800 * 1000);
  });

  it('restores nothing without an access cookie, and drops an expired token', () => {
    expect(restoreSession()).toBeNull();
    storeTokens({ access_token: token('old', -5), refresh_token: 'r', expires_in: 0 });
    expect(restoreSession()).toBeNull();
  });

  it('clears both tokens on logout', () => {
    storeTokens({ access_token: token('a', 600), refresh_token: 'refresh-1', expires_in: 600 });
    clearSession();
    expect(readAccessCookie()).toBeNull();
    expect(Object.values(localStorage)).not.toContain('refresh-1');
    expect(getSession()).toBeNull();
  });
});

describe('refresh', () => {
  it('sends one request however many callers ask at once, and they share its result', async () => {
    storeTokens({ access_token: token('old', 100), refresh_token: 'refresh-1', expires_in: 100 });
    const fresh = token('new', 1800);
    let release: (response: Response) => void = () => undefined;
    const fetchMock = vi.fn((_url: string, _init?: RequestInit) => new Promise<Response>((resolve) => (release = resolve)));
    vi.stubGlobal('fetch', fetchMock);

    const calls = [refreshSession(), refreshSession(), ensureFreshSession()];
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    release(jsonResponse({ access_token: fresh, refresh_token: 'refresh-2', expires_in: 1800 }));
    const sessions = await Promise.all(calls);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/authentication/refresh');
    expect(JSON.parse(String(init?.body))).toEqual({ refresh_token: 'refresh-1' });
    expect(new Headers(init?.headers).get('X-XSRF-TOKEN')).toBe('xsrf-value');
    expect(sessions.map((session) => session?.accessToken)).toEqual([fresh, fresh, fresh]);
    expect(readAccessCookie()).toBe(fresh);

    // The next refresh is a new request with the rotated token.
    fetchMock.mockResolvedValueOnce(jsonResponse({ access_token: token('newer', 1800), refresh_token: 'refresh-3', expires_in: 1800 }));
    await refreshSession();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(JSON.parse(String(fetchMock.mock.calls[1][1]?.body))).toEqual({ refresh_token: 'refresh-2' });
  });

  it('refreshes on navigation only when fewer than 600 seconds are left', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ access_token: token('new', 1800), refresh_token: 'r2', expires_in: 1800 }));
    vi.stubGlobal('fetch', fetchMock);

    storeTokens({ access_token: token('a', 601), refresh_token: 'r1', expires_in: 601 });
    await ensureFreshSession();
    expect(fetchMock).not.toHaveBeenCalled();

    storeTokens({ access_token: token('b', 599), refresh_token: 'r1', expires_in: 599 });
    await ensureFreshSession();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('ends the session when the server rejects the refresh token', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ detail: 'x' }, 401)));
    storeTokens({ access_token: token('a', 100), refresh_token: 'used', expires_in: 100 });
    expect(await ensureFreshSession()).toBeNull();
    expect(getAccessToken()).toBeNull();
    expect(readAccessCookie()).toBeNull();
  });

  it('keeps a still-valid token when the refresh fails for another reason', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('network down'))));
    const access = token('a', 100);
    storeTokens({ access_token: access, refresh_token: 'r', expires_in: 100 });
    expect((await ensureFreshSession())?.accessToken).toBe(access);
  });

  it('follows a token another tab stored in the cookie instead of refreshing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    storeTokens({ access_token: token('mine', 100), refresh_token: 'r1', expires_in: 100 });
    const theirs = token('theirs', 1800);
    document.cookie = `panel_access_token=${theirs}; path=/`;
    expect((await ensureFreshSession())?.accessToken).toBe(theirs);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
