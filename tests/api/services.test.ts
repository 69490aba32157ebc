import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settlePendingSteps } from './auth-support';
import { createTestApp, type TestApp } from './support/app';

let t: TestApp;
let klient: string;
let admin: string;
let nowy: string;

beforeAll(async () => {
  t = await createTestApp();
  // nowy serves as the user of no service here; its SPEC 4 steps are another file's matter.
  await settlePendingSteps(t, 'nowy');
  [klient, admin, nowy] = await Promise.all(['klient', 'admin', 'nowy'].map(async (name) => (await t.login(name)).access_token));
});
afterAll(() => t.close());

const get = (url: string, token = klient) => t.call({ method: 'GET', url, token });
const ok = async (url: string, token = klient) => {
  const response = await get(url, token);
  expect(response.statusCode, url).toBe(200);
  return response.json();
};
const klientServices = async () => (await ok('/api/user/client_service?add_domain=1')).data as { service_id: number; name: string }[];

describe('GET /api/service', () => {
  it('lists the four service types', async () => {
    expect((await ok('/api/service')).data).toEqual([
      { id: 1, name: 'Strony WWW', shortcut: 'www', prefix: 'www' },
      { id: 2, name: 'Biuletyn Informacji Publicznej', shortcut: 'bip', prefix: 'bip' },
      { id: 7, name: 'Serwisy wideo', shortcut: 'video', prefix: 'video' },
      { id: 9, name: 'Newsletter', shortcut: 'newsletter', prefix: 'newsletter' },
    ]);
  });
});

