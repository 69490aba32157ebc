import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app';

let t: TestApp;
let klient: string;
let klient2: string;

beforeAll(async () => {
  t = await createTestApp();
  klient = (await t.login('klient')).access_token;
  klient2 = (await t.login('klient2')).access_token;
});
afterAll(() => t.close());

const list = async (query = '', token = klient) => {
  const response = await t.call({ method: 'GET', url: `/api/news${query}`, token });
  expect(response.statusCode, query).toBe(200);
  return response.json();
};

describe('GET /api/news', () => {
  it('lists published news newest first, with read marks and the unread count', async () => {
    const body = await list();
    // Root's demo news to users (an important one, one for newsletter users) among the shell's; the scheduled one not yet.
    expect(body.pagination).toEqual({ total: 6 });
    expect(body.unread_count).toBe(4);
    expect(body.data.map((item: { title: string }) => item.title)).toEqual([
      'Asystent dostępności WCAG',
      'Nowe szablony newslettera',
      'Zmiana regulaminu świadczenia usług',
      'Prace serwisowe',
      'Wyższe limity wysyłki newslettera',
      'Witamy w nowym panelu',
    ]);
    expect(body.data.map((item: { is_read: boolean }) => item.is_read)).toEqual([false, false, false, true, false, true]);
    expect(body.data.find((item: { title: string }) => item.title === 'Zmiana regulaminu świadczenia usług').important).toBe(true);
    expect(body.data[0]).toEqual({
      id: expect.any(Number),
      title: 'Asystent dostępności WCAG',
      lead: 'Sprawdź, czy Twoja strona spełnia wymagania dostępności.',
      date: expect.any(String),
      important: false,
      is_read: false,
      has_videos: true,
      has_galleries: false,
      has_audios: true,
      has_maps: false,
    });
    expect(body.data.map((item: { title: string }) => item.title)).not.toContain('Szkic wiadomości');
  });

  it('orders ascending and pages', async () => {
    const ascending = await list('?order=date&order_desc=false&per_page=3&page=1');
    expect(ascending.data.map((item: { title: string }) => item.title)).toEqual([
      'Witamy w nowym panelu',
      'Wyższe limity wysyłki newslettera',
      'Prace serwisowe',
    ]);
    const second = await list('?order=date&order_desc=false&per_page=3&page=2');
    expect(second.data.map((item: { title: string }) => item.title)).toEqual(['Zmiana regulaminu świadczenia usług', 'Nowe szablony newslettera', 'Asystent dostępności WCAG']);
    expect(second.pagination.total).toBe(6);
    expect(second.unread_count).toBe(4);
  });

  it('keeps read marks per user, each seeing the news of their audience', async () => {
    // klient2 has no newsletter: the newsletter users' item is not theirs.
    expect((await list('', klient2)).unread_count).toBe(5);
  });

  it('refuses bad query values with a Polish 400', async () => {
    for (const query of ['?order=password_hash', '?order_desc=yes']) {
      const response = await t.call({ method: 'GET', url: `/api/news${query}`, token: klient });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().detail).toBe('Nieprawidłowe żądanie.');
    }
    for (const [query, parameter] of [['?per_page=0', 'per_page'], ['?page=x', 'page']]) {
      const response = await t.call({ method: 'GET', url: `/api/news${query}`, token: klient });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().detail).toBe(`Nieprawidłowa wartość parametru ${parameter}.`);
    }
  });
});

describe('GET /api/news/{id} and set_read', () => {
  it('shows an item with its body, and set_read lowers the unread count once', async () => {
    const [newest] = (await list()).data;
    const shown = await t.call({ method: 'GET', url: `/api/news/${newest.id}`, token: klient });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({
      id: newest.id,
      title: 'Asystent dostępności WCAG',
      body: '<p>Asystent WCAG analizuje stronę i wskazuje elementy do poprawienia.</p>',
      is_read: false,
    });

    for (let i = 0; i < 2; i++) {
      const read = await t.call({ method: 'POST', url: `/api/news/${newest.id}/set_read`, token: klient });
      expect(read.statusCode).toBe(204);
    }
    const after = await list();
    expect(after.unread_count).toBe(3);
    expect(after.data[0].is_read).toBe(true);
    expect((await t.call({ method: 'GET', url: `/api/news/${newest.id}`, token: klient })).json().is_read).toBe(true);
    expect((await list('', klient2)).unread_count).toBe(5);
  });

  it('answers 404 for unknown or unpublished news, 400 for a malformed id', async () => {
    const { rows } = await t.ctx.db.query<{ id: number }>('SELECT id FROM news WHERE NOT published');
    for (const id of [rows[0].id, 999999]) {
      const shown = await t.call({ method: 'GET', url: `/api/news/${id}`, token: klient });
      expect(shown.statusCode).toBe(404);
      expect(shown.json().detail).toBe('Nie znaleziono wiadomości.');
      expect((await t.call({ method: 'POST', url: `/api/news/${id}/set_read`, token: klient })).statusCode).toBe(404);
    }
    for (const id of ['abc', '0', '99999999999']) {
      expect((await t.call({ method: 'GET', url: `/api/news/${id}`, token: klient })).statusCode, id).toBe(400);
      expect((await t.call({ method: 'POST', url: `/api/news/${id}/set_read`, token: klient })).statusCode, id).toBe(400);
    }
  });

  it('needs a signed-in user and the XSRF echo', async () => {
    expect((await t.call({ method: 'GET', url: '/api/news' })).statusCode).toBe(401);
    const [item] = (await list()).data;
    const withoutXsrf = await t.call({ method: 'POST', url: `/api/news/${item.id}/set_read`, token: klient, withoutXsrf: true });
    expect(withoutXsrf.statusCode).toBe(403);
  });
});
