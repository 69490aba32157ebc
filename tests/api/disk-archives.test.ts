import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { serviceOf } from './schema-fixtures';
import { createTestApp, type TestApp } from './support/app';
import { signedIn } from './support/signed-in';

let test: TestApp;
const users = signedIn(() => test);
const { call } = users;
let site: number;
let newsletter: number;

beforeAll(async () => {
  test = await createTestApp({ jobsEnabled: true });
  // The queues are made, then no worker runs: an archive stays queued, as one is while its job waits or runs.
  await test.ctx.jobs.stop();
  await users.signIn('klient');
  site = await serviceOf(test, 'klient', 1);
  newsletter = await serviceOf(test, 'klient', 9);
});
afterAll(() => test.close());
beforeEach(() => test.ctx.db.query('DELETE FROM outbound_attempts'));

const files = (serviceId: number, rest = '') => `/api/client_service/${serviceId}/files${rest}`;
const rootOf = async (serviceId: number) => (await call('GET', `/api/client_service/${serviceId}/module/files`)).json() as { id: number };
const newFolder = async (serviceId: number, parentId: number, name: string) => {
  const response = await call('POST', files(serviceId, `/${parentId}/new`), { name });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number };
};
const archivesOf = async (folderId: number) =>
  (await test.ctx.db.query<{ id: number; status: string }>('SELECT id, status FROM disk_archives WHERE directory_id = $1 ORDER BY id', [folderId])).rows.map((row) => ({
    id: Number(row.id),
    status: row.status,
  }));

describe('one archive job per folder at a time', () => {
  it('a second prepare while the folder’s archive is pending answers that archive (200), with no second job', async () => {
    const folder = await newFolder(site, (await rootOf(site)).id, 'Raz');
    const first = await call('PUT', files(site, `/${folder.id}/prepare`));
    expect(first.statusCode).toBe(202);
    const again = await call('PUT', files(site, `/${folder.id}/prepare`));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await archivesOf(folder.id)).toEqual([{ id: first.json().id, status: 'queued' }]);
    // Another folder has archives of its own.
    const other = await newFolder(site, (await rootOf(site)).id, 'Dwa');
    expect((await call('PUT', files(site, `/${other.id}/prepare`))).statusCode).toBe(202);
  });

  it('two prepares of a folder at the same moment queue one archive: the other answers it, or 409 in Polish', async () => {
    const folder = await newFolder(site, (await rootOf(site)).id, 'Naraz');
    const answers = await Promise.all([0, 1].map(() => call('PUT', files(site, `/${folder.id}/prepare`))));
    const [first, second] = answers.sort((a, b) => a.statusCode - b.statusCode);
    expect(await archivesOf(folder.id)).toHaveLength(1);
    if (first.statusCode === 200) {
      expect(second.statusCode).toBe(202);
      expect(first.json()).toEqual(second.json());
    } else {
      expect([first.statusCode, second.statusCode]).toEqual([202, 409]);
      expect(second.json().detail).toBe('Archiwum tego folderu jest już przygotowywane.');
    }
  });

  it('an archive whose job is gone without building it holds its folder no longer: it is marked failed and a new one queued', async () => {
    const folder = await newFolder(site, (await rootOf(site)).id, 'Porzucony');
    const first = (await call('PUT', files(site, `/${folder.id}/prepare`))).json();
    await test.ctx.db.query("UPDATE disk_archives SET job_id = '00000000-0000-4000-8000-000000000000', status = 'running' WHERE id = $1", [first.id]);
    const next = await call('PUT', files(site, `/${folder.id}/prepare`));
    expect(next.statusCode).toBe(202);
    expect(await archivesOf(folder.id)).toEqual([
      { id: first.id, status: 'failed' },
      { id: next.json().id, status: 'queued' },
    ]);
  });
});

describe('the rate limit of prepare', () => {
  it('a service prepares at most 10 archives an hour: then 429 with Retry-After and a Polish detail; a pending one is still answered, other services are not held', async () => {
    const root = await rootOf(newsletter);
    const folders = [];
    for (let index = 0; index < 11; index++) folders.push(await newFolder(newsletter, root.id, `Folder ${index}`));
    for (const folder of folders.slice(0, 10)) expect((await call('PUT', files(newsletter, `/${folder.id}/prepare`))).statusCode).toBe(202);
    const refused = await call('PUT', files(newsletter, `/${folders[10].id}/prepare`));
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect(refused.json().detail).toBe('Zbyt wiele archiwów przygotowanych dla tej usługi. Spróbuj ponownie za 60 min.');
    expect(await archivesOf(folders[10].id)).toEqual([]);
    expect((await call('PUT', files(newsletter, `/${folders[0].id}/prepare`))).statusCode).toBe(200);
    const elsewhere = await newFolder(site, (await rootOf(site)).id, 'Obok');
    expect((await call('PUT', files(site, `/${elsewhere.id}/prepare`))).statusCode).toBe(202);
  });
});
