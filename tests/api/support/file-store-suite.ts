import { cp, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { Config } from '../../../src/server/config';
import { cleanupJob, TEMPORARY_FILE_MAX_AGE } from '../../../src/server/platform/jobs/cleanup';
import { multipart, serviceOf } from '../schema-fixtures';
import { createTestApp, type TestApp } from './app';

/** Where the store under test keeps its objects, and how to list them. */
export interface StoreUnderTest {
  overrides: Partial<Config>;
  /** Every object key the store holds now. */
  objectKeys(test: TestApp): Promise<string[]>;
  /** Makes an object look written that many seconds ago. */
  backdate(test: TestApp, key: string, seconds: number): Promise<void>;
  close(): Promise<void>;
}

/** A service module with a public photo (with a thumbnail) and a private scan. */
const fileTestSchema = {
  type: 'object',
  title: 'resources.tags.title',
  properties: { name: { type: 'string', title: 'resources.tags.fields.name', minLength: 1, maxLength: 80 } },
  required: ['name'],
  'x-admin': {
    resource: 'file_tests',
    scope: 'service',
    module: 'news_categories',
    title: 'resources.tags.title',
    api: { path: '/client_service/{service_id}/module/file_tests', upload: '/client_service/{service_id}/upload/file_tests' },
    route: { path: '/usluga/{service_id}/pliki', name: 'file_tests', param: 'file_id', views: { list: '', create: 'dodaj', edit: 'edytuj/{file_id}' } },
    list: { columns: [{ field: 'name', sortable: true }], sort: { field: 'name', order: 'ASC' } },
    files: {
      photo: { thumbnails: [{ name: 'small', width: 20, height: 20 }] },
      scan: { accept: ['application/pdf'], private: true, maxBytes: 100_000 },
    },
  },
};

// A record of this name fails at COMMIT (a deferred constraint trigger), after its files were committed.
const FAILS_AT_COMMIT = 'Awaria zatwierdzenia';

/** The areas the store writes to (the rest of DATA_DIR is the database's and the mail outbox's). */
export const STORE_AREAS = ['uploads', 'avatars', 'content', 'services', 'users', 'admin', 'tmp-uploads'];

export async function localObjectKeys(test: TestApp): Promise<string[]> {
  const keys: string[] = [];
  for (const area of STORE_AREAS) {
    const entries = await readdir(path.join(test.config.dataDir, area), { recursive: true, withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (entry.isFile()) keys.push(path.relative(test.config.dataDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
    }
  }
  return keys.sort();
}

export async function backdateLocal(test: TestApp, key: string, seconds: number): Promise<void> {
  const then = new Date(Date.now() - seconds * 1000);
  await utimes(path.join(test.config.dataDir, ...key.split('/')), then, then);
}

export function fileStoreSuite(start: () => Promise<StoreUnderTest>): void {
  let store: StoreUnderTest;
  let test: TestApp;
  let schemasDir: string;
  let klient: string;
  let klient2: string;
  let site: number;
  let photo: Buffer;
  /** The objects of the demo records (news photos, attachments), there before any test. */
  let demoObjects: Set<string>;
  /** The objects the tests made. */
  const objectKeys = async () => (await store.objectKeys(test)).filter((key) => !demoObjects.has(key));

  beforeAll(async () => {
    store = await start();
    schemasDir = await mkdtemp(path.join(tmpdir(), 'panel-schemas-'));
    await cp('schemas', schemasDir, { recursive: true });
    await writeFile(path.join(schemasDir, 'file-test.schema.json'), JSON.stringify(fileTestSchema));
    test = await createTestApp({ schemasDir, ...store.overrides });
    demoObjects = new Set(await store.objectKeys(test));
    klient = (await test.login('klient')).access_token;
    klient2 = (await test.login('klient2')).access_token;
    site = await serviceOf(test, 'klient', 1);
    photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } }).png().toBuffer();
    await test.ctx.db.query(`CREATE FUNCTION fail_on_commit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.data->>'name' = '${FAILS_AT_COMMIT}' THEN RAISE EXCEPTION 'injected failure'; END IF;
        RETURN NULL;
      END $$`);
    await test.ctx.db.query(`CREATE CONSTRAINT TRIGGER fail_on_commit AFTER INSERT OR UPDATE ON module_records
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION fail_on_commit()`);
  });
  afterAll(async () => {
    await test?.close();
    await store?.close();
    await rm(schemasDir, { recursive: true, force: true });
  });

  const collection = () => `/api/client_service/${site}/upload/file_tests`;
  const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(size - 9, 0x20)]);
  const upload = (payload: unknown, file: { name: string; type: string; data: Buffer }, field: string, method: 'POST' | 'PUT' = 'POST', id?: number) => {
    const form = multipart(payload, file, field);
    return test.call({ method, url: id ? `${collection()}/${id}` : collection(), token: klient, payload: form.payload, headers: form.headers });
  };
  const uploadPhoto = (name: string, data = photo) => upload({ name }, { name: 'p.png', type: 'image/png', data }, 'photo');
  const uploadScan = (name: string, data = pdf(1000)) => upload({ name }, { name: 's.pdf', type: 'application/pdf', data }, 'scan');
  const siteSizeUsed = async () => {
    const { rows } = await test.ctx.db.query<{ used: string }>('SELECT site_size_used AS used FROM client_services WHERE id = $1', [site]);
    return Number(rows[0].used);
  };
  const keyOf = (uri: string) => uri.replace('/api/uploads/', 'uploads/');

  it('stores an upload through the schema API and serves it, and its thumbnail, at the same URIs', async () => {
    const usedBefore = await siteSizeUsed();
    const created = await uploadPhoto('Zdjęcie');
    expect(created.statusCode).toBe(201);
    const record = created.json();
    expect(record.photo_uri).toMatch(/^\/api\/uploads\/[0-9a-f]{32}\.png$/);
    expect(record.photo_thumbnails.small).toMatch(/^\/api\/uploads\/[0-9a-f]{32}-small\.webp$/);
    expect(await objectKeys()).toEqual([keyOf(record.photo_uri), keyOf(record.photo_thumbnails.small)].sort());

    const served = await test.call({ method: 'GET', url: record.photo_uri });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(photo)).toBe(true);
    const thumbnail = await test.call({ method: 'GET', url: record.photo_thumbnails.small });
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 20, height: 20 });
    // The service's quota counts the original and its thumbnail, to the byte.
    expect((await siteSizeUsed()) - usedBefore).toBe(photo.length + thumbnail.rawPayload.length);

    // Replacing the photo removes the old one and its thumbnail and gives their bytes back.
    const second = await sharp({ create: { width: 30, height: 30, channels: 4, background: '#ff000080' } }).png().toBuffer();
    const replaced = await upload({ name: 'Zdjęcie' }, { name: 'q.png', type: 'image/png', data: second }, 'photo', 'PUT', record.id);
    expect(replaced.statusCode).toBe(200);
    const { photo_uri: newUri, photo_thumbnails: newThumbnails } = replaced.json();
    expect(await objectKeys()).toEqual([keyOf(newUri), keyOf(newThumbnails.small)].sort());
    expect((await test.call({ method: 'GET', url: record.photo_thumbnails.small })).statusCode).toBe(404);
    const newThumbnail = await test.call({ method: 'GET', url: newThumbnails.small });
    expect((await siteSizeUsed()) - usedBefore).toBe(second.length + newThumbnail.rawPayload.length);

    // Deleting the record removes both objects and releases the quota.
    expect((await test.call({ method: 'DELETE', url: `/api/client_service/${site}/module/file_tests/${record.id}`, token: klient })).statusCode).toBe(204);
    expect(await objectKeys()).toEqual([]);
    expect(await siteSizeUsed()).toBe(usedBefore);
  });

  it('strips metadata from thumbnails and refuses a decompression bomb with 413', async () => {
    const withExif = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#ffffff' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Tajny autor' } })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const created = await uploadPhoto('Z metadanymi', withExif);
    expect(created.statusCode).toBe(201);
    const thumbnail = await test.call({ method: 'GET', url: created.json().photo_thumbnails.small });
    expect((await sharp(thumbnail.rawPayload).metadata()).exif).toBeUndefined();
    await test.call({ method: 'DELETE', url: `/api/client_service/${site}/module/file_tests/${created.json().id}`, token: klient });

    const bomb = await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: '#000000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const refused = await uploadPhoto('Bomba', bomb);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().detail).toBe('Zdjęcie ma zbyt dużą rozdzielczość.');
    expect(await objectKeys()).toEqual([]);
  });

  it("refuses a file over its own field's limit (smaller than the request's) with 413 and keeps nothing", async () => {
    const refused = await uploadScan('Za duży skan', pdf(150_000));
    expect(refused.statusCode).toBe(413);
    expect(refused.json().detail).toBe('Przesłany plik jest zbyt duży.');
    expect(await objectKeys()).toEqual([]);
  });

  it('leaves no object, temporary or final, when the record commit fails', async () => {
    const usedBefore = await siteSizeUsed();
    const failed = await uploadPhoto(FAILS_AT_COMMIT);
    expect(failed.statusCode).toBe(500);
    const failedScan = await uploadScan(FAILS_AT_COMMIT);
    expect(failedScan.statusCode).toBe(500);
    expect(await objectKeys()).toEqual([]);
    expect(await siteSizeUsed()).toBe(usedBefore);
  });

  it('serves a private file only through a short-lived signed URL given after the tenant check', async () => {
    const scan = pdf(2000);
    const created = await uploadScan('Skan', scan);
    expect(created.statusCode).toBe(201);
    const { id, scan_uri: signedUri } = created.json();
    expect(signedUri).toMatch(/^\/api\/files\/signed\/[A-Za-z0-9_-]+\.\d+\.[A-Za-z0-9_-]+$/);
    const [key] = await objectKeys();
    expect(key).toMatch(new RegExp(`^services/${site}/file_tests/[0-9a-f]{32}\\.pdf$`));

    // Without signing in: the URL itself is the permission, for its few minutes.
    const served = await test.call({ method: 'GET', url: signedUri });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.rawPayload.equals(scan)).toBe(true);
    // Not reachable by name like the public files.
    expect((await test.call({ method: 'GET', url: `/api/uploads/${key.split('/').pop()}` })).statusCode).toBe(404);

    // A tampered token (another expiry, another key) is refused with a Polish detail.
    const [encodedKey, expires, signature] = signedUri.split('/').pop().split('.');
    const longer = await test.call({ method: 'GET', url: `/api/files/signed/${encodedKey}.${Number(expires) + 3600}.${signature}` });
    expect(longer.statusCode).toBe(404);
    expect(longer.json().detail).toBe('Odnośnik do pliku wygasł lub jest nieprawidłowy.');
    const otherKey = Buffer.from(`services/${site}/file_tests/${'0'.repeat(32)}.pdf`).toString('base64url');
    expect((await test.call({ method: 'GET', url: `/api/files/signed/${otherKey}.${expires}.${signature}` })).statusCode).toBe(404);
    // The token exactly as given, and only here: anything appended, cut or re-encoded, or its use as a disk download, is refused alike.
    const token = `${encodedKey}.${expires}.${signature}`;
    for (const url of [`${signedUri}.junk`, `${signedUri}/x`, signedUri.slice(0, -1), `/api/files/signed/${encodedKey}.0${expires}.${signature}`, `/api/disk/download?token=${token}`]) {
      const refused = await test.call({ method: 'GET', url });
      expect(refused.statusCode, url).toBe(404);
      expect(refused.json().detail, url).toBe('Odnośnik do pliku wygasł lub jest nieprawidłowy.');
    }

    // Every read hands out a fresh URL; after five minutes the URL is dead.
    const read = await test.call({ method: 'GET', url: `/api/client_service/${site}/module/file_tests/${id}`, token: klient });
    expect(read.json().scan_uri).toMatch(/^\/api\/files\/signed\//);
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + 301_000);
    try {
      const expired = await test.call({ method: 'GET', url: read.json().scan_uri });
      expect(expired.statusCode).toBe(404);
      expect(expired.json().detail).toBe('Odnośnik do pliku wygasł lub jest nieprawidłowy.');
    } finally {
      clock.mockRestore();
    }

    // Another client's user gets no URL at all: the tenant check comes first.
    for (const url of [`/api/client_service/${site}/module/file_tests/${id}`, `/api/client_service/${site}/module/file_tests`]) {
      const foreign = await test.call({ method: 'GET', url, token: klient2 });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.body).not.toContain('/api/files/signed/');
    }
    await test.call({ method: 'DELETE', url: `/api/client_service/${site}/module/file_tests/${id}`, token: klient });
    expect(await objectKeys()).toEqual([]);
  });

  it('answers 413 past the service quota and never over-commits under 10 parallel uploads', async () => {
    const size = 5000;
    const usedBefore = await siteSizeUsed();
    // Room for three and a half files.
    await test.ctx.db.query('UPDATE client_services SET site_size_available = site_size_used + $2 WHERE id = $1', [site, size * 3.5]);
    try {
      const answers = await Promise.all(Array.from({ length: 10 }, (_, index) => uploadScan(`Plik ${index}`, pdf(size))));
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses).toEqual([201, 201, 201, 413, 413, 413, 413, 413, 413, 413]);
      const refused = answers.find((answer) => answer.statusCode === 413)!;
      expect(refused.json().detail).toBe('Brak miejsca w usłudze: plik przekroczyłby przydzieloną przestrzeń dyskową.');
      expect(await siteSizeUsed()).toBe(usedBefore + 3 * size);
      expect(await objectKeys()).toHaveLength(3);

      // Deleting one frees its room for exactly one more.
      const stored = answers.filter((answer) => answer.statusCode === 201).map((answer) => answer.json().id as number);
      await test.call({ method: 'DELETE', url: `/api/client_service/${site}/module/file_tests/${stored[0]}`, token: klient });
      expect(await siteSizeUsed()).toBe(usedBefore + 2 * size);
      expect((await uploadScan('Jeszcze jeden', pdf(size))).statusCode).toBe(201);
      expect((await uploadScan('Za dużo', pdf(size))).statusCode).toBe(413);
    } finally {
      await test.ctx.db.query('UPDATE client_services SET site_size_available = 1073741824 WHERE id = $1', [site]);
    }
    const { rows } = await test.ctx.db.query<{ id: number }>("SELECT id FROM module_records WHERE resource = 'file_tests'");
    for (const { id } of rows) await test.call({ method: 'DELETE', url: `/api/client_service/${site}/module/file_tests/${id}`, token: klient });
    expect(await objectKeys()).toEqual([]);
    expect(await siteSizeUsed()).toBe(usedBefore);
  });

  it('deletes a record whose file name the store did not make (set by hand) without touching any object', async () => {
    const kept = await uploadPhoto('Zostaje');
    const { rows } = await test.ctx.db.query<{ id: number }>(
      `INSERT INTO module_records (resource, client_service_id, data) VALUES ('file_tests', $1, $2::jsonb) RETURNING id`,
      [site, JSON.stringify({ name: 'Ręczny', photo: '../../jwt-secret' })],
    );
    const objects = await objectKeys();
    expect((await test.call({ method: 'DELETE', url: `/api/client_service/${site}/module/file_tests/${rows[0].id}`, token: klient })).statusCode).toBe(204);
    expect(await objectKeys()).toEqual(objects);
    await test.call({ method: 'DELETE', url: `/api/client_service/${site}/module/file_tests/${kept.json().id}`, token: klient });
  });

  it('sweeps, in the nightly cleanup job, temporary objects a stopped server left, and no others', async () => {
    const put = () => test.ctx.files.putTemporary(Readable.from([Buffer.from('%PDF-1.4 porzucony')]), 1000);
    const [left, uploading] = [await put(), await put()];
    await store.backdate(test, left.key, TEMPORARY_FILE_MAX_AGE + 60);
    await cleanupJob(test.ctx.db, test.config, test.ctx.files).handler({} as never);
    expect(await objectKeys()).toEqual([uploading.key]);
    await test.ctx.files.delete(uploading.key);
  });

  it('documents the thumbnails and the signed URL in the OpenAPI record', async () => {
    const document = (await test.call({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    const record = document.components.schemas.file_tests_record;
    expect(record.properties.photo_thumbnails).toEqual({ type: ['object', 'null'], properties: { small: { type: 'string' } } });
    expect(record.properties.scan_uri).toMatchObject({ type: ['string', 'null'] });
  });

  it('keeps avatars in the store, served at /api/avatars/{name}, outside any quota', async () => {
    const usedBefore = await siteSizeUsed();
    const form = multipart(undefined, { name: 'a.png', type: 'image/png', data: photo });
    const uploaded = await test.call({ method: 'POST', url: '/api/user/avatar', token: klient, payload: form.payload, headers: form.headers });
    expect(uploaded.statusCode).toBe(200);
    const uri: string = uploaded.json().avatar_uri;
    expect(await objectKeys()).toEqual([uri.replace('/api/avatars/', 'avatars/')]);
    const served = await test.call({ method: 'GET', url: uri });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(photo)).toBe(true);
    expect(await siteSizeUsed()).toBe(usedBefore);
    expect((await test.call({ method: 'DELETE', url: '/api/user/avatar', token: klient })).statusCode).toBe(204);
    expect(await objectKeys()).toEqual([]);
    expect((await test.call({ method: 'GET', url: uri })).statusCode).toBe(404);

    // A name set by hand names no object: removing it touches nothing.
    await test.ctx.db.query("UPDATE users SET avatar_file = '../jwt-secret' WHERE username = 'klient'");
    expect((await test.call({ method: 'DELETE', url: '/api/user/avatar', token: klient })).statusCode).toBe(204);
  });
}
