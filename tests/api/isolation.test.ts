import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settlePendingSteps } from './auth-support';
import { createTestApp, type TestApp } from './support/app';

/** Every call of this area that names a service; `{id}` is the service id. */
const SERVICE_CALLS = [
  '/api/client_service/{id}',
  '/api/user/menu/client_service/{id}',
  '/api/user/permissions/client_service/{id}',
  '/api/user/permissions/client_service/{id}/module/files',
];

let t: TestApp;
const tokens: Record<string, string> = {};
const services: Record<string, number[]> = {};

beforeAll(async () => {
  t = await createTestApp();
  // nowy serves as the user of no service here; its SPEC 4 steps are another file's matter.
  await settlePendingSteps(t, 'nowy');
  for (const username of ['klient', 'klient2', 'nowy', 'admin']) {
    tokens[username] = (await t.login(username)).access_token;
    const list = await t.call({ method: 'GET', url: '/api/user/client_service', token: tokens[username] });
    services[username] = list.json().data.map((service: { service_id: number }) => service.service_id);
  }
});
afterAll(() => t.close());

const call = (template: string, id: number | string, username: string) =>
  t.call({ method: 'GET', url: template.replace('{id}', String(id)), token: tokens[username] });

describe('tenant isolation of service calls', () => {
  it('the demo data has three services of klient and one of klient2', () => {
    expect(services.klient).toHaveLength(3);
    expect(services.klient2).toHaveLength(1);
    expect(services.klient).not.toContain(services.klient2[0]);
  });

  it('klient may use each call on its own services', async () => {
    for (const id of services.klient) {
      for (const template of SERVICE_CALLS) expect((await call(template, id, 'klient')).statusCode, `${template} ${id}`).toBe(200);
    }
  });

  it('klient gets 403 on each call for klient2’s service, and so does a user of no service', async () => {
    for (const username of ['klient', 'nowy']) {
      for (const template of SERVICE_CALLS) {
        const response = await call(template, services.klient2[0], username);
        expect(response.statusCode, `${username} ${template}`).toBe(403);
        expect(response.json()).toEqual({ detail: 'Brak dostępu.' });
      }
    }
  });

  it('klient2 gets 403 on each call for klient’s services', async () => {
    for (const id of services.klient) {
      for (const template of SERVICE_CALLS) expect((await call(template, id, 'klient2')).statusCode, template).toBe(403);
    }
  });

  it('an unknown service id gets the 403 of another client’s service, so ids cannot be probed; root gets 404', async () => {
    for (const template of SERVICE_CALLS) {
      const response = await call(template, 999999, 'klient');
      expect(response.statusCode, template).toBe(403);
      expect(response.json(), template).toEqual({ detail: 'Brak dostępu.' });
      expect((await call(template, 999999, 'admin')).json(), template).toEqual({ detail: 'Nie znaleziono usługi.' });
    }
  });

  it('malformed service ids, which cannot name any service, get 404, never 500', async () => {
    for (const id of ['abc', '0', '-1', '1e3', '01', '%20']) {
      for (const template of SERVICE_CALLS) {
        const response = await call(template, id, 'klient');
        expect(response.statusCode, `${template} ${id}`).toBe(404);
        expect(response.json().detail).toBeTruthy();
      }
    }
  });

  it('an id beyond the database integer range gets 404 too', async () => {
    for (const template of SERVICE_CALLS) expect((await call(template, '99999999999', 'klient')).statusCode, template).toBe(404);
  });

  it('root may use every service', async () => {
    for (const id of [...services.klient, ...services.klient2]) {
      for (const template of SERVICE_CALLS) expect((await call(template, id, 'admin')).statusCode, template).toBe(200);
    }
  });

  it('lists never show another client’s service, its domains or its users', async () => {
    const listed = await t.call({ method: 'GET', url: '/api/user/client_service?add_user=1&add_domain=1&per_page=100', token: tokens.klient });
    const body = JSON.stringify(listed.json());
    expect(body).not.toContain('nowak.example.org');
    expect(body).not.toContain('"klient2"');
    const types = (await t.call({ method: 'GET', url: '/api/user/client_service/type', token: tokens.klient })).json().data;
    expect(types.reduce((sum: number, type: { count: number }) => sum + type.count, 0)).toBe(3);
  });

  it('every service call needs a signed-in user', async () => {
    for (const template of SERVICE_CALLS) {
      const response = await t.call({ method: 'GET', url: template.replace('{id}', String(services.klient[0])) });
      expect(response.statusCode, template).toBe(401);
    }
  });
});
