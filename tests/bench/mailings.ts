/**
 * Mailing throughput (issue 8): 100,000 recipients mailed by the server (a mailing through the
 * provider's relay, SMTP_URL) to an smtp-server sink on loopback, against raw pooled nodemailer
 * sending the same messages (rendered as the server renders them: tracking links, pixel, footer,
 * RFC 8058 headers) to the same sink, so the ratio is the server's own cost. Each sender runs in its
 * own process (the sink in the benchmark's); the ratio is the server's messages per second over
 * raw nodemailer's (goal ≥ 0.8), and the server's peak resident memory (VmHWM) is reported.
 * Run by `npm run bench` (run.ts); `node --import tsx tests/bench/mailings.ts raw <port> <count>`
 * is the raw sender's process.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import nodemailer from 'nodemailer';
import { loadConfig } from '../../src/server/config';
import { closeContext, createContext } from '../../src/server/context';
import { seedDemoData } from '../../src/server/platform/db/seed';
import { DeliveryTokens, listIdOf, prepareMailing, renderMessage } from '../../src/modules/newsletter/server/mailings/render';
import { startMailSink } from '../api/support/mail-sink';
import { E2E_PASSWORD } from '../e2e/support/credentials';
import { startApiServer, xsrfHeaders } from './recipients';
import { signInThroughApi } from './server';

export const MAILING_RECIPIENTS = Number(process.env.BENCH_MAILING_RECIPIENTS ?? 100_000);
const TAG = 'bench';
const HTML = `<html><body><h1>Dzień dobry, {{name}}!</h1>${'<p>Nowości i promocje tego miesiąca w naszym sklepie internetowym. </p>'.repeat(20)}
<p><a href="https://sklep.example.pl/nowosci">Nowości</a> <a href="https://sklep.example.pl/promocje">Promocje</a></p></body></html>`;
/** Messages the raw sender keeps in flight: as many as a server worker's batch. */
const IN_FLIGHT = 100;
const root = fileURLToPath(new URL('../../', import.meta.url));

export interface MailingResult {
  recipients: number;
  serverPerSecond: number;
  rawPerSecond: number;
  serverPeakRssBytes: number;
}

/** The raw sender: pooled nodemailer (5 connections, as the relay's pool), IN_FLIGHT messages at a time; prints messages/s. */
async function rawSender(port: number, count: number): Promise<void> {
  const transport = nodemailer.createTransport(`smtp://127.0.0.1:${port}?pool=true`);
  const prepared = prepareMailing('Benchmark', HTML, true, listIdOf(1, 'Benchmark', 'http://localhost:3000'));
  const tokens = new DeliveryTokens(randomBytes(32));
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      const recipient = { deliveryId: index + 1, email: `odbiorca${index}@example.com`, name: `Odbiorca ${index}`, messageId: tokens.messageId(index + 1, 1, 'example.com') };
      await transport.sendMail({ from: '"Biuro" <biuro@example.com>', ...renderMessage(prepared, recipient, tokens, 'http://localhost:3000') });
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  transport.close();
  console.log(JSON.stringify({ perSecond: count / ((performance.now() - started) / 1000) }));
}

async function measureRaw(port: number, count: number): Promise<number> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/mailings.ts', 'raw', String(port), String(count)], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`raw sender failed (${code})`);
  return (JSON.parse(output.trim().split('\n').pop()!) as { perSecond: number }).perSecond;
}

