import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app';

/** A module with the engine's widgets: rich text both ways of asking for it, dates, a map, an ordered list. */
const eventSchema = {
  type: 'object',
  title: 'resources.tags.title',
  properties: {
    name: { type: 'string', title: 'resources.tags.fields.name', maxLength: 80 },
    body: { type: 'string', contentMediaType: 'text/html', maxLength: 40 },
    summary: { type: 'string', 'x-widget': 'richtext', maxLength: 200 },
    plain: { type: 'string', maxLength: 200 },
    day: { type: 'string', format: 'date' },
    starts_at: { type: 'string', format: 'date-time' },
    opens: { type: 'string', format: 'time' },
    place: {
      type: 'object',
      'x-widget': 'map',
      properties: { latitude: { type: 'number', minimum: -90, maximum: 90 }, longitude: { type: 'number', minimum: -180, maximum: 180 } },
      required: ['latitude', 'longitude'],
    },
    stops: { type: 'array', 'x-widget': 'sortable', items: { type: 'string' } },
  },
  'x-admin': {
    resource: 'user_events',
    scope: 'user',
    module: 'events',
    title: 'resources.tags.title',
    route: { path: '/wydarzenia', name: 'user_events', param: 'event_id', views: { list: '', create: 'dodaj', edit: 'edytuj/{event_id}' } },
    list: { columns: [{ field: 'name' }], sort: { field: 'name', order: 'ASC' } },
  },
};

let test: TestApp;
let schemasDir: string;
let token: string;

beforeAll(async () => {
  schemasDir = await mkdtemp(path.join(tmpdir(), 'panel-schemas-'));
  await cp('schemas', schemasDir, { recursive: true });
  await writeFile(path.join(schemasDir, 'event.schema.json'), JSON.stringify(eventSchema));
  test = await createTestApp({ schemasDir });
  token = (await test.login('klient')).access_token;
});
afterAll(async () => {
  await test?.close();
  await rm(schemasDir, { recursive: true, force: true });
});

const base = '/api/user/module/events';
const post = (payload: unknown) => test.call({ method: 'POST', url: base, token, payload });

describe('rich text properties', () => {
  it('are sanitised with the shared policy before they are stored; other texts are kept as sent', async () => {
    const created = await post({ name: 'Festyn', body: '<p onclick=x>ok<script>alert(1)</script>', summary: '<a href="javascript:alert(1)">link</a><img src=x onerror=alert(1)>', plain: '<b onclick=x>x</b>' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ body: '<p>ok</p>', summary: '<a>link</a><img src="x">', plain: '<b onclick=x>x</b>' });
    const stored = await test.call({ method: 'GET', url: `${base}/${created.json().id}`, token });
    expect(stored.json()).toMatchObject({ body: '<p>ok</p>', summary: '<a>link</a><img src="x">' });

    const updated = await test.call({ method: 'PUT', url: `${base}/${created.json().id}`, token, payload: { name: 'Festyn', body: '<p>nowy<iframe src="https://evil.example/"></iframe></p>' } });
    expect(updated.json().body).toBe('<p>nowy</p>');
  });

  it('keep their length limit, checked on what would be stored', async () => {
    const tooLong = await post({ name: 'Długi', body: `<p>${'a'.repeat(40)}</p>` });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toHaveProperty('body');
    // 52 characters sent, 12 stored once the script is gone.
    expect((await post({ name: 'Krótki', body: `<p>ok</p><script>${'x'.repeat(26)}</script>` })).json().body).toBe('<p>ok</p>');
  });
});

describe('dates and times', () => {
  it('store ISO values: a day, a moment with its offset, a time of day with or without an offset', async () => {
    const created = await post({ name: 'Terminy', day: '2026-11-23', starts_at: '2026-11-23T10:15:00+01:00', opens: '09:30:00' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ day: '2026-11-23', starts_at: '2026-11-23T10:15:00+01:00', opens: '09:30:00' });
    expect((await post({ name: 'Strefa', opens: '09:30:00+02:00' })).statusCode).toBe(201);
  });

  it('refuse what is no such value, with a Polish message', async () => {
    const invalid = await post({ name: 'Złe', day: '23.11.2026', starts_at: '2026-11-23T10:15', opens: '25:00:00' });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json().errors).sort()).toEqual(['day', 'opens', 'starts_at']);
    expect(invalid.json().errors.day).toBe('Pole day jest nieprawidłowe.');
  });
});

describe('map tiles', () => {
  it('are configured by GET /api/settings/public, open to everyone, and allowed by the CSP', async () => {
    const settings = await test.call({ method: 'GET', url: '/api/settings/public' });
    expect(settings.statusCode).toBe(200);
    expect(settings.json()).toEqual({
      map_tile_url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      map_tile_attribution: expect.stringContaining('OpenStreetMap'),
    });
    expect(settings.headers['content-security-policy']).toMatch(/img-src 'self' data: blob: https:\/\/tile\.openstreetmap\.org;/);
  });

  it('may come from another provider, whose {s} subdomains the CSP then allows', async () => {
    const other = await createTestApp({ mapTileUrl: 'https://{s}.tiles.example.com:8443/osm/{z}/{x}/{y}.png', mapTileAttribution: '© Example' });
    try {
      const settings = await other.call({ method: 'GET', url: '/api/settings/public' });
      expect(settings.json()).toEqual({ map_tile_url: 'https://{s}.tiles.example.com:8443/osm/{z}/{x}/{y}.png', map_tile_attribution: '© Example' });
      expect(settings.headers['content-security-policy']).toContain("img-src 'self' data: blob: https://*.tiles.example.com:8443;");
    } finally {
      await other.close();
    }
  });
});
