import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryTokens } from '../../src/modules/newsletter/server/mailings/render';
import { loadSecret } from '../../src/server/platform/auth/tokens';
import type { Queryable } from '../../src/server/platform/db';
import { serviceOf } from './schema-fixtures';
import { createTestApp, type TestApp } from './support/app';
import { signedIn } from './support/signed-in';

let test: TestApp;
const session = signedIn(() => test);
let newsletter: number;
let site: number;
let foreign: number;

const call = (url: string, as?: string) => session.call('GET', url, undefined, as);
const reports = (path: string, service = newsletter) => `/api/client_service/${service}/reports${path}`;

interface Delivery {
  email: string;
  state?: 'sent' | 'failed' | 'queued';
  sentAt?: string;
  events?: Array<[kind: 'opened' | 'clicked' | 'unsubscribed', at: string, url?: string]>;
}

let recipient = 0;
/** A started mailing with its deliveries and events written as the sending engine and the tracking calls write them. */
async function addMailing(db: Queryable, serviceId: number, subject: string, startedAt: string | null, deliveries: Delivery[], status = 'sent'): Promise<{ id: number; deliveryIds: number[] }> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO newsletter_mailings (client_service_id, subject, template_id, status, started_at, sent_subject, sent_html)
     VALUES ($1, $2, 1, $3, $4, $2, CASE WHEN $4::timestamptz IS NULL THEN NULL ELSE '<p>Treść</p>' END) RETURNING id`,
    [serviceId, subject, status, startedAt],
  );
  const mailingId = Number(rows[0].id);
  const deliveryIds: number[] = [];
  for (const delivery of deliveries) {
    const state = delivery.state ?? 'sent';
    const inserted = await db.query<{ id: number }>(
      `INSERT INTO newsletter_deliveries (mailing_id, client_service_id, recipient_id, email, name, state, finished_at, error)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [mailingId, serviceId, (recipient += 1), delivery.email, `Odbiorca ${recipient}`, state, state === 'sent' || state === 'failed' ? (delivery.sentAt ?? startedAt) : null, state === 'failed' ? '550 No such user' : null],
    );
    const deliveryId = Number(inserted.rows[0].id);
    deliveryIds.push(deliveryId);
    for (const [kind, at, url] of delivery.events ?? []) {
      await db.query('INSERT INTO newsletter_delivery_events (delivery_id, mailing_id, client_service_id, kind, url, occurred_at) VALUES ($1, $2, $3, $4, $5, $6)', [
        deliveryId,
        mailingId,
        serviceId,
        kind,
        url ?? null,
        at,
      ]);
    }
  }
  return { id: mailingId, deliveryIds };
}

let spring: number;
let april: number;
let live: { id: number; deliveryIds: number[] };

beforeAll(async () => {
  test = await createTestApp();
  await session.signIn('klient', 'klient2', 'admin');
  newsletter = await serviceOf(test, 'klient', 9);
  site = await serviceOf(test, 'klient', 1);
  foreign = await serviceOf(test, 'klient2', 1);
  const { db } = test.ctx;
  // 2025-03-30 is the day Poland moves to summer time: 22:30 UTC is already 00:30 of the 31st in Warsaw.
  spring = (
    await addMailing(db, newsletter, 'Raport: wiosenna promocja', '2025-03-30T08:00:00Z', [
      {
        email: 'anna@example.com',
        events: [
          ['opened', '2025-03-30T09:00:00Z'],
          ['opened', '2025-03-30T12:00:00Z'],
          ['clicked', '2025-03-30T12:01:00Z', 'https://example.com/promocja'],
        ],
      },
      { email: 'piotr@example.com', events: [['opened', '2025-03-30T22:30:00Z']] },
      { email: 'ewa_100%@example.com', events: [['clicked', '2025-03-31T10:00:00Z', 'https://example.com/promocja']] },
      { email: 'jan@example.com', sentAt: '2025-03-30T22:10:00Z', events: [['unsubscribed', '2025-04-02T10:00:00Z']] },
      { email: 'zly-adres@example.com', state: 'failed' },
    ])
  ).id;
  april = (
    await addMailing(db, newsletter, 'Raport: kwietniowe nowości', '2025-04-15T10:00:00Z', [
      { email: 'anna@example.com', events: [['opened', '2025-04-15T11:00:00Z']] },
      { email: 'piotr@example.com' },
    ])
  ).id;
  // A draft never started: not in the statistics.
  await addMailing(db, newsletter, 'Raport: szkic', null, [], 'draft');
  // Another client's records on a service of theirs: never in klient's reports.
  await addMailing(db, foreign, 'Raport: obcy', '2025-03-30T08:00:00Z', [{ email: 'obcy@example.com', events: [['opened', '2025-03-30T09:00:00Z']] }]);
  // A mailing of today whose events come through the recipients' own public calls.
  live = await addMailing(db, newsletter, 'Raport: dzisiejsza', new Date().toISOString(), [{ email: 'ola@example.com' }, { email: 'adam@example.com' }]);
}, 60_000);
afterAll(async () => {
  await test?.close();
});