/** A fresh embedded database: demo data, the recipients (tagged), the relay as sender method, a template and a draft mailing. */
async function seed(dataDir: string, count: number): Promise<{ serviceId: number; mailingId: number }> {
  const ctx = await createContext(loadConfig({}, { dataDir, serveClient: false, jobsEnabled: false }));
  try {
    await seedDemoData(ctx.db, { password: E2E_PASSWORD });
    const { rows } = await ctx.db.query<{ id: number }>(
      `SELECT cs.id FROM client_services cs JOIN client_service_modules m ON m.client_service_id = cs.id AND m.module = 'mailings'
        JOIN client_service_users u ON u.client_service_id = cs.id JOIN users ON users.id = u.user_id AND users.username = 'klient' LIMIT 1`,
    );
    const serviceId = rows[0].id;
    await ctx.db.query(
      `INSERT INTO module_records (resource, client_service_id, data)
       SELECT 'recipients', $1, jsonb_build_object('name', 'Odbiorca ' || g, 'email', 'odbiorca' || g || '@example.com', 'tags', jsonb_build_array($2::text))
         FROM generate_series(1, ${count}) g`,
      [serviceId, TAG],
    );
    await ctx.db.query("INSERT INTO module_records (resource, client_service_id, data) VALUES ('senders_config', $1, $2)", [
      serviceId,
      { config_type_id: 1, from: 'biuro', from_name: 'Biuro' },
    ]);
    const template = await ctx.db.query<{ id: number }>("INSERT INTO module_records (resource, client_service_id, data) VALUES ('templates', $1, $2) RETURNING id", [
      serviceId,
      { name: 'Benchmark', html: HTML },
    ]);
    const mailing = await ctx.db.query<{ id: number }>(
      "INSERT INTO newsletter_mailings (client_service_id, subject, template_id, audience, tags_included) VALUES ($1, 'Benchmark', $2, 'tags', $3) RETURNING id",
      [serviceId, template.rows[0].id, [TAG]],
    );
    await ctx.db.query('ANALYZE module_records');
    return { serviceId, mailingId: mailing.rows[0].id };
  } finally {
    await closeContext(ctx);
  }
}

/** The peak resident set of a process (Linux: VmHWM), in bytes; 0 where /proc is not there. */
async function peakRss(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const match = /^VmHWM:\s+(\d+) kB/m.exec(status);
  return match ? Number(match[1]) * 1024 : 0;
}

export async function measureMailings(options: { port: number; log(line: string): void }): Promise<MailingResult> {
  const count = MAILING_RECIPIENTS;
  const sink = await startMailSink({ keep: false });
  // The sink's running count: summing its per-recipient map each poll would slow the sink it measures.
  let before = 0;
  const sent = () => sink.received() - before;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'panel-bench-mailings-'));
  try {
    options.log(`Raw pooled nodemailer: ${count.toLocaleString('pl-PL')} messages to the sink…`);
    const rawPerSecond = await measureRaw(sink.port, count);
    before = sink.received();

    options.log(`Seeding ${count.toLocaleString('pl-PL')} recipients and a mailing into a fresh embedded database…`);
    const { serviceId, mailingId } = await seed(dataDir, count);
    const server = await startApiServer(dataDir, options.port, true, { SMTP_URL: sink.url, JOBS_POLLING_INTERVAL: '0.5', MAILING_PUMP_SECONDS: '1' });
    try {
      const token = await signInThroughApi(server.baseUrl, 'klient');
      const headers = { authorization: `JWT ${token}`, 'content-type': 'application/json', ...(await xsrfHeaders(server.baseUrl)) };
      options.log('The server mails them through the relay…');
      const started = performance.now();
      const answer = await fetch(`${server.baseUrl}/api/client_service/${serviceId}/module/mailings/${mailingId}/start`, { method: 'PUT', headers, body: '{}' });
      if (answer.status !== 200) throw new Error(`start: ${answer.status} ${await answer.text()}`);
      const deadline = Date.now() + 30 * 60 * 1000;
      while (sent() < count) {
        if (Date.now() > deadline) throw new Error(`the mailing stalled at ${sent()} of ${count}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const serverPerSecond = count / ((performance.now() - started) / 1000);
      return { recipients: count, serverPerSecond, rawPerSecond, serverPeakRssBytes: await peakRss(server.pid) };
    } finally {
      await server.stop();
    }
  } finally {
    await sink.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'raw') await rawSender(Number(process.argv[3]), Number(process.argv[4]));
