import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app';

let t: TestApp;
let nowy: string;

beforeAll(async () => {
  t = await createTestApp();
  nowy = (await t.login('nowy')).access_token;
});
afterAll(() => t.close());

const regulations = async (token: string) => {
  const response = await t.call({ method: 'GET', url: '/api/user/regulations', token });
  expect(response.statusCode).toBe(200);
  return response.json().data as { id: number; name: string; content: string; valid_from: string; is_accepted: boolean }[];
};
const accept = (payload: unknown) => t.call({ method: 'POST', url: '/api/user/regulations/accept', token: nowy, payload });
const isRegulations = async () => (await t.call({ method: 'GET', url: '/api/user', token: nowy })).json().is_regulations;

describe('regulations', () => {
  it('lists only the regulations in force, with the user’s acceptance', async () => {
    const list = await regulations(nowy);
    expect(list).toEqual([
      {
        id: expect.any(Number),
        name: 'Regulamin świadczenia usług',
        content: expect.stringContaining('<p>Niniejszy regulamin określa zasady korzystania z panelu administracyjnego.</p>'),
        valid_from: expect.any(String),
        is_accepted: false,
      },
    ]);
    const klient = (await t.login('klient')).access_token;
    expect((await regulations(klient)).map((r) => r.is_accepted)).toEqual([true]);
  });

  it('refuses ids of regulations not in force and malformed bodies, accepting nothing', async () => {
    const { rows } = await t.ctx.db.query<{ id: number }>('SELECT id FROM regulations WHERE valid_to IS NOT NULL OR valid_from > now()');
    expect(rows).toHaveLength(2);
    const [current] = await regulations(nowy);
    for (const id of [...rows.map((r) => r.id), 999999]) {
      const response = await accept({ regulation_ids: [current.id, id] });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe('Można zaakceptować tylko obowiązujące regulaminy.');
    }
    for (const payload of [{}, { regulation_ids: [] }, { regulation_ids: ['1'] }, { regulation_ids: [0] }, { regulation_ids: [1e12] }]) {
      const response = await accept(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().detail).toBe('Nieprawidłowe żądanie.');
    }
    expect(await isRegulations()).toBe(false);
  });

  it('accepting every regulation in force makes is_regulations true', async () => {
    expect(await isRegulations()).toBe(false);
    const ids = (await regulations(nowy)).map((r) => r.id);
    const response = await accept({ regulation_ids: ids });
    expect(response.statusCode).toBe(204);
    expect(await isRegulations()).toBe(true);
    expect((await regulations(nowy)).every((r) => r.is_accepted)).toBe(true);
    // Accepting again changes nothing.
    expect((await accept({ regulation_ids: ids })).statusCode).toBe(204);
  });

  it('a new regulation coming into force asks everyone again', async () => {
    await t.ctx.db.query("INSERT INTO regulations (name, content, valid_from) VALUES ('Aneks', '<p>Aneks</p>', now() - interval '1 minute')");
    expect(await isRegulations()).toBe(false);
    const pending = (await regulations(nowy)).filter((r) => !r.is_accepted);
    expect(pending.map((r) => r.name)).toEqual(['Aneks']);
  });

  it('needs a signed-in user', async () => {
    expect((await t.call({ method: 'GET', url: '/api/user/regulations' })).statusCode).toBe(401);
    expect((await t.call({ method: 'POST', url: '/api/user/regulations/accept', payload: { regulation_ids: [1] } })).statusCode).toBe(401);
  });
});
