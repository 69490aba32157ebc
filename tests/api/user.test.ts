import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const AVATAR_MAX_BYTES = 4096;

/** A multipart/form-data body with one file part. */
function multipart(data: Buffer, options: { field?: string; filename?: string; contentType?: string } = {}) {
  const boundary = `----panel${randomBytes(8).toString('hex')}`;
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'file'}"; filename="${options.filename ?? 'avatar.png'}"\r\n` +
    `Content-Type: ${options.contentType ?? 'image/png'}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

let t: TestApp;
let klient: string;
let avatarDir: string;

beforeAll(async () => {
  t = await createTestApp({ avatarMaxBytes: AVATAR_MAX_BYTES });
  klient = (await t.login('klient')).access_token;
  avatarDir = path.join(t.config.dataDir, 'avatars');
});
afterAll(() => t.close());

const uploadAvatar = (data: Buffer, options?: Parameters<typeof multipart>[1]) =>
  t.call({ method: 'POST', url: '/api/user/avatar', token: klient, ...multipart(data, options) });

describe('GET /api/user', () => {
  it('returns the signed-in user', async () => {
    const response = await t.call({ method: 'GET', url: '/api/user', token: klient });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: await t.userId('klient'),
      username: 'klient',
      name: 'Jan',
      surname: 'Kowalski',
      phone: '+48 600 100 200',
      email: 'klient@example.com',
      avatar_uri: null,
      is_password_valid: true,
      is_regulations: true,
      is_root: false,
    });
  });

  it('shows the guards’ flags of nowy and the root flag of admin', async () => {
    const nowy = (await t.call({ method: 'GET', url: '/api/user', token: (await t.login('nowy')).access_token })).json();
    expect(nowy).toMatchObject({ username: 'nowy', is_password_valid: false, is_regulations: false, is_root: false });
    const admin = (await t.call({ method: 'GET', url: '/api/user', token: (await t.login('admin')).access_token })).json();
    expect(admin).toMatchObject({ username: 'admin', is_regulations: true, is_root: true });
  });

  it('refuses a request without a token', async () => {
    const response = await t.call({ method: 'GET', url: '/api/user' });
    expect(response.statusCode).toBe(401);
    expect(response.json().detail).toBe('Brak dostępu');
  });
});

describe('PUT /api/user', () => {
  const put = (payload: unknown) => t.call({ method: 'PUT', url: '/api/user', token: klient, payload });

  it('saves a valid profile and returns the user', async () => {
    const response = await put({ name: 'Anna-Maria', surname: 'Żółkiewska', phone: '+48 601 222 333' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ username: 'klient', name: 'Anna-Maria', surname: 'Żółkiewska', phone: '+48 601 222 333' });
    const again = (await t.call({ method: 'GET', url: '/api/user', token: klient })).json();
    expect(again).toMatchObject({ name: 'Anna-Maria', surname: 'Żółkiewska' });
  });

  it('clears an empty phone, which is optional', async () => {
    const response = await put({ name: 'Jan', surname: 'Kowalski', phone: '' });
    expect(response.statusCode).toBe(200);
    expect(response.json().phone).toBeNull();
  });

  it('answers the SPEC 5 messages for required fields', async () => {
    const response = await put({ name: '', surname: '   ', phone: null });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'Proszę poprawnie wypełnić formularz.',
      errors: { name: 'Imię jest wymagane.', surname: 'Nazwisko jest wymagane.' },
    });
  });

  it('answers the SPEC 5 messages for characters, length and phone', async () => {
    const invalid = await put({ name: 'jan', surname: 'Kowalski2', phone: '12-34' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual({
      name: 'Imię zawiera niedozwolone znaki.',
      surname: 'Nazwisko zawiera niedozwolone znaki.',
      phone: 'Numer telefonu powinien być poprawny.',
    });
    const short = await put({ name: 'Al', surname: 'Li', phone: '600100200' });
    expect(short.json().errors).toEqual({
      name: 'Imię powinno zawierać co najmniej 3 znaki',
      surname: 'Nazwisko powinno zawierać co najmniej 3 znaki',
    });
    const unchanged = (await t.call({ method: 'GET', url: '/api/user', token: klient })).json();
    expect(unchanged).toMatchObject({ name: 'Jan', surname: 'Kowalski' });
  });

  it('refuses a body of the wrong shape with a Polish detail', async () => {
    const response = await put({ name: 12, surname: ['Kowalski'] });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe('Nieprawidłowe żądanie.');
  });
});

describe('avatar', () => {
  const storedFiles = async () => (await readdir(avatarDir).catch(() => [])).sort();

  it('adds, serves, replaces and removes the avatar', async () => {
    const added = await uploadAvatar(PNG);
    expect(added.statusCode).toBe(200);
    const firstUri: string = added.json().avatar_uri;
    expect(firstUri).toMatch(/^\/api\/avatars\/[0-9a-f]{32}\.png$/);
    expect((await t.call({ method: 'GET', url: '/api/user', token: klient })).json().avatar_uri).toBe(firstUri);

    // Served without a token, as an <img> asks for it.
    const served = await t.call({ method: 'GET', url: firstUri });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const replaced = await uploadAvatar(GIF, { filename: 'avatar.gif', contentType: 'image/gif' });
    expect(replaced.statusCode).toBe(200);
    const secondUri: string = replaced.json().avatar_uri;
    expect(secondUri).toMatch(/^\/api\/avatars\/[0-9a-f]{32}\.gif$/);
    expect((await t.call({ method: 'GET', url: secondUri })).headers['content-type']).toBe('image/gif');
    expect((await t.call({ method: 'GET', url: firstUri })).statusCode).toBe(404);
    expect(await storedFiles()).toEqual([path.basename(secondUri)]);

    const removed = await t.call({ method: 'DELETE', url: '/api/user/avatar', token: klient });
    expect(removed.statusCode).toBe(204);
    expect((await t.call({ method: 'GET', url: '/api/user', token: klient })).json().avatar_uri).toBeNull();
    expect((await t.call({ method: 'GET', url: secondUri })).statusCode).toBe(404);
    expect(await storedFiles()).toEqual([]);
  });

  it('refuses a file that is not an image, whatever its declared type', async () => {
    const response = await uploadAvatar(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'));
    expect(response.statusCode).toBe(415);
    expect(response.json().detail).toBe('Zdjęcie musi być plikiem PNG, JPEG, GIF lub WebP.');
    expect(await storedFiles()).toEqual([]);
  });

  it('refuses a file over the size limit and keeps no part of it', async () => {
    const response = await uploadAvatar(Buffer.concat([PNG, Buffer.alloc(AVATAR_MAX_BYTES)]));
    expect(response.statusCode).toBe(413);
    expect(response.json().detail).toBe('Przesłany plik jest zbyt duży.');
    expect(await storedFiles()).toEqual([]);
    expect((await t.call({ method: 'GET', url: '/api/user', token: klient })).json().avatar_uri).toBeNull();
  });

  it('needs a multipart body with a part named file, and a signed-in user', async () => {
    const json = await t.call({ method: 'POST', url: '/api/user/avatar', token: klient, payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    const otherField = await uploadAvatar(PNG, { field: 'photo' });
    expect(otherField.statusCode).toBe(400);
    expect(otherField.json().detail).toBe('Nie przesłano pliku.');
    const anonymous = await t.call({ method: 'POST', url: '/api/user/avatar', ...multipart(PNG) });
    expect(anonymous.statusCode).toBe(401);
    expect(await storedFiles()).toEqual([]);
  });

  it('answers 400, never 500, to a malformed multipart body', async () => {
    const bodies = [
      { payload: 'garbage', contentType: 'multipart/form-data' },
      { payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc', contentType: 'multipart/form-data; boundary=x' },
    ];
    for (const { payload, contentType } of bodies) {
      const response = await t.call({ method: 'POST', url: '/api/user/avatar', token: klient, payload, headers: { 'content-type': contentType } });
      expect(response.statusCode, payload).toBe(400);
      expect(response.json().detail).toBe('Nieprawidłowe żądanie.');
    }
    expect(await storedFiles()).toEqual([]);
  });

  it('serves only names it made, never a path outside the avatar folder', async () => {
    for (const name of ['..%2Fjwt-secret', '..%2F..%2Fetc%2Fpasswd', 'abc.png', `${'a'.repeat(32)}.svg`, '%2e%2e']) {
      const response = await t.call({ method: 'GET', url: `/api/avatars/${name}` });
      expect(response.statusCode, name).toBe(404);
      expect(response.json().detail).toBeTruthy();
    }
    expect(existsSync(path.join(t.config.dataDir, 'jwt-secret'))).toBe(false);
  });
});