describe('GET /api/user/client_service', () => {
  it('lists the user’s services, without domains or users unless asked', async () => {
    const body = await ok('/api/user/client_service');
    expect(body.pagination).toEqual({ total: 3 });
    expect(body.data).toEqual([
      {
        service_id: expect.any(Number),
        name: 'BIP firmy Kowalski',
        service_type: { id: 2, name: 'Biuletyn Informacji Publicznej', shortcut: 'bip' },
        kind_id: 2,
        client_id: 101,
      },
      {
        service_id: expect.any(Number),
        name: 'Newsletter firmy Kowalski',
        service_type: { id: 9, name: 'Newsletter', shortcut: 'newsletter' },
        kind_id: 4,
        client_id: 101,
      },
      {
        service_id: expect.any(Number),
        name: 'Strona firmy Kowalski',
        service_type: { id: 1, name: 'Strony WWW', shortcut: 'www' },
        kind_id: 2,
        client_id: 101,
      },
    ]);
  });

  it('adds domains and users when asked', async () => {
    const site = (await ok('/api/user/client_service?type_prefix=www&add_domain=true&add_user=1')).data;
    expect(site).toHaveLength(1);
    expect(site[0].domains).toEqual([
      { domain: 'www.kowalski.example.com', is_main: true, is_ssl: true },
      { domain: 'kowalski.example.net', is_main: false, is_ssl: false },
    ]);
    expect(site[0].users).toEqual([
      { id: await t.userId('klient'), username: 'klient', name: 'Jan', surname: 'Kowalski', is_admin: true },
      { id: await t.userId('redaktor'), username: 'redaktor', name: 'Ewa', surname: 'Zielińska', is_admin: false },
    ]);
    const without = (await ok('/api/user/client_service?type_prefix=www&add_domain=0&add_user=false')).data;
    expect(without[0]).not.toHaveProperty('domains');
    expect(without[0]).not.toHaveProperty('users');
  });

  it('filters by type prefix', async () => {
    expect((await ok('/api/user/client_service?type_prefix=newsletter')).data.map((s: { name: string }) => s.name)).toEqual([
      'Newsletter firmy Kowalski',
    ]);
    expect((await ok('/api/user/client_service?type_prefix=bip')).data.map((s: { name: string }) => s.name)).toEqual(['BIP firmy Kowalski']);
    expect(await ok('/api/user/client_service?type_prefix=video')).toEqual({ data: [], pagination: { total: 0 } });
  });

  it('pages, keeping the total', async () => {
    const first = await ok('/api/user/client_service?per_page=1&page=1');
    const second = await ok('/api/user/client_service?per_page=1&page=2');
    const beyond = await ok('/api/user/client_service?per_page=1&page=4');
    expect(first.pagination.total).toBe(3);
    expect(second.pagination.total).toBe(3);
    expect(first.data).toHaveLength(1);
    expect(second.data).toHaveLength(1);
    expect(first.data[0].service_id).not.toBe(second.data[0].service_id);
    expect(beyond).toEqual({ data: [], pagination: { total: 3 } });
  });

  it('lists every service for root and none for a user without services', async () => {
    expect((await ok('/api/user/client_service', admin)).pagination.total).toBe(4);
    expect(await ok('/api/user/client_service', nowy)).toEqual({ data: [], pagination: { total: 0 } });
  });

  it('refuses bad query values with a Polish 400', async () => {
    for (const [query, detail] of [
      ['page=0', 'Nieprawidłowa wartość parametru page.'],
      ['page=abc', 'Nieprawidłowa wartość parametru page.'],
      ['per_page=-5', 'Nieprawidłowa wartość parametru per_page.'],
      ['add_domain=maybe', 'Nieprawidłowe żądanie.'],
      ['type_prefix=%27%3B--', 'Nieprawidłowe żądanie.'],
      ['page=1&page=2', 'Nieprawidłowa wartość parametru page.'],
    ]) {
      const response = await get(`/api/user/client_service?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().detail, query).toBe(detail);
    }
  });
});

describe('GET /api/user/client_service/type', () => {
  it('counts the user’s services per type', async () => {
    expect((await ok('/api/user/client_service/type')).data).toEqual([
      { id: 1, name: 'Strony WWW', shortcut: 'www', prefix: 'www', count: 1 },
      { id: 2, name: 'Biuletyn Informacji Publicznej', shortcut: 'bip', prefix: 'bip', count: 1 },
      { id: 9, name: 'Newsletter', shortcut: 'newsletter', prefix: 'newsletter', count: 1 },
    ]);
    expect((await ok('/api/user/client_service/type', admin)).data).toEqual([
      expect.objectContaining({ id: 1, count: 2 }),
      expect.objectContaining({ id: 2, count: 1 }),
      expect.objectContaining({ id: 9, count: 1 }),
    ]);
    expect((await ok('/api/user/client_service/type', nowy)).data).toEqual([]);
  });
});

describe('GET /api/client_service/{id}', () => {
  it('returns the service with its domains and site sizes', async () => {
    const site = (await klientServices()).find((service) => service.name === 'Strona firmy Kowalski');
    // The seeded 268 MiB and the files of the site's demo records (news photos and attachments).
    const { rows } = await t.ctx.db.query<{ bytes: string }>('SELECT coalesce(sum(bytes), 0) AS bytes FROM stored_files WHERE client_service_id = $1', [site?.service_id]);
    expect(Number(rows[0].bytes)).toBeGreaterThan(0);
    expect(await ok(`/api/client_service/${site?.service_id}`)).toEqual({
      service_id: site?.service_id,
      name: 'Strona firmy Kowalski',
      service_type: { id: 1, name: 'Strony WWW', shortcut: 'www' },
      kind_id: 2,
      client_id: 101,
      site_permissions_profile_id: 1,
      domains: [
        { domain: 'www.kowalski.example.com', is_main: true, is_ssl: true },
        { domain: 'kowalski.example.net', is_main: false, is_ssl: false },
      ],
      site_size_available: 1024 * 1024 * 1024,
      site_size_used: 268 * 1024 * 1024 + Number(rows[0].bytes),
    });
  });
});

describe('permissions', () => {
  it('gives a site admin every module of the service', async () => {
    const site = (await klientServices()).find((service) => service.name === 'Strona firmy Kowalski');
    const permissions = await ok(`/api/user/permissions/client_service/${site?.service_id}`);
    expect(permissions.is_admin).toBe(true);
    expect(permissions.modules).toEqual(expect.arrayContaining(['files', 'news_categories', 'main_pages', 'wcag', 'imports']));
    expect(await ok(`/api/user/permissions/client_service/${site?.service_id}/module/files`)).toEqual({ allowed: true });
    // A module the service does not have (newsletter recipients on a website).
    const missing = await get(`/api/user/permissions/client_service/${site?.service_id}/module/recipients`);
    expect(missing.statusCode).toBe(403);
    expect(missing.json().detail).toBe('Brak dostępu.');
  });

  it('gives an editor who is not site admin only the modules granted to them', async () => {
    const site = (await klientServices()).find((service) => service.name === 'Strona firmy Kowalski');
    const nowyId = await t.userId('nowy');
    await t.ctx.db.query('INSERT INTO client_service_users (client_service_id, user_id, is_admin) VALUES ($1, $2, FALSE)', [
      site?.service_id,
      nowyId,
    ]);
    await t.ctx.db.query("INSERT INTO client_service_user_modules (client_service_id, user_id, module) VALUES ($1, $2, 'files')", [
      site?.service_id,
      nowyId,
    ]);
    try {
      expect(await ok(`/api/user/permissions/client_service/${site?.service_id}`, nowy)).toEqual({ is_admin: false, modules: ['files'] });
      expect((await get(`/api/user/permissions/client_service/${site?.service_id}/module/files`, nowy)).statusCode).toBe(200);
      expect((await get(`/api/user/permissions/client_service/${site?.service_id}/module/wcag`, nowy)).statusCode).toBe(403);
    } finally {
      await t.ctx.db.query('DELETE FROM client_service_users WHERE client_service_id = $1 AND user_id = $2', [site?.service_id, nowyId]);
    }
  });

  it('lets root use every service', async () => {
    for (const service of (await ok('/api/user/client_service', admin)).data) {
      expect((await ok(`/api/user/permissions/client_service/${service.service_id}`, admin)).is_admin).toBe(true);
    }
  });

  it('refuses a malformed module name', async () => {
    const [service] = await klientServices();
    expect((await get(`/api/user/permissions/client_service/${service.service_id}/module/..%2Ffiles`)).statusCode).toBe(400);
  });
});
