import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t as translate } from '../../src/server/platform/http/errors';
import { reminderLink, waitForMails } from './auth-support';
import { serviceOf } from './schema-fixtures';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './support/app';

let test: TestApp;
let klient: string;
let admin: string;
let klient2: string;
let site: number;
let newsletter: number;
let otherSite: number;

beforeAll(async () => {
  test = await createTestApp();
  klient = (await test.login('klient')).access_token;
  admin = (await test.login('admin')).access_token;
  klient2 = (await test.login('klient2')).access_token;
  site = await serviceOf(test, 'klient', 1);
  newsletter = await serviceOf(test, 'klient', 9);
  otherSite = await serviceOf(test, 'klient2', 1);
});
afterAll(() => test?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'OPTIONS';
const call = (method: Method, url: string, token: string, payload?: unknown) => test.call({ method, url, token, payload });
const editors = (serviceId = site) => `/api/client_service/${serviceId}/module/editors`;
const roles = (serviceId = site) => `/api/client_service/${serviceId}/module/editors/roles`;
const categories = (serviceId = site) => `/api/client_service/${serviceId}/module/news_categories`;
const subjects = (serviceId = site) => `/api/client_service/${serviceId}/module/subjects`;

async function addRole(name: string, modules: string[], serviceId = site, token = klient): Promise<number> {
  const created = await call('POST', roles(serviceId), token, { name, modules });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id;
}

async function addEditor(email: string, roleId: number, serviceId = site, token = klient): Promise<number> {
  const created = await call('POST', editors(serviceId), token, { email, role_id: roleId });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id;
}

/** A signed-in editor: an existing account (made here with the demo password) linked by e-mail. */
async function editorSession(username: string, roleId: number): Promise<{ token: string; id: number }> {
  await test.ctx.db.query(
    `INSERT INTO users (username, password_hash, email) SELECT $1, password_hash, $2 FROM users WHERE username = 'klient'`,
    [username, `${username}@example.com`],
  );
  await test.ctx.db.query(
    `INSERT INTO regulation_acceptances (user_id, regulation_id)
     SELECT u.id, a.regulation_id FROM users u, regulation_acceptances a JOIN users k ON k.id = a.user_id AND k.username = 'klient' WHERE u.username = $1`,
    [username],
  );
  const id = await addEditor(`${username}@example.com`, roleId);
  return { token: (await test.login(username)).access_token, id };
}

describe('who manages editors and roles', () => {
  it('the site admin and root may list, add and edit; an editor of the service may not (403 Brak dostępu.)', async () => {
    const roleId = await addRole('Recenzenci', ['news']);
    expect((await call('GET', roles(), admin)).statusCode).toBe(200);
    expect((await call('PUT', `${roles()}/${roleId}`, admin, { name: 'Recenzenci treści', modules: ['news', 'subjects'] })).statusCode).toBe(200);
    const editorId = await addEditor('recenzent@example.com', roleId, site, admin);
    expect((await call('GET', `${editors()}/${editorId}`, klient)).json()).toMatchObject({ id: editorId, email: 'recenzent@example.com', role_id: roleId });

    const { token } = await editorSession('redaktor_bez_praw', roleId);
    for (const [method, url] of [
      ['GET', editors()],
      ['POST', editors()],
      ['GET', roles()],
      ['POST', roles()],
      ['PUT', `${roles()}/${roleId}`],
      ['GET', `/api/user/permissions/client_service/${site}/module/editors`],
    ] as const) {
      const refused = await call(method, url, token, { name: 'Przejęcie', modules: ['news'], email: 'x@example.com', role_id: roleId });
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json().detail).toBe('Brak dostępu.');
    }
    // The demo editor too, and the sidebar of an editor lists no editors module.
    const redaktor = (await test.login('redaktor')).access_token;
    expect((await call('GET', editors(), redaktor)).statusCode).toBe(403);
    const permissions = (await call('GET', `/api/user/permissions/client_service/${site}`, redaktor)).json();
    expect(permissions).toEqual({ is_admin: false, modules: ['files', 'news', 'news_categories'] });
    expect((await call('GET', `/api/user/permissions/client_service/${site}`, klient)).json().modules).toContain('editors');
  });

  it('no role may grant the editors module itself', async () => {
    const refused = await call('POST', roles(), klient, { name: 'Zarządcy', modules: ['editors'] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors['modules.0']).toBe(translate('validation.editor_roles.module_invalid'));
  });

  it("a role gives only modules of its service: the site has no newsletter tags", async () => {
    const refused = await call('POST', roles(), klient, { name: 'Tagi', modules: ['subjects', 'tags'] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ 'modules.1': 'Ta usługa nie ma tego modułu.' });
    const roleId = await addRole('Tagi', ['subjects']);
    expect((await call('PUT', `${roles()}/${roleId}`, klient, { name: 'Tagi', modules: ['tags'] })).statusCode).toBe(400);
    expect((await call('POST', roles(newsletter), klient, { name: 'Tagi', modules: ['tags'] })).statusCode).toBe(201);
    // The form offers what the service has (x-choices): the site's modules, the newsletter's tags.
    const offered = async (serviceId: number) => (await call('GET', `${roles(serviceId)}/modules`, klient)).json().data.map((choice: { id: string }) => choice.id);
    expect(await offered(site)).toEqual(expect.arrayContaining(['news', 'subjects']));
    expect(await offered(site)).not.toContain('tags');
    // The WCAG assistant, a module of the site, is offered; a module the service lacks is refused.
    expect(await offered(site)).toContain('wcag');
    expect((await call('POST', roles(newsletter), klient, { name: 'WCAG', modules: ['wcag'] })).json().errors).toEqual({ 'modules.0': 'Ta usługa nie ma tego modułu.' });
    expect(await offered(newsletter)).toContain('tags');
    expect((await call('GET', `${roles(site)}/modules`, klient)).json().data).toContainEqual({ id: 'news', name: 'Wiadomości' });
    expect((await call('GET', `${roles(otherSite)}/modules`, klient)).statusCode).toBe(403);
  });

  it('a role may give every module that exists, the visit statistics too, but the editors themselves', async () => {
    const modules = `/api/client_service/${site}/modules`;
    const listed = (await call('GET', modules, admin)).json().data as { module: string; enabled: boolean }[];
    expect(listed.map((m) => m.module)).toContain('statistics');
    const everything = listed.map((m) => m.module);
    expect((await call('PUT', modules, admin, { modules: everything })).statusCode).toBe(200);
    try {
      const offered = (await call('GET', `${roles()}/modules`, klient)).json().data as { id: string; name: string }[];
      expect(offered.map((choice) => choice.id).sort()).toEqual(everything.filter((module) => module !== 'editors').sort());
      expect(offered).toContainEqual({ id: 'statistics', name: 'Statystyki odwiedzin' });
      await addRole('Statystyki', ['statistics', 'videos']);
    } finally {
      expect((await call('PUT', modules, admin, { modules: listed.filter((m) => m.enabled).map((m) => m.module) })).statusCode).toBe(200);
    }
  });

  it('answers 404 for the edit and roles pages unless the service is a site or a service', async () => {
    const { rows } = await test.ctx.db.query<{ id: number }>(
      `INSERT INTO client_services (name, type_id, kind_id, client_id) VALUES ('Usługa wirtualna', 1, 1, 101) RETURNING id`,
    );
    const virtual = rows[0].id;
    await test.ctx.db.query("INSERT INTO client_service_modules (client_service_id, module) VALUES ($1, 'editors')", [virtual]);
    await test.ctx.db.query("INSERT INTO client_service_users (client_service_id, user_id, is_admin) SELECT $1, id, TRUE FROM users WHERE username = 'klient'", [
      virtual,
    ]);
    const member = await test.userId('klient2');
    await test.ctx.db.query('INSERT INTO client_service_users (client_service_id, user_id) VALUES ($1, $2)', [virtual, member]);
    for (const method of ['GET', 'OPTIONS'] as const) expect((await call(method, roles(virtual), klient)).statusCode).toBe(404);
    expect((await call('POST', roles(virtual), klient, { name: 'Rola', modules: ['news'] })).statusCode).toBe(404);
    expect((await call('GET', `${editors(virtual)}/${member}`, klient)).statusCode).toBe(404);
    expect((await call('PUT', `${editors(virtual)}/${member}`, klient, { email: 'klient2@example.com', role_id: 1 })).statusCode).toBe(404);
    // The list is there; in a site and in a service (the newsletter) the pages are too.
    expect((await call('GET', editors(virtual), klient)).json().pagination.total).toBe(1);
    expect((await call('GET', roles(newsletter), klient)).statusCode).toBe(200);
  });
});

describe('a role decides every call of the service', () => {
  it('an editor without news_categories gets 403 there and 200 on a module of the role; a role change applies at once', async () => {
    const roleId = await addRole('Tematy', ['subjects']);
    const { token } = await editorSession('redaktor_tematow', roleId);
    expect((await call('GET', subjects(), token)).statusCode).toBe(200);
    const refused = await call('GET', categories(), token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('Brak dostępu.');
    expect((await call('POST', categories(), token, { name: 'Sport' })).statusCode).toBe(403);

    expect((await call('PUT', `${roles()}/${roleId}`, klient, { name: 'Tematy', modules: ['subjects', 'news_categories'] })).statusCode).toBe(200);
    expect((await call('GET', categories(), token)).statusCode).toBe(200);
    expect((await call('PUT', `${roles()}/${roleId}`, klient, { name: 'Tematy', modules: ['news_categories'] })).statusCode).toBe(200);
    expect((await call('GET', subjects(), token)).statusCode).toBe(403);
  });

  it("moving an editor to another role, or deleting the role, changes their access at the next call", async () => {
    const first = await addRole('Pierwsza', ['subjects']);
    const second = await addRole('Druga', ['news_categories']);
    const { token, id } = await editorSession('redaktor_zmiany', first);
    expect((await call('GET', subjects(), token)).statusCode).toBe(200);
    const moved = await call('PUT', `${editors()}/${id}`, klient, { email: 'redaktor_zmiany@example.com', role_id: second });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await call('GET', subjects(), token)).statusCode).toBe(403);
    expect((await call('GET', categories(), token)).statusCode).toBe(200);
    expect((await call('DELETE', `${roles()}/${second}`, klient)).statusCode).toBe(204);
    expect((await call('GET', categories(), token)).statusCode).toBe(403);
    // Still a member: the service itself, with no module.
    expect((await call('GET', `/api/user/permissions/client_service/${site}`, token)).json()).toEqual({ is_admin: false, modules: [] });
  });

  it("an editor whose roles give the news in another service is offered it as an import source", async () => {
    const bip = await serviceOf(test, 'klient', 2);
    const { token } = await editorSession('redaktor_importow', await addRole('Importy', ['imports']));
    const sources = `/api/client_service/${site}/module/imports/content_types/1/services`;
    expect((await call('GET', sources, token)).json().data).toEqual([]);
    await addEditor('redaktor_importow@example.com', await addRole('Wiadomości', ['news'], bip), bip);
    expect((await call('GET', sources, token)).json().data).toEqual([{ id: bip, name: 'BIP firmy Kowalski' }]);
  });

  it('removing an editor ends their access at once, also for the token they hold', async () => {
    const roleId = await addRole('Na chwilę', ['subjects']);
    const { token, id } = await editorSession('redaktor_usuwany', roleId);
    expect((await call('GET', subjects(), token)).statusCode).toBe(200);
    expect((await call('GET', `/api/client_service/${site}`, token)).statusCode).toBe(200);
    expect((await call('DELETE', `${editors()}/${id}`, klient)).statusCode).toBe(204);
    expect((await call('GET', subjects(), token)).statusCode).toBe(403);
    expect((await call('GET', `/api/client_service/${site}`, token)).statusCode).toBe(403);
    expect((await call('GET', `${editors()}/${id}`, klient)).statusCode).toBe(404);
  });
});

