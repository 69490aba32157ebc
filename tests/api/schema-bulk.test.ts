import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_MAX_RECORDS } from '../../src/server/schema/capabilities/bulk';
import { createTestApp, type TestApp } from './support/app';
import { serviceOf } from './schema-fixtures';

let test: TestApp;
let klient: string;
let klient2: string;
let newsletter: number;
let otherService: number;

beforeAll(async () => {
  test = await createTestApp();
  klient = (await test.login('klient')).access_token;
  klient2 = (await test.login('klient2')).access_token;
  newsletter = await serviceOf(test, 'klient', 9);
  otherService = await serviceOf(test, 'klient2', 1);
});
afterAll(async () => {
  await test?.close();
});

const recipients = (url = '') => `/api/client_service/${newsletter}/module/recipients${url}`;
const post = (url: string, payload: unknown, token = klient) => test.call({ method: 'POST', url: recipients(url), token, payload });

async function addRecipient(email: string, tags: string[] = []): Promise<number> {
  const response = await test.call({ method: 'POST', url: recipients(), token: klient, payload: { name: `Odbiorca ${email}`, email, tags } });
  expect(response.statusCode).toBe(201);
  return response.json().id as number;
}

async function tagsOf(id: number): Promise<string[] | null> {
  const response = await test.call({ method: 'GET', url: recipients(`/${id}`), token: klient });
  return response.statusCode === 200 ? (response.json().tags as string[]) : null;
}

/** A recipient of another service, written as its own data would be. */
async function foreignRecipient(): Promise<number> {
  const { rows } = await test.ctx.db.query<{ id: number }>(
    `INSERT INTO module_records (resource, client_service_id, data) VALUES ('recipients', $1, '{"name": "Obcy Odbiorca", "email": "obcy@example.com", "tags": []}') RETURNING id`,
    [otherService],
  );
  return rows[0].id;
}

describe('bulk add to an array field (recipients: tags)', () => {
  it("adds the chosen tags to every selected recipient, once each, as the service spells them, and answers the count in Polish", async () => {
    const first = await addRecipient('masowo1@example.com', ['VIP']);
    const second = await addRecipient('masowo2@example.com');
    const response = await post('/bulk/add/tags', { ids: [first, second, first], values: ['vip', 'Nowi'] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ count: 2, detail: 'Dodano tagi 2 odbiorcom.' });
    expect(await tagsOf(first)).toEqual(['VIP', 'Nowi']);
    expect(await tagsOf(second)).toEqual(['VIP', 'Nowi']);
    const one = await post('/bulk/add/tags', { ids: [second], values: ['Promocje'] });
    expect(one.json().detail).toBe('Dodano tagi 1 odbiorcy.');
  });

  it('refuses a tag the service lacks, and changes no record', async () => {
    const id = await addRecipient('masowo3@example.com');
    const response = await post('/bulk/add/tags', { ids: [id], values: ['Nie ma takiego'] });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ tags: 'Wybrany element nie istnieje.' });
    expect(await tagsOf(id)).toEqual([]);
  });

  it('refuses no values, and values the field refuses, in Polish', async () => {
    const id = await addRecipient('masowo4@example.com');
    const none = await post('/bulk/add/tags', { ids: [id], values: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().detail).toBe('Proszę poprawnie wypełnić formularz.');
    expect(none.json().errors).toEqual({ tags: 'Wybierz co najmniej jedną wartość.' });
    const short = await post('/bulk/add/tags', { ids: [id], values: ['x'] });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual({ 'tags.0': 'Nazwa tagu powinna zawierać co najmniej 2 znaki' });
  });
});

describe('bulk delete', () => {
  it('deletes every selected recipient in one call and answers the count in Polish', async () => {
    const ids = [await addRecipient('usun1@example.com'), await addRecipient('usun2@example.com'), await addRecipient('usun3@example.com')];
    const response = await post('/bulk/delete', { ids });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ count: 3, detail: 'Usunięto 3 odbiorców.' });
    for (const id of ids) expect(await tagsOf(id)).toBeNull();
  });

  it("refuses another service's record and deletes none of the selection", async () => {
    const own = await addRecipient('zostaje@example.com');
    const foreign = await foreignRecipient();
    const response = await post('/bulk/delete', { ids: [own, foreign] });
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBe('Niektóre z zaznaczonych wpisów nie istnieją. Niczego nie zmieniono.');
    expect(await tagsOf(own)).toEqual([]);
    const { rows } = await test.ctx.db.query('SELECT id FROM module_records WHERE id = $1', [foreign]);
    expect(rows).toHaveLength(1);
    const tagged = await post('/bulk/add/tags', { ids: [own, foreign], values: ['VIP'] });
    expect(tagged.statusCode).toBe(404);
    expect(await tagsOf(own)).toEqual([]);
  });

  it("is refused to a user without the service", async () => {
    const own = await addRecipient('cudzy@example.com');
    const response = await post('/bulk/delete', { ids: [own] }, klient2);
    expect(response.statusCode).toBe(403);
    expect(await tagsOf(own)).toEqual([]);
  });

  it('refuses an empty list, more ids than the bound and ids that are no numbers, in Polish', async () => {
    const bound = `Zaznacz od 1 do ${BULK_MAX_RECORDS} wpisów.`;
    for (const payload of [{ ids: [] }, {}, { ids: ['1'] }, { ids: [0] }, { ids: Array.from({ length: BULK_MAX_RECORDS + 1 }, (_, index) => index + 1) }]) {
      const response = await post('/bulk/delete', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe(bound);
    }
    const notObject = await test.call({ method: 'POST', url: recipients('/bulk/delete'), token: klient, payload: [1, 2] });
    expect(notObject.statusCode).toBe(400);
  });
});