describe('mailing statistics (raporty/statystyki_wysylek)', () => {
  it('gives each started mailing its sent, failed and unique recipients who opened, clicked and unsubscribed, with rates', async () => {
    const response = await call(reports('/mailings?from=2025-01-01&to=2025-12-31'));
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.pagination).toEqual({ total: 2 });
    expect(body.data.map((row: { id: number }) => row.id)).toEqual([april, spring]);
    expect(body.data[1]).toMatchObject({
      subject: 'Raport: wiosenna promocja',
      status: 'sent',
      total: 5,
      sent: 4,
      failed: 1,
      opened: 2,
      clicked: 2,
      unsubscribed: 1,
      rates: { failed: 0.2, opened: 0.5, clicked: 0.5, unsubscribed: 0.25 },
    });
    expect(body.data[0]).toMatchObject({ total: 2, sent: 2, failed: 0, opened: 1, clicked: 0, unsubscribed: 0, rates: { opened: 0.5, clicked: 0, failed: 0 } });
  });

  it('counts the events the recipients’ own calls record', async () => {
    // The links the messages carry, signed as the sending engine signs them.
    const signer = new DeliveryTokens(await loadSecret(test.config));
    const [ola, adam] = live.deliveryIds;
    for (const token of [signer.sign('open', ola), signer.sign('open', ola), signer.sign('open', adam)]) {
      expect((await test.call({ method: 'GET', url: `/api/newsletter/open/${token}`, withoutXsrf: true })).statusCode).toBe(200);
    }
    await test.ctx.db.query("UPDATE newsletter_mailings SET links = ARRAY['https://example.com/oferta'] WHERE id = $1", [live.id]);
    const click = await test.call({ method: 'GET', url: `/api/newsletter/click/${signer.sign('click', adam, 0)}`, withoutXsrf: true });
    expect(click.statusCode).toBe(302);
    const today = (await call(reports('/mailings?search=dzisiejsza'))).json();
    expect(today.data).toHaveLength(1);
    expect(today.data[0]).toMatchObject({ id: live.id, sent: 2, opened: 2, clicked: 1, rates: { opened: 1, clicked: 0.5 } });
    const totals = (await call(reports('/mailings/totals'))).json();
    const last = totals.data.at(-1);
    expect(last).toMatchObject({ sent: 2, opened: 2, clicked: 1 });
    const logged = (await call(reports(`/logs?mailing_id=${live.id}&kind=clicked`))).json();
    expect(logged.data).toMatchObject([{ email: 'adam@example.com', url: 'https://example.com/oferta' }]);
    expect(totals.data).toHaveLength(30);
  });

  it('searches the subject (wildcards taken literally), filters by the start day and pages', async () => {
    const searched = (await call(reports('/mailings?search=WIOSENNA'))).json();
    expect(searched.data.map((row: { id: number }) => row.id)).toEqual([spring]);
    expect((await call(reports('/mailings?search=%25'))).json().pagination.total).toBe(0);
    const april15 = (await call(reports('/mailings?from=2025-04-15&to=2025-04-15'))).json();
    expect(april15.data.map((row: { id: number }) => row.id)).toEqual([april]);
    const second = (await call(reports('/mailings?from=2025-01-01&to=2025-12-31&per_page=1&page=2'))).json();
    expect(second).toMatchObject({ pagination: { total: 2 }, data: [{ id: spring }] });
  });
});

