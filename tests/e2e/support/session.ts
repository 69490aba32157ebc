import { type APIRequestContext, type Page, expect } from '@playwright/test';
import { text } from './catalogue';
import { E2E_PASSWORD } from './credentials';

export type DemoUser = 'admin' | 'klient' | 'klient2' | 'nowy';

/** Fills and submits the login form on the current page (which must be a /logowanie page). */
export async function submitLogin(page: Page, username: string, password = E2E_PASSWORD): Promise<void> {
  await page.getByLabel(text('ra.auth.username')).fill(username);
  await page.getByLabel(text('ra.auth.password')).fill(password);
  await page.getByRole('button', { name: text('ra.auth.sign_in') }).click();
}

/** Signs in through the login page and waits until the app has left the login family of routes. */
export async function signIn(page: Page, username: DemoUser): Promise<void> {
  await page.goto('/logowanie');
  await submitLogin(page, username);
  await expect(page).not.toHaveURL(/\/logowanie/);
}

/** The `<main>` landmark's h1 of the current screen. */
export function pageHeading(page: Page) {
  return page.getByRole('main').getByRole('heading', { level: 1 });
}

/**
 * How long a worker reuses one sign-in. The panel refreshes an access token once less than ten of
 * its thirty minutes remain, and a refresh token serves one refresh: a worker's tests all start
 * from one saved state, so past twenty minutes the second of them would present a spent refresh
 * token, which the server reads as theft and answers by ending the session. Half that age renews.
 */
export const SIGN_IN_REUSE_MS = 10 * 60_000;

/** make's value, made again once it is older than SIGN_IN_REUSE_MS or when making it failed. */
export function renewedWhenOld<T>(make: () => Promise<T>): () => Promise<T> {
  let made: { value: Promise<T>; at: number } | undefined;
  return () => {
    if (!made || Date.now() - made.at > SIGN_IN_REUSE_MS) {
      const value = make();
      made = { value, at: Date.now() };
      value.catch(() => {
        if (made?.value === value) made = undefined;
      });
    }
    return made.value;
  };
}

/** A signed-in API client of one demo user, as apiSession makes it. */
export type ApiSession = Awaited<ReturnType<typeof apiSession>>;

/**
 * A client of the API as a script would use it: fetches the XSRF cookie, echoes it on mutating
 * calls and sends `Authorization: JWT` once signed in.
 */
export async function apiSession(request: APIRequestContext, username: DemoUser) {
  await request.get('/api/xsrf');
  const xsrf = (await request.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  if (!xsrf) throw new Error('GET /api/xsrf set no XSRF-TOKEN cookie');
  const post = (url: string, data: unknown, headers: Record<string, string> = {}) =>
    request.post(url, { data, headers: { 'X-XSRF-TOKEN': xsrf, ...headers } });

  // Signed in again when old, so a worker that outlives an access token keeps its session.
  const authorization = renewedWhenOld(async () => {
    const login = await post('/api/authentication', { username, password: E2E_PASSWORD });
    expect(login.status(), await login.text()).toBe(200);
    const { access_token: accessToken } = (await login.json()) as { access_token: string };
    return { Authorization: `JWT ${accessToken}` };
  });
  await authorization();
  return {
    post,
    /** A signed-in call of any method; the caller checks the answer. */
    async send(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, data?: unknown) {
      return request.fetch(url, { method, data, headers: { 'X-XSRF-TOKEN': xsrf, ...(await authorization()) } });
    },
    async get<T>(url: string): Promise<T> {
      const response = await request.get(url, { headers: await authorization() });
      expect(response.status(), `GET ${url}: ${await response.text()}`).toBe(200);
      return (await response.json()) as T;
    },
  };
}
