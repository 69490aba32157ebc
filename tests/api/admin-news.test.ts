import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORTANT_NEWS_MAIL_JOB } from '../../src/modules/admin/server/news';
import sharp from 'sharp';
import { multipart } from './schema-fixtures';
import { createTestApp, type TestApp } from './support/app';
import { readOutboxDir } from './support/outbox';
import { signedIn } from './support/signed-in';

/**
 * The admin area's news to users (issue 17, /admin/wiadomosci): root keeps the news users read at
 * /wiadomosci, with an audience, a publication moment and an important flag (mailed once per user);
 * any other user is refused.
 */
let test: TestApp;
const { signIn, call, tokens } = signedIn(() => test);

const NEWS = '/api/admin/news';
const HOUR = 3600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

interface UserNews {
  id: number;
  title: string;
  is_read: boolean;
  photos?: { caption: string; photo_uri: string }[];
  attachments?: { name: string; file_uri: string }[];
}

beforeAll(async () => {
  test = await createTestApp({ jobsEnabled: true, jobsPollingInterval: 0.5 });
  await signIn('admin', 'klient', 'klient2');
}, 60_000);
afterAll(async () => {
  await test?.close();
});

const create = async (body: Record<string, unknown>) => {
  const response = await call('POST', NEWS, body, 'admin');
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; date: string } & Record<string, unknown>;
};
const userNews = async (as: string) => {
  const response = await call('GET', '/api/news?per_page=100', undefined, as);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { data: UserNews[]; unread_count: number };
};
const seesNews = async (as: string, id: number) => (await userNews(as)).data.some((item) => item.id === id);
const mailsAbout = async (title: string) =>
  (await readOutboxDir(path.join(test.config.dataDir, 'outbox'))).filter((mail) => mail.subject === `Ważna wiadomość: ${title}`);

