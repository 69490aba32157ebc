import { text } from './support/catalogue';
import { expect, test } from './support/test';
import { E2E_PASSWORD } from './support/credentials';
import { signIn, submitLogin } from './support/session';

test.describe('signing in and out', () => {
  test('a wrong password shows the server’s Polish detail, the same as for an unknown user', async ({ page, request }) => {
    await request.get('/api/xsrf');
    const xsrf = (await request.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
    const unknownUser = await request.post('/api/authentication', {
      data: { username: 'nie-ma-takiego-uzytkownika', password: E2E_PASSWORD },
      headers: { 'X-XSRF-TOKEN': xsrf },
    });
    expect(unknownUser.status()).toBe(401);
    const { detail } = (await unknownUser.json()) as { detail: string };

    await page.goto('/logowanie');
    await submitLogin(page, 'klient2', `${E2E_PASSWORD}-zle`);
    await expect(page.getByText(detail)).toBeVisible();
    await expect(page).toHaveURL(/\/logowanie/);
  });

  test('a signed-out visit goes to /logowanie with callback_url and comes back after signing in', async ({ page }) => {
    await page.goto('/panel/profil');
    await expect(page).toHaveURL(/\/logowanie\?callback_url=/);
    const callback = new URL(page.url()).searchParams.get('callback_url');
    expect(callback && new URL(callback).pathname).toBe('/panel/profil');

    await submitLogin(page, 'klient');
    await expect(page).toHaveURL(/\/panel\/profil$/);
  });

  test('a 401 from the API signs the user out', async ({ page, context }) => {
    await signIn(page, 'klient');
    // Spoil the signature of the access token in its cookie: the server now answers 401.
    const cookies = await context.cookies();
    const access = cookies.find((cookie) => /^eyJ[\w-]+\.[\w-]+\.[\w-]+$/.test(decodeURIComponent(cookie.value)));
    expect(access, 'a cookie holds the access token').toBeDefined();
    const token = decodeURIComponent(access!.value);
    const spoilt = token.slice(0, -4) + (token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    await context.addCookies([{ ...access!, value: encodeURIComponent(spoilt) }]);

    await page.goto('/panel/profil');
    await expect(page).toHaveURL(/\/logowanie/);
    // Signed out for good: the next visit does not get in either.
    await page.goto('/');
    await expect(page).toHaveURL(/\/logowanie/);
  });

  test('a user who has not accepted the regulations is forced to the regulations page', async ({ page }) => {
    await page.goto('/logowanie');
    await submitLogin(page, 'nowy');
    await expect(page).toHaveURL(/\/panel\/profil\/regulaminy$/);

    await page.goto('/');
    await expect(page).toHaveURL(/\/panel\/profil\/regulaminy$/);
  });

  test('the regulations page asks only for what it shows: no call of the panel is refused', async ({ page }) => {
    await page.goto('/logowanie');
    await submitLogin(page, 'nowy');
    await expect(page).toHaveURL(/\/panel\/profil\/regulaminy$/);
    // The signed-in panel opened again in a new tab: every API call it makes, and the answers that refuse or fail.
    const tab = await page.context().newPage();
    const isCall = (url: string) => new URL(url).pathname.startsWith('/api/');
    const unanswered = new Set<string>();
    const failed: string[] = [];
    tab.on('request', (request) => {
      if (isCall(request.url())) unanswered.add(request.url());
    });
    tab.on('requestfinished', (request) => unanswered.delete(request.url()));
    tab.on('requestfailed', (request) => {
      unanswered.delete(request.url());
      if (isCall(request.url())) failed.push(`${request.url()} ${request.failure()?.errorText}`);
    });
    tab.on('response', (response) => {
      if (isCall(response.url()) && response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    await tab.goto('/');
    await expect(tab).toHaveURL(/\/panel\/profil\/regulaminy$/);
    await expect(tab.getByRole('main').getByText(text('app.profile.regulations.intro'))).toBeVisible();
    await expect.poll(() => unanswered.size).toBe(0);
    expect(failed).toEqual([]);
  });
});
