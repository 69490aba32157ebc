import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app';
import { signedIn } from './support/signed-in';
import { until } from './support/until';

/**
 * The admin area's regulations (issue 17): root keeps versions (the ones in force, the archive, the
 * future ones), a version in force is replaced by a new one and never changed, and when a new version
 * takes effect every user is asked to accept it; users read the versions and when they accepted each.
 */
let test: TestApp;
const { signIn, call } = signedIn(() => test);

interface Regulation {
  id: number;
  name: string;
  valid_from: string;
  valid_to: string | null;
  replaces_id: number | null;
}

beforeAll(async () => {
  test = await createTestApp();
  await signIn('admin', 'klient');
}, 60_000);
afterAll(async () => {
  await test?.close();
});

const list = async (query = '') => {
  const response = await call('GET', `/api/regulations${query}`, undefined, 'admin');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Regulation[];
};
const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
const isRegulations = async () => (await call('GET', '/api/user')).json().is_regulations as boolean;

describe('the admin area: regulations', () => {
  it('lists the versions in force, the archive and the future ones, to root only', async () => {
    const names = async (query: string) => (await list(query)).map((regulation) => regulation.name);
    expect(await names('')).toEqual(['Regulamin świadczenia usług']);
    expect(await names('?period=current')).toEqual(['Regulamin świadczenia usług']);
    expect(await names('?period=past')).toHaveLength(1);
    expect(await names('?period=future')).toHaveLength(1);
    expect(new Set([...(await names('?period=past')), ...(await names('?period=future'))]).has('Regulamin świadczenia usług')).toBe(false);

    const bad = await call('GET', '/api/regulations?period=wczoraj', undefined, 'admin');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain('period');
    expect((await call('GET', '/api/regulations')).statusCode).toBe(403);
    expect((await call('POST', '/api/regulations', { name: 'Regulamin klienta', content: '<p>Treść</p>', valid_from: inHours(1) })).statusCode).toBe(403);
  });

  it('never changes or deletes a version in force: it is replaced, and ends when its replacement begins', async () => {
    const [current] = await list();
    const changed = await call('PUT', `/api/regulations/${current.id}`, { name: 'Zmieniony regulamin', content: '<p>Nowa treść</p>', valid_from: current.valid_from }, 'admin');
    expect(changed.statusCode).toBe(409);
    expect(changed.json().detail).toBe('Ta wersja już obowiązuje i nie można jej zmienić ani usunąć. Dodaj nową wersję, która ją zastąpi.');
    expect((await call('DELETE', `/api/regulations/${current.id}`, undefined, 'admin')).statusCode).toBe(409);

    const early = await call('POST', '/api/regulations', { name: 'Za wczesna wersja', content: '<p>Treść</p>', valid_from: inHours(-24 * 400), replaces_id: current.id }, 'admin');
    expect(early.statusCode).toBe(400);
    expect(early.json().errors).toEqual({ replaces_id: 'Nowa wersja musi zacząć obowiązywać później niż wersja, którą zastępuje.' });
    const backwards = await call('POST', '/api/regulations', { name: 'Odwrócone daty', content: '<p>Treść</p>', valid_from: inHours(48), valid_to: inHours(24) }, 'admin');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toEqual({ valid_to: 'Regulamin nie może przestać obowiązywać, zanim zacznie.' });
    expect(await list('?period=future')).toHaveLength(1);

    const begins = inHours(24 * 10);
    const created = await call('POST', '/api/regulations', { name: 'Regulamin świadczenia usług, wersja 2', content: '<p>§ 1. Nowe zasady.</p>', valid_from: begins, replaces_id: current.id }, 'admin');
    expect(created.statusCode, created.body).toBe(201);
    const [stillCurrent] = await list();
    expect(stillCurrent.id).toBe(current.id);
    expect(Date.parse(stillCurrent.valid_to!)).toBe(Date.parse(begins));
    // A future version may still change.
    const edited = await call('PUT', `/api/regulations/${created.json().id}`, { name: 'Regulamin świadczenia usług, wersja 2.1', content: '<p>§ 1. Nowe zasady.</p>', valid_from: begins, replaces_id: current.id }, 'admin');
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await list('?period=future')).map((regulation) => regulation.name)).toContain('Regulamin świadczenia usług, wersja 2.1');
  });

  it('asks every user to accept a version once it takes effect, and keeps the replaced one readable with its acceptance', async () => {
    const history = async () => (await call('GET', '/api/user/regulations/history')).json().data as { id: number; in_force: boolean; accepted_at: string | null }[];
    expect(await isRegulations()).toBe(true);
    const [current] = await list();
    const takesEffect = new Date(Date.now() + 1500).toISOString();
    const created = await call('POST', '/api/regulations', { name: 'Regulamin, wersja pilna', content: '<p>§ 1. Zmiana pilna.</p>', valid_from: takesEffect, replaces_id: current.id }, 'admin');
    expect(created.statusCode, created.body).toBe(201);
    const newId = created.json().id as number;

    // The user is asked as soon as the version takes effect, with no change made at that moment.
    await until(async () => ((await isRegulations()) ? undefined : true), 30_000, 200);
    const pending = (await call('GET', '/api/user/regulations')).json().data as { id: number; is_accepted: boolean }[];
    expect(pending.map((regulation) => regulation.id)).toEqual([newId]);
    const versions = await history();
    expect(versions[0]).toMatchObject({ id: newId, in_force: true, accepted_at: null });
    expect(versions.find((version) => version.id === current.id)).toMatchObject({ in_force: false, accepted_at: expect.any(String) });
    // Root is a user too: it accepts before it works on.
    expect((await call('GET', '/api/regulations', undefined, 'admin')).json().code).toBe('regulations_required');
    expect((await call('POST', '/api/user/regulations/accept', { regulation_ids: [newId] }, 'admin')).statusCode).toBe(204);
    expect((await list('?period=past')).map((regulation) => regulation.id)).toContain(current.id);

    expect((await call('POST', '/api/user/regulations/accept', { regulation_ids: [newId] })).statusCode).toBe(204);
    expect(await isRegulations()).toBe(true);
    expect((await history())[0].accepted_at).toEqual(expect.any(String));
  });
});