describe('the admin area: news to users', () => {
  it("has its entry in the admin area's menu, from its schema", async () => {
    const menu = await call('GET', '/api/user/menu/admin', undefined, 'admin');
    expect(menu.json().data.filter((item: { prefix: string }) => item.prefix === 'admin_news')).toEqual([
      expect.objectContaining({ name: 'Wiadomości', icon: 'Campaign', sort: 20, is_root: true }),
    ]);
  });

  it('keeps news for root: create, read, update, delete, the body sanitised; users read exactly that', async () => {
    const before = (await userNews('klient')).unread_count;
    const item = await create({ title: 'Nowy cennik', lead: 'Od grudnia.', body: '<p>Szczegóły</p><script>alert(1)</script>' });
    expect(item).toMatchObject({ title: 'Nowy cennik', body: '<p>Szczegóły</p>', audience: 'all', published: true, important: false });
    expect(Date.parse(item.date)).toBeLessThanOrEqual(Date.now());

    const listed = await call('GET', `${NEWS}?search=cennik`, undefined, 'admin');
    expect(listed.json().data.map((row: { id: number }) => row.id)).toContain(item.id);
    const read = await userNews('klient');
    expect(read.data.find((row) => row.id === item.id)).toMatchObject({ title: 'Nowy cennik', is_read: false });
    expect(read.unread_count).toBe(before + 1);

    const updated = await call('PUT', `${NEWS}/${item.id}`, { ...item, title: 'Nowy cennik usług' }, 'admin');
    expect(updated.statusCode, updated.body).toBe(200);
    // A save that leaves the moment out keeps it.
    expect(updated.json().date).toBe(item.date);
    const shown = await call('GET', `/api/news/${item.id}`, undefined, 'klient');
    expect(shown.json()).toMatchObject({ title: 'Nowy cennik usług', body: '<p>Szczegóły</p>', photos: [], attachments: [] });

    const unpublished = await call('PUT', `${NEWS}/${item.id}`, { ...item, published: false }, 'admin');
    expect(unpublished.statusCode).toBe(200);
    expect(await seesNews('klient', item.id)).toBe(false);
    expect((await call('GET', `/api/news/${item.id}`, undefined, 'klient')).statusCode).toBe(404);

    expect((await call('DELETE', `${NEWS}/${item.id}`, undefined, 'admin')).statusCode).toBe(204);
    expect((await call('GET', `${NEWS}/${item.id}`, undefined, 'admin')).statusCode).toBe(404);
  });

  it('refuses every other user with 403', async () => {
    for (const [method, url] of [['GET', NEWS], ['POST', NEWS], ['GET', `${NEWS}/1`], ['PUT', `${NEWS}/1`], ['DELETE', `${NEWS}/1`], ['GET', `${NEWS}/1/photos`]] as const) {
      const response = await call(method, url, { title: 'Cudza wiadomość' }, 'klient');
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().detail).toBe('Brak dostępu.');
    }
  });

  it('refuses invalid news with Polish messages', async () => {
    const empty = await call('POST', NEWS, {}, 'admin');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ detail: 'Proszę poprawnie wypełnić formularz.', errors: { title: 'Tytuł wiadomości jest wymagany.' } });
    const noTypes = await call('POST', NEWS, { title: 'Dla usług', audience: 'service_types', service_types: [] }, 'admin');
    expect(noTypes.json().errors).toEqual({ service_types: 'Wybierz co najmniej jeden typ usług.' });
    const noUsers = await call('POST', NEWS, { title: 'Dla osób', audience: 'users' }, 'admin');
    expect(noUsers.json().errors).toEqual({ users: 'Podaj login co najmniej jednego użytkownika.' });
    const unknown = await call('POST', NEWS, { title: 'Dla osób', audience: 'users', users: ['klient', 'nikt_taki'] }, 'admin');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ users: 'Nie ma użytkownika o loginie nikt_taki.' });
    const badDate = await call('POST', NEWS, { title: 'Zła data', date: '2026-02-30T10:00:00Z' }, 'admin');
    expect(badDate.json().errors).toEqual({ date: 'Moment publikacji jest nieprawidłowy.' });
    const badAudience = await call('POST', NEWS, { title: 'Nikt', audience: 'nobody' }, 'admin');
    expect(badAudience.statusCode).toBe(400);
  });

  it('shows news for chosen service types only to their users', async () => {
    const item = await create({ title: 'Dla newslettera', audience: 'service_types', service_types: [9] });
    expect(await seesNews('klient', item.id)).toBe(true);
    expect(await seesNews('klient2', item.id)).toBe(false);
    expect((await call('GET', `/api/news/${item.id}`, undefined, 'klient2')).statusCode).toBe(404);
    expect((await call('POST', `/api/news/${item.id}/set_read`, undefined, 'klient2')).statusCode).toBe(404);
    expect((await call('POST', `/api/news/${item.id}/set_read`, undefined, 'klient')).statusCode).toBe(204);
  });

  it('shows news for chosen users only to them', async () => {
    const item = await create({ title: 'Dla klienta drugiego', audience: 'users', users: ['klient2'] });
    expect(await seesNews('klient2', item.id)).toBe(true);
    expect(await seesNews('klient', item.id)).toBe(false);
  });

  it('hides an item until its publication moment, then shows it', async () => {
    const item = await create({ title: 'Zapowiedź', date: inHours(1) });
    expect(await seesNews('klient', item.id)).toBe(false);
    expect((await call('GET', `/api/news/${item.id}`, undefined, 'klient')).statusCode).toBe(404);
    const now = await call('PUT', `${NEWS}/${item.id}`, { ...item, date: inHours(-0.01) }, 'admin');
    expect(now.statusCode, now.body).toBe(200);
    expect(await seesNews('klient', item.id)).toBe(true);
  });

  it('mails an important item to its audience once its moment has come, once per user', async () => {
    const title = 'Ważna zmiana w newsletterze';
    const item = await create({ title, lead: 'Zmiana limitów.', important: true, audience: 'service_types', service_types: [9], date: inHours(1) });
    // Not due yet: its job leaves it.
    const early = await test.ctx.jobs.send(IMPORTANT_NEWS_MAIL_JOB, { newsId: item.id });
    await expect.poll(async () => (await test.ctx.jobs.state(IMPORTANT_NEWS_MAIL_JOB, early!))?.state, { timeout: 20_000 }).toBe('completed');
    expect(await mailsAbout(title)).toHaveLength(0);

    expect((await call('PUT', `${NEWS}/${item.id}`, { ...item, date: inHours(-0.01) }, 'admin')).statusCode).toBe(200);
    await expect.poll(async () => (await mailsAbout(title)).map((mail) => mail.to), { timeout: 20_000 }).toEqual(['klient@example.com']);
    expect((await mailsAbout(title))[0].text).toContain(`/wiadomosci/${item.id}`);

    // Run again (a rerun after a restart, a later save): nobody gets it twice.
    expect((await call('PUT', `${NEWS}/${item.id}`, { ...item, date: inHours(-0.01), lead: 'Zmiana limitów dziennych.' }, 'admin')).statusCode).toBe(200);
    const again = await test.ctx.jobs.send(IMPORTANT_NEWS_MAIL_JOB, { newsId: item.id });
    await expect.poll(async () => (await test.ctx.jobs.state(IMPORTANT_NEWS_MAIL_JOB, again!))?.state, { timeout: 20_000 }).toBe('completed');
    expect(await mailsAbout(title)).toHaveLength(1);
    // The item counts its mails, read-only: a save cannot change the figure.
    expect((await call('GET', `${NEWS}/${item.id}`, undefined, 'admin')).json().mails_sent).toBe(1);
    const forged = await call('PUT', `${NEWS}/${item.id}`, { ...item, date: inHours(-0.01), mails_sent: 99 }, 'admin');
    expect(forged.json().mails_sent).toBe(1);
  });

  it("the demo's important item shows its mails sent: one per user of its audience", async () => {
    const { rows } = await test.ctx.db.query<{ id: number; users: string }>(
      "SELECT n.id, (SELECT count(*) FROM users u WHERE u.email <> '' AND NOT u.is_blocked) AS users FROM news n WHERE n.important ORDER BY n.id LIMIT 1",
    );
    const listed = (await call('GET', `${NEWS}?per_page=100`, undefined, 'admin')).json().data.find((news: { id: number }) => news.id === rows[0].id);
    expect(listed.mails_sent).toBe(Number(rows[0].users));
    expect(listed.mails_sent).toBeGreaterThan(0);
  });

  it('keeps photos and attachments on the engine, shown to users with the item', async () => {
    const item = await create({ title: 'Z załącznikami' });
    const upload = (collection: string, payload: unknown, file: { name: string; type: string; data: Buffer }, field: string) => {
      const form = multipart(payload, file, field);
      return test.call({ method: 'POST', url: `${NEWS}/${item.id}/${collection}`, token: tokens.admin, payload: form.payload, headers: form.headers });
    };
    const photo = await upload('photos', { caption: 'Nowa siedziba' }, { name: 'a.png', type: 'image/png', data: await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } }).png().toBuffer() }, 'photo');
    expect(photo.statusCode, photo.body).toBe(201);
    const attachment = await upload('attachments', { name: 'Cennik' }, { name: 'c.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n') }, 'file');
    expect(attachment.statusCode, attachment.body).toBe(201);

    const shown = (await call('GET', `/api/news/${item.id}`, undefined, 'klient')).json() as UserNews;
    expect(shown.photos).toEqual([expect.objectContaining({ caption: 'Nowa siedziba', photo_uri: expect.stringMatching(/^\/api\/uploads\//) })]);
    expect(shown.attachments).toEqual([expect.objectContaining({ name: 'Cennik', file_uri: expect.stringMatching(/^\/api\/uploads\//) })]);
    expect((await test.app.inject({ method: 'GET', url: shown.photos![0].photo_uri })).statusCode).toBe(200);

    // Deleting the item deletes its photos and attachments, files too.
    expect((await call('DELETE', `${NEWS}/${item.id}`, undefined, 'admin')).statusCode).toBe(204);
    expect((await test.app.inject({ method: 'GET', url: shown.photos![0].photo_uri })).statusCode).toBe(404);
    const { rows } = await test.ctx.db.query('SELECT 1 FROM user_news_attachments WHERE parent_id = $1', [item.id]);
    expect(rows).toHaveLength(0);
  });
});
