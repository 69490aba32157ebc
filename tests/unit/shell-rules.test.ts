import { describe, expect, it, vi } from 'vitest';
import { forcedPath, forcedPathOfCode } from '../../src/client/guards/rules';
import { CACHE_BUST_PARAM, mayPrefetch, reloadOnceForFailedChunk } from '../../src/client/layout/lazyScreen';
import { authProvider, isRootOnlyResource, mayAccess } from '../../src/client/providers/authProvider';
import { isAccountBlocked } from '../../src/client/providers/signIn';
import { ApiError, errorMessage } from '../../src/client/providers/http';
import { shouldRetryQuery } from '../../src/client/providers/queryClient';
import { formatRemaining, isTimerVisible, isWarningDue } from '../../src/client/screens/session/timer';

describe('query retries (SPEC 8)', () => {
  it('retries failures that are not HTTP errors, and HTTP 400, up to 3 times', () => {
    const network = new TypeError('Failed to fetch');
    const badRequest = new ApiError(400, { detail: 'x' });
    for (const error of [network, badRequest]) {
      expect([0, 1, 2].map((count) => shouldRetryQuery(count, error))).toEqual([true, true, true]);
      expect(shouldRetryQuery(3, error)).toBe(false);
    }
  });

  it('never retries other HTTP errors', () => {
    for (const status of [401, 403, 404, 409, 429, 500]) expect(shouldRetryQuery(0, new ApiError(status, {}))).toBe(false);
  });
});

describe('error messages (SPEC 8)', () => {
  it("are the server's detail, or the generic message key", () => {
    expect(errorMessage(new ApiError(409, { detail: 'Nazwa jest zajęta.' }))).toBe('Nazwa jest zajęta.');
    expect(errorMessage(new ApiError(500, {}))).toBe('errors.unexpected');
    expect(errorMessage(new Error('boom'))).toBe('errors.unexpected');
  });
});

describe('authProvider.checkError (SPEC 4)', () => {
  it('logs out on 401, sends 403 to the forbidden screen without logging out, ignores the rest', async () => {
    await expect(authProvider.checkError(new ApiError(401, {}))).rejects.toMatchObject({ message: false });
    await expect(authProvider.checkError(new ApiError(403, {}))).rejects.toMatchObject({ logoutUser: false, redirectTo: '/error/403' });
    await expect(authProvider.checkError(new ApiError(404, {}))).resolves.toBeUndefined();
    await expect(authProvider.checkError(new ApiError(400, {}))).resolves.toBeUndefined();
  });

  it("sends a 403 naming a pending step to the page the guards would show", async () => {
    const refusal = (code: string) => authProvider.checkError(new ApiError(403, { detail: 'x', code }));
    await expect(refusal('regulations_required')).rejects.toMatchObject({ logoutUser: false, redirectTo: '/panel/profil/regulaminy' });
    await expect(refusal('password_change_required')).rejects.toMatchObject({ logoutUser: false, redirectTo: '/panel/profil' });
    await expect(refusal('account_blocked')).rejects.toMatchObject({ redirectTo: '/error/403' });
  });
});

describe('root-only areas', () => {
  it('are open to root users only', () => {
    expect(mayAccess({ is_root: false }, true)).toBe(false);
    expect(mayAccess({ is_root: true }, true)).toBe(true);
    expect(mayAccess({ is_root: false }, false)).toBe(true);
    expect(isRootOnlyResource('admin_news')).toBe(true);
    expect(isRootOnlyResource('service_tags')).toBe(false);
  });
});

describe('forced pages (SPEC 4)', () => {
  it('send users to the regulations first, then to the profile for an invalid password', () => {
    expect(forcedPath({ is_regulations: false, is_password_valid: false })).toBe('/panel/profil/regulaminy');
    expect(forcedPath({ is_regulations: true, is_password_valid: false })).toBe('/panel/profil');
    expect(forcedPath({ is_regulations: true, is_password_valid: true })).toBeNull();
  });

  it('are named by the codes of the server’s 403 answers', () => {
    expect(forcedPathOfCode('regulations_required')).toBe('/panel/profil/regulaminy');
    expect(forcedPathOfCode('password_change_required')).toBe('/panel/profil');
    for (const code of ['account_blocked', 'toString', undefined, 7]) expect(forcedPathOfCode(code)).toBeNull();
  });
});

describe('session timer rules (SPEC 9)', () => {
  it('shows mm:ss only at 180 seconds or fewer', () => {
    expect(isTimerVisible(181)).toBe(false);
    expect(isTimerVisible(180)).toBe(true);
    expect(formatRemaining(180)).toBe('03:00');
    expect(formatRemaining(59)).toBe('00:59');
    expect(formatRemaining(0)).toBe('00:00');
  });

  it('warns under 60 seconds', () => {
    expect(isWarningDue(60)).toBe(false);
    expect(isWarningDue(59)).toBe(true);
    expect(isWarningDue(0)).toBe(false);
  });
});

describe('route prefetching (SPEC 2)', () => {
  it('happens only on 4g without the data saver', () => {
    expect(mayPrefetch({ effectiveType: '4g', saveData: false })).toBe(true);
    expect(mayPrefetch({ effectiveType: '4g', saveData: true })).toBe(false);
    expect(mayPrefetch({ effectiveType: '3g' })).toBe(false);
    expect(mayPrefetch(undefined)).toBe(false);
  });
});

describe('a page chunk that fails to load (SPEC 2)', () => {
  it('reloads the page once with a cache-busting parameter, then gives up', () => {
    const storage = new Map<string, string>();
    const page = {
      storage: {
        getItem: (key: string) => storage.get(key) ?? null,
        setItem: (key: string, value: string) => void storage.set(key, value),
      } as Storage,
      location: { href: 'https://panel.example.com/wiadomosci?page=2', replace: vi.fn() },
    };
    const failure = new TypeError('Failed to fetch dynamically imported module');

    expect(() => reloadOnceForFailedChunk(failure, page)).toThrow(failure);
    expect(page.location.replace).toHaveBeenCalledTimes(1);
    const reloaded = new URL(page.location.replace.mock.calls[0][0] as string);
    expect(reloaded.pathname).toBe('/wiadomosci');
    expect(reloaded.searchParams.get('page')).toBe('2');
    expect(reloaded.searchParams.get(CACHE_BUST_PARAM)).toMatch(/^\d+$/);

    expect(() => reloadOnceForFailedChunk(failure, page)).toThrow(failure);
    expect(page.location.replace).toHaveBeenCalledTimes(1);
  });
});

describe('a blocked account', () => {
  it('is recognised from the login answer', () => {
    expect(isAccountBlocked(new ApiError(403, { detail: 'x', code: 'account_blocked' }))).toBe(true);
    expect(isAccountBlocked(new ApiError(401, { detail: 'x' }))).toBe(false);
    expect(isAccountBlocked(new ApiError(403, { detail: 'x' }))).toBe(false);
  });
});
