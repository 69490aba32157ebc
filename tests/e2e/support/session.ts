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
 * A client of the API as a script would use it: fetches the XSRF cookie, echoes it on mutating
 * calls and sends `Authorization: JWT` once signed in.
 */
export async function apiSession(request: APIRequestContext, username: DemoUser) {
  await request.get('/api/xsrf');
  const xsrf = (await request.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  if (!xsrf) throw new Error('GET /api/xsrf set no XSRF-TOKEN cookie');
  const post = (url: string, data: unknown, headers: Record<string, string> = {}) =>
    request.post(url, { data, headers: { 'X-XSRF-TOKEN': xsrf, ...headers } });

  const login = await post('/api/authentication', { username, password: E2E_PASSWORD });
  expect(login.status(), await login.text()).toBe(200);
  const { access_token: accessToken } = (await login.json()) as { access_token: string };
  const authorization = { Authorization: `JWT ${accessToken}` };
  return {
    post,
    /** A signed-in call of any method; the caller checks the answer. */
    send(method: 'POST' | 'PUT' | 'DELETE', url: string, data?: unknown) {
      return request.fetch(url, { method, data, headers: { 'X-XSRF-TOKEN': xsrf, ...authorization } });
    },
    async get<T>(url: string): Promise<T> {
      const response = await request.get(url, { headers: authorization });
      expect(response.status(), `GET ${url}: ${await response.text()}`).toBe(200);
      return (await response.json()) as T;
    },
  };
}
