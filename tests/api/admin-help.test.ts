import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app';
import { signedIn } from './support/signed-in';
import type { HelpPage } from '../../src/modules/admin/common/help';

/**
 * The admin area's help pages (issue 17): root ties a rich-text page to a screen of the panel by its
 * route name, one per screen; any other user is refused; every signed-in user reads the published
 * pages, sanitised, in one call.
 */
let test: TestApp;
const { signIn, call } = signedIn(() => test);

interface Record {
  id: number;
  route?: string;
  title?: string;
  content?: string;
  published?: boolean;
}

const HELP = '/api/admin/help';

beforeAll(async () => {
  test = await createTestApp();
  await signIn('admin', 'klient');
}, 60_000);
afterAll(async () => {
  await test?.close();
});

const create = async (body: unknown) => {
  const response = await call('POST', HELP, body, 'admin');
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Record;
};
const userHelp = async (as = 'klient') => {
  const response = await call('GET', '/api/user/help', undefined, as);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as HelpPage[];
};

describe('the admin area: help pages', () => {
  it("has its entry in the admin area's menu, from its schema", async () => {
    const menu = await call('GET', '/api/user/menu/admin', undefined, 'admin');
    const entries = menu.json().data.filter((item: { prefix: string }) => item.prefix === 'admin_help');
    expect(entries).toEqual([expect.objectContaining({ name: 'Pomoc', icon: 'HelpOutline', is_root: true })]);
  });

  it("offers root the panel's screens by their Polish titles, hand-written and schema ones alike", async () => {
    const response = await call('GET', `${HELP}/routes`, undefined, 'admin');
    expect(response.statusCode, response.body).toBe(200);
    const routes = response.json().data as { id: string; name: string }[];
    const named = (id: string) => routes.find((route) => route.id === id)?.name;
    expect(named('user_dashboard')).toBe('Pulpit (/)');
    expect(named('service_mailings')).toMatch(/\(\/usluga\/:service_id\/wysylki\)$/);
    expect(named('admin_help')).toBe('Pomoc (/admin/pomoc)');
    // A generic view's title goes under its parent's: 'Pomoc – Dodaj'.
    expect(named('admin_help_create')).toMatch(/^Pomoc – \S+ \(\/admin\/pomoc\/dodaj\)$/);
    // Only the signed-in screens: no login page, no error page.
    expect(named('login')).toBeUndefined();
    expect(named('error_404')).toBeUndefined();
    expect((await call('GET', `${HELP}/routes`, undefined, 'klient')).statusCode).toBe(403);
  });

  it('keeps help pages for root: create, read, update, delete', async () => {
    const page = await create({ route: 'user_profile', title: 'Twój profil', content: '<p>Tu zmienisz hasło.</p>', published: true });
    const read = await call('GET', `${HELP}/${page.id}`, undefined, 'admin');
    expect(read.json()).toMatchObject({ route: 'user_profile', title: 'Twój profil', content: '<p>Tu zmienisz hasło.</p>', published: true });
    const updated = await call('PUT', `${HELP}/${page.id}`, { route: 'user_profile', title: 'Mój profil', content: '<p>Hasło i dane.</p>', published: true }, 'admin');
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await userHelp()).find((help) => help.route === 'user_profile')).toEqual({ route: 'user_profile', title: 'Mój profil', content: '<p>Hasło i dane.</p>' });
    expect((await call('DELETE', `${HELP}/${page.id}`, undefined, 'admin')).statusCode).toBe(204);
    expect((await call('GET', `${HELP}/${page.id}`, undefined, 'admin')).statusCode).toBe(404);
    expect((await userHelp()).map((help) => help.route)).not.toContain('user_profile');
  });

  it('refuses every other user (403), while any signed-in user reads the help', async () => {
    const [first] = (await call('GET', HELP, undefined, 'admin')).json().data as Record[];
    for (const [method, url, body] of [
      ['GET', HELP],
      ['GET', `${HELP}/${first.id}`],
      ['POST', HELP, { route: 'user_profile_news', title: 'Wiadomości', content: '<p>Tekst</p>', published: true }],
      ['PUT', `${HELP}/${first.id}`, { route: first.route, title: 'Zmieniona', content: '<p>Tekst</p>', published: true }],
      ['PUT', `${HELP}/${first.id}/publish`, { published: false }],
      ['DELETE', `${HELP}/${first.id}`],
    ] as const) {
      expect((await call(method, url, body, 'klient')).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await call('GET', '/api/user/help', undefined, 'nobody')).statusCode).toBe(401);
    // The demo's pages: the dashboard, the newsletter's mailings and the disk.
    expect((await userHelp()).map((help) => help.route)).toEqual(expect.arrayContaining(['user_dashboard', 'service_mailings', 'service_disk_folder']));
  });

  it('answers bad input with Polish messages: an unknown screen and a second page for a screen are refused', async () => {
    const empty = await call('POST', HELP, {}, 'admin');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      detail: 'Proszę poprawnie wypełnić formularz.',
      errors: { route: 'Wybierz ekran, którego dotyczy pomoc.', title: 'Tytuł jest wymagany.', content: 'Treść jest wymagana.' },
    });
    const short = await call('POST', HELP, { route: 'user_profile_news', title: 'ab', content: '<p>x</p>', published: true }, 'admin');
    expect(short.json().errors).toEqual({ title: 'Tytuł musi zawierać co najmniej 3 znaki.' });

    const unknown = await call('POST', HELP, { route: 'no_such_screen', title: 'Nieznany ekran', content: '<p>x</p>', published: true }, 'admin');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ route: 'Panel nie ma takiego ekranu. Wybierz ekran z listy.' });
    // The login page is a screen, but not one a signed-in user sees.
    expect((await call('POST', HELP, { route: 'login', title: 'Logowanie', content: '<p>x</p>', published: true }, 'admin')).statusCode).toBe(400);

    const duplicate = await call('POST', HELP, { route: 'user_dashboard', title: 'Drugi pulpit', content: '<p>x</p>', published: true }, 'admin');
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().detail).toBe('Ten ekran ma już stronę pomocy. Zmień istniejącą stronę zamiast dodawać drugą.');
    const pages = (await call('GET', `${HELP}?per_page=100`, undefined, 'admin')).json().data as Record[];
    expect(pages.filter((page) => page.route === 'user_dashboard')).toHaveLength(1);
  });

  it('gives users only published pages, their content sanitised', async () => {
    const page = await create({
      route: 'user_profile_news',
      title: 'Wiadomości',
      content: '<p onclick="alert(1)">Czytaj<script>alert(2)</script> <a href="javascript:alert(3)">link</a></p>',
      published: true,
    });
    await create({ route: 'user_regulations', title: 'Regulaminy', content: '<p>Szkic.</p>', published: false });

    const help = await userHelp();
    expect(help.map((entry) => entry.route)).not.toContain('user_regulations');
    const { content } = help.find((entry) => entry.route === 'user_profile_news')!;
    expect(content).toContain('Czytaj');
    expect(content).not.toMatch(/script|onclick|javascript:/);

    const publish = (published: boolean) => call('PUT', `${HELP}/${page.id}/publish`, { published }, 'admin');
    expect((await publish(false)).statusCode).toBe(200);
    expect((await userHelp()).map((entry) => entry.route)).not.toContain('user_profile_news');
    expect((await publish(true)).statusCode).toBe(200);
    expect((await userHelp()).map((entry) => entry.route)).toContain('user_profile_news');
  });
});
