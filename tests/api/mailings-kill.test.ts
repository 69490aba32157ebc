import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { seedDemoData } from '../../src/server/platform/db/seed';
import { waitUntilListening } from '../bench/server';
import { DEMO_PASSWORD } from './support/app';
import { freePort } from './support/free-port';
import { type KillTarget, onKillTarget } from './support/kill-target';
import { type MailSink, startMailSink } from './support/mail-sink';
import { until } from './support/until';

const SERVER = fileURLToPath(new URL('../../src/server/start.ts', import.meta.url));
const RECIPIENTS = 2000;
const TAG = 'test-awarii';

/** The demo data, 2,000 tagged recipients, the provider's relay as sender method, a template and a draft mailing. */
async function prepare(target: KillTarget): Promise<{ serviceId: number; mailingId: number }> {
  const db = await target.open();
  try {
    await seedDemoData(db, { password: DEMO_PASSWORD });
    const { rows } = await db.query<{ id: number }>(
      `SELECT cs.id FROM client_services cs JOIN client_service_users csu ON csu.client_service_id = cs.id
         JOIN users u ON u.id = csu.user_id WHERE u.username = 'klient' AND cs.type_id = 9 ORDER BY cs.id LIMIT 1`,
    );
    const service = rows[0].id;
    const emails = Array.from({ length: RECIPIENTS }, (_, index) => `awaria-${index}@example.com`);
    await db.query(
      `INSERT INTO module_records (resource, client_service_id, data)
       SELECT 'recipients', $1, jsonb_build_object('name', 'Odbiorca ' || e, 'email', e, 'tags', jsonb_build_array($2::text)) FROM unnest($3::text[]) AS e`,
      [service, TAG, emails],
    );
    await db.query(`INSERT INTO module_records (resource, client_service_id, data) VALUES ('tags', $1, $2)`, [service, { name: TAG }]);
    await db.query(`INSERT INTO module_records (resource, client_service_id, data) VALUES ('senders_config', $1, $2)`, [
      service,
      { config_type_id: 1, from: 'biuro', from_name: 'Biuro' },
    ]);
    const template = await db.query<{ id: number }>(`INSERT INTO module_records (resource, client_service_id, data) VALUES ('templates', $1, $2) RETURNING id`, [
      service,
      { name: 'Awaria', html: '<p>Witaj {{name}} <a href="https://example.org/">link</a></p>' },
    ]);
    const mailing = await db.query<{ id: number }>(
      `INSERT INTO newsletter_mailings (client_service_id, subject, template_id, audience, tags_included) VALUES ($1, 'Awaria', $2, 'tags', $3) RETURNING id`,
      [service, template.rows[0].id, [TAG]],
    );
    return { serviceId: service, mailingId: mailing.rows[0].id };
  } finally {
    await db.close();
  }
}

/** The real server (src/server/start.ts), API only, sending through the sink. */
async function startServer(target: KillTarget, sink: MailSink, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: {
      ...process.env,
      ...target.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SERVE_CLIENT: 'false',
      SMTP_URL: sink.url,
      JWT_SECRET: 'mailings-kill-test-secret-0123456789abcdef',
      JOBS_POLLING_INTERVAL: '0.5',
      MAILING_LEASE_SECONDS: '3',
      MAILING_PUMP_SECONDS: '0.5',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    await waitUntilListening(child, `http://127.0.0.1:${port}/api/xsrf`, 60_000);
  } catch (error) {
    throw new Error(`server did not start (${(error as Error).message}): ${stderr}`, { cause: error });
  }
  return child;
}

async function stopped(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  await exited;
}

/** klient's session against the server (the XSRF pair set). */
async function session(port: number) {
  const xsrf = randomBytes(16).toString('hex');
  const base = `http://127.0.0.1:${port}/api`;
  const headers = { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf, 'content-type': 'application/json' };
  const login = await fetch(`${base}/authentication`, { method: 'POST', headers, body: JSON.stringify({ username: 'klient', password: DEMO_PASSWORD }) });
  const { access_token: token } = (await login.json()) as { access_token: string };
  return (method: 'GET' | 'PUT', url: string) =>
    fetch(`${base}${url}`, { method, headers: { ...headers, authorization: `JWT ${token}` }, body: method === 'GET' ? undefined : '{}' });
}