describe('adding editors', () => {
  it('a new e-mail gets an account and an activation link; the link leads to a password of their own', async () => {
    const roleId = await addRole('Nowi', ['subjects']);
    const email = 'Nowa.Redaktorka@example.com';
    const id = await addEditor(email, roleId);
    const [mail] = await waitForMails(test.config, email);
    expect(mail.subject).toBe(translate('app.editors.mail.activation_subject'));
    expect(mail.text).toContain(translate('demo.services.klient_site'));
    const { username, code } = await reminderLink(test.config, email);
    expect(username).toBe('nowa.redaktorka@example.com');
    const confirmed = await test.call({ method: 'PUT', url: '/api/password_reminder', payload: { username, confirm_code: code } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const mails = await waitForMails(test.config, email, 2);
    expect(mails[1].subject).toBe(translate('app.auth.mail.temporary_password_subject'));
    const temporaryPassword = /\n\n(\S+)\n\n/.exec(mails[1].text)?.[1] ?? '';
    // Signed in with it, the editor uses the role's module; the panel asks for a password of their own first.
    const session = await test.call({ method: 'POST', url: '/api/authentication', payload: { username, password: temporaryPassword } });
    expect(session.statusCode, session.body).toBe(200);
    const { rows } = await test.ctx.db.query<{ is_password_valid: boolean; role_id: string }>(
      'SELECT u.is_password_valid, m.role_id FROM users u JOIN client_service_users m ON m.user_id = u.id WHERE u.id = $1',
      [id],
    );
    expect(rows[0]).toMatchObject({ is_password_valid: false });
    expect(Number(rows[0].role_id)).toBe(roleId);
  });

  it('an existing account is linked, without e-mail; adding it again answers 409; its address cannot be changed', async () => {
    const roleId = await addRole('Istniejący', ['subjects']);
    const id = await addEditor('KLIENT2@example.com', roleId);
    expect(id).toBe(await test.userId('klient2'));
    const again = await call('POST', editors(), klient, { email: 'klient2@example.com', role_id: roleId });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(translate('errors.editors.already_member'));
    const site_admin = await call('POST', editors(), klient, { email: 'klient@example.com', role_id: roleId });
    expect(site_admin.statusCode).toBe(409);
    const changed = await call('PUT', `${editors()}/${id}`, klient, { email: 'inny@example.com', role_id: roleId });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().errors.email).toBe(translate('validation.editors.email_fixed'));
    const listed = (await call('GET', `${editors()}?search=klient2`, klient)).json();
    expect(listed).toMatchObject({ pagination: { total: 1 }, data: [{ id, email: 'klient2@example.com', role_id: roleId }] });
    expect((await test.login('klient2', DEMO_PASSWORD)).access_token).toBeTruthy();
  });

  it('checks the form: a valid e-mail, a role of this service', async () => {
    const empty = await call('POST', editors(), klient, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ email: 'Adres e-mail jest wymagany.', role_id: 'Wybierz rolę.' });
    const foreignRole = await addRole('Obca', ['news'], otherSite, klient2);
    const foreign = await call('POST', editors(), klient, { email: 'ktos@example.com', role_id: foreignRole });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors.role_id).toBe(translate('errors.reference_not_found'));
  });
});

describe('isolation', () => {
  it("klient2 sees neither klient's editors nor roles, and cannot touch them", async () => {
    const roleId = await addRole('Tylko klienta', ['news']);
    for (const url of [editors(), roles(), `${roles()}/${roleId}`]) {
      const refused = await call('GET', url, klient2);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().detail).toBe('Brak dostępu.');
    }
    expect((await call('DELETE', `${roles()}/${roleId}`, klient2)).statusCode).toBe(403);
    const own = (await call('GET', roles(otherSite), klient2)).json();
    expect(own.data.map((role: { name: string }) => role.name)).not.toContain('Tylko klienta');
    const redaktor = await test.userId('redaktor');
    expect((await call('GET', `${editors(otherSite)}/${redaktor}`, klient2)).statusCode).toBe(404);
  });
});