describe('totals per day and month (sumy)', () => {
  it('adds up each Polish day of the period, the empty ones too, unique recipients per day', async () => {
    const response = await call(reports('/mailings/totals?group=day&from=2025-03-29&to=2025-04-02'));
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ group: 'day', from: '2025-03-29', to: '2025-04-02' });
    expect(body.data).toEqual([
      { period: '2025-03-29', sent: 0, failed: 0, opened: 0, clicked: 0, unsubscribed: 0 },
      // zly-adres's message failed; anna opened twice (one recipient); piotr's open at 22:30 UTC and jan's message at 22:10 UTC are on the 31st in Warsaw.
      { period: '2025-03-30', sent: 3, failed: 1, opened: 1, clicked: 1, unsubscribed: 0 },
      { period: '2025-03-31', sent: 1, failed: 0, opened: 1, clicked: 1, unsubscribed: 0 },
      { period: '2025-04-01', sent: 0, failed: 0, opened: 0, clicked: 0, unsubscribed: 0 },
      { period: '2025-04-02', sent: 0, failed: 0, opened: 0, clicked: 0, unsubscribed: 1 },
    ]);
    expect(body.totals).toEqual({ sent: 4, failed: 1, opened: 2, clicked: 2, unsubscribed: 1 });
  });

  it('adds up months', async () => {
    const body = (await call(reports('/mailings/totals?group=month&from=2025-02&to=2025-04'))).json();
    expect(body).toMatchObject({ group: 'month', from: '2025-02', to: '2025-04' });
    expect(body.data).toEqual([
      { period: '2025-02', sent: 0, failed: 0, opened: 0, clicked: 0, unsubscribed: 0 },
      { period: '2025-03', sent: 4, failed: 1, opened: 2, clicked: 2, unsubscribed: 0 },
      { period: '2025-04', sent: 2, failed: 0, opened: 1, clicked: 0, unsubscribed: 1 },
    ]);
    // Unique per message: anna opened the March one and the April one.
    expect(body.totals).toEqual({ sent: 6, failed: 1, opened: 3, clicked: 2, unsubscribed: 1 });
  });
});

describe('delivery logs (raporty/logi)', () => {
  const ids = (body: { data: Array<{ email: string; kind: string }> }) => body.data.map((row) => `${row.kind}:${row.email}`);

  it('lists what each recipient did, newest first, with the mailing and the link', async () => {
    const body = (await call(reports('/logs?from=2025-01-01&to=2025-12-31'))).json();
    expect(body.pagination).toEqual({ total: 7 });
    expect(ids(body)).toEqual([
      'opened:anna@example.com',
      'unsubscribed:jan@example.com',
      'clicked:ewa_100%@example.com',
      'opened:piotr@example.com',
      'clicked:anna@example.com',
      'opened:anna@example.com',
      'opened:anna@example.com',
    ]);
    expect(body.data[4]).toMatchObject({ mailing_id: spring, subject: 'Raport: wiosenna promocja', url: 'https://example.com/promocja', occurred_at: '2025-03-30T12:01:00.000Z' });
  });

  it('filters by mailing, kind, e-mail and day, and pages', async () => {
    expect(ids((await call(reports(`/logs?mailing_id=${april}`))).json())).toEqual(['opened:anna@example.com']);
    expect(ids((await call(reports('/logs?kind=clicked&from=2025-01-01&to=2025-12-31'))).json())).toEqual(['clicked:ewa_100%@example.com', 'clicked:anna@example.com']);
    expect(ids((await call(reports('/logs?search=ANNA&kind=opened&to=2025-03-30'))).json())).toEqual(['opened:anna@example.com', 'opened:anna@example.com']);
    expect(ids((await call(reports(`/logs?search=${encodeURIComponent('_100%')}`))).json())).toEqual(['clicked:ewa_100%@example.com']);
    // Warsaw days: 22:30 UTC of the 30th is the 31st.
    expect(ids((await call(reports('/logs?from=2025-03-31&to=2025-03-31'))).json())).toEqual(['clicked:ewa_100%@example.com', 'opened:piotr@example.com']);
    const page = (await call(reports('/logs?from=2025-01-01&to=2025-12-31&per_page=2&page=2'))).json();
    expect(page.pagination).toEqual({ total: 7 });
    expect(ids(page)).toEqual(['clicked:ewa_100%@example.com', 'opened:piotr@example.com']);
    const searchedTotal = (await call(reports('/logs?search=anna@&from=2025-01-01&to=2025-12-31&per_page=1'))).json();
    expect(searchedTotal.pagination).toEqual({ total: 4 });
  });
});