/** The service's sending usage per limit prefix, as the limits count it. */
async function usageOf(target: KillTarget, serviceId: number): Promise<Record<string, number>> {
  const db = await target.open();
  try {
    const { rows } = await db.query<{ prefix: string; usage: number }>('SELECT prefix, usage FROM service_limit_usage WHERE client_service_id = $1 ORDER BY prefix', [serviceId]);
    return Object.fromEntries(rows.map((row) => [row.prefix, Number(row.usage)]));
  } finally {
    await db.close();
  }
}

/** A message's Message-ID header. */
const messageIdOf = (raw: string) => /^Message-ID:[ \t]*(\S+)/im.exec(raw.slice(0, raw.indexOf('\r\n\r\n')))?.[1];

/**
 * The crash test: a mailing of 2,000 through the provider's relay to an smtp-server sink,
 * the server killed with SIGKILL at a random moment, then started again: every recipient gets the
 * mailing, the only duplicates are messages that were in flight (claimed, not marked) at the kill,
 * each copy of a message has its first one's Message-ID, and the limits count every recipient once.
 */
async function killMidMailing(target: KillTarget) {
  const sink = await startMailSink();
  try {
    const { serviceId, mailingId } = await prepare(target);
    const usageBefore = await usageOf(target, serviceId);
    const mailing = `/client_service/${serviceId}/module/mailings/${mailingId}`;
    const port = await freePort();
    const first = await startServer(target, sink, port);
    const started = await (await session(port))('PUT', `${mailing}/start`);
    expect(started.status).toBe(200);
    const killAt = 200 + Math.floor(Math.random() * (RECIPIENTS - 600));
    const sent = () => sink.received();
    await until(async () => sent() >= killAt || undefined, 120_000, 5);
    await stopped(first, 'SIGKILL');
    const atKill = sent();

    const db = await target.open();
    let inFlight: number;
    try {
      const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM newsletter_deliveries WHERE mailing_id = $1 AND state = 'sending'", [mailingId]);
      inFlight = rows[0].n;
    } finally {
      await db.close();
    }
    expect(atKill).toBeLessThan(RECIPIENTS);

    const second = await startServer(target, sink, port);
    try {
      const again = await session(port);
      let progress: { status: string; counts: { sent: number; total: number } } | undefined;
      await until(async () => {
        progress = (await (await again('GET', `${mailing}/progress`)).json()) as typeof progress;
        return progress!.status === 'sent' || undefined;
      }, 120_000, 250).catch((error: unknown) => {
        throw new Error(`not finished: ${JSON.stringify(progress)}`, { cause: error });
      });
      expect(progress!.counts).toMatchObject({ sent: RECIPIENTS, total: RECIPIENTS });
    } finally {
      await stopped(second, 'SIGTERM');
    }
    const counts = sink.countsByRecipient();
    const missing = Array.from({ length: RECIPIENTS }, (_, index) => `awaria-${index}@example.com`).filter((email) => !counts.has(email));
    expect(missing).toEqual([]);
    const duplicates = [...counts.values()].reduce((sum, count) => sum + count - 1, 0);
    expect(duplicates).toBeLessThanOrEqual(inFlight);

    // Receivers can drop the copies: one Message-ID per recipient, whatever the number of copies.
    const messageIds = new Map<string, Set<string | undefined>>();
    for (const message of sink.messages) messageIds.set(message.to, (messageIds.get(message.to) ?? new Set()).add(messageIdOf(message.raw)));
    expect([...messageIds.entries()].filter(([, ids]) => ids.size !== 1 || ids.has(undefined))).toEqual([]);
    expect(new Set(sink.messages.map((message) => messageIdOf(message.raw))).size).toBe(RECIPIENTS);
    // The limits count each recipient's message once, copies sent again after the kill included.
    const usage = await usageOf(target, serviceId);
    expect(Object.keys(usage)).toHaveLength(2);
    for (const prefix of Object.keys(usage)) expect(usage[prefix] - (usageBefore[prefix] ?? 0), prefix).toBe(RECIPIENTS);
    expect(RECIPIENTS).toBeLessThanOrEqual(sink.received());
  } finally {
    await sink.close();
  }
}

describe('a mailing survives kill -9 of the server', () => {
  it('on PGlite (a data dir)', { timeout: 240_000 }, () => onKillTarget('pglite', 'panel-mailings-kill-', killMidMailing));

  it.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL', { timeout: 240_000 }, () => onKillTarget('postgres', 'panel-mailings-kill-', killMidMailing));
});