describe('access and bad input', () => {
  it('refuses another client, a service without mailings and anonymous calls; another service’s records never show', async () => {
    for (const path of ['/mailings', '/mailings/totals', '/logs']) {
      const foreignCall = await call(reports(path), 'klient2');
      expect(foreignCall.statusCode).toBe(403);
      expect(foreignCall.json().detail).toBe('Brak dostępu.');
      expect((await call(reports(path, site))).statusCode).toBe(403);
      expect((await call(reports(path, foreign), 'klient2')).statusCode).toBe(403);
      expect((await test.call({ method: 'GET', url: reports(path) })).statusCode).toBe(401);
    }
    const logs = (await call(reports('/logs?per_page=100'))).json();
    expect(logs.data.some((row: { email: string }) => row.email === 'obcy@example.com')).toBe(false);
    const mailings = (await call(reports('/mailings?search=obcy'))).json();
    expect(mailings.pagination.total).toBe(0);
    // Root users see the client's reports.
    expect((await call(reports('/mailings?search=wiosenna'), 'admin')).json().pagination.total).toBe(1);
  });

  it('answers a bad parameter with 400 and a Polish detail', async () => {
    const cases: Array<[string, string]> = [
      ['/mailings?page=0', 'Nieprawidłowa wartość parametru page.'],
      ['/mailings?per_page=101', 'Nieprawidłowa wartość parametru per_page.'],
      ['/mailings?page=abc', 'Nieprawidłowa wartość parametru page.'],
      ['/mailings?from=2025-02-30', 'Nieprawidłowa wartość parametru from.'],
      ['/mailings?from=2025-05-01&to=2025-04-01', 'Data początkowa nie może być późniejsza niż data końcowa.'],
      ['/mailings/totals?group=week', 'Nieprawidłowa wartość parametru group.'],
      ['/mailings/totals?group=month&from=2025-03-01', 'Nieprawidłowa wartość parametru from.'],
      ['/mailings/totals?from=2024-01-01&to=2025-12-31', 'Wybierz okres nie dłuższy niż 366 dni.'],
      ['/mailings/totals?group=month&from=2010-01&to=2025-12', 'Wybierz okres nie dłuższy niż 120 miesięcy.'],
      ['/mailings/totals?from=2025-04-02&to=2025-04-01', 'Data początkowa nie może być późniejsza niż data końcowa.'],
      ['/logs?kind=bounced', 'Nieprawidłowa wartość parametru kind.'],
      ['/logs?kind=opened&kind=clicked', 'Nieprawidłowa wartość parametru kind.'],
      ['/logs?mailing_id=1.5', 'Nieprawidłowa wartość parametru mailing_id.'],
      ['/logs?mailing_id=99999999999', 'Nieprawidłowa wartość parametru mailing_id.'],
      [`/logs?search=${'a'.repeat(256)}`, 'Nieprawidłowa wartość parametru search.'],
      ['/logs?to=2025-13-01', 'Nieprawidłowa wartość parametru to.'],
    ];
    for (const [path, detail] of cases) {
      const response = await call(reports(path));
      expect(response.statusCode, path).toBe(400);
      expect(response.json().detail, path).toBe(detail);
    }
    // The longest period allowed is still answered.
    expect((await call(reports('/mailings/totals?from=2025-01-01&to=2026-01-01'))).json().data).toHaveLength(366);
  });
});
