/**
 * Mailing throughput (issues 8 and 18): BENCH_MAILING_MESSAGES (20,000) recipients mailed by an
 * API-only server through each sender method, the provider's relay (SMTP_URL) and a tenant's SMTP
 * sender config, on the embedded database and, with BENCH_DATABASE_URL, on PostgreSQL, to an
 * smtp-server sink on loopback. Each is compared with raw nodemailer sending the same messages
 * (rendered as the server renders them: tracking links, pixel, footer, List-Id, RFC 8058 headers,
 * one DKIM signature with an RSA 2048 key, as the server signs them) to the same sink, at its best:
 * pooled, its connections, messages per connection and messages in flight chosen by trial runs,
 * warmed up, and measured right before the server, so that the ratio (goal ≥ 0.9) is the server's
 * own cost under the same load. Each sender runs in its own process (the sink in the benchmark's);
 * the server's peak resident memory (VmHWM: the process's, not PostgreSQL's) is reported (goal
 * < 300 MB), and the load average beside each figure. Run by `npm run bench` (run.ts);
 * `node --import tsx tests/bench/mailings.ts raw <port> <count> <setting JSON>` and
 * `… tune <port>` are the raw sender's process.
 */
import { spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import nodemailer from 'nodemailer';
import { loadConfig } from '../../src/server/config';
import { closeContext, createContext } from '../../src/server/context';
import { seedDemoData } from '../../src/server/platform/db/seed';
import { dkimOptions } from '../../src/server/platform/mail/dkim';
import { DeliveryTokens, listIdOf, prepareMailing, renderMessage } from '../../src/modules/newsletter/server/mailings/render';
import { startMailSink } from '../api/support/mail-sink';
import { E2E_PASSWORD } from '../e2e/support/credentials';
import { startApiServer, xsrfHeaders } from './recipients';
import { signInThroughApi } from './server';
import { withPostgresDatabase } from './server';

export const MAILING_MESSAGES = Number(process.env.BENCH_MAILING_MESSAGES ?? 20_000);
const TAG = 'bench';
const HTML = `<html><body><h1>Dzień dobry, {{name}}!</h1>${'<p>Nowości i promocje tego miesiąca w naszym sklepie internetowym. </p>'.repeat(20)}
<p><a href="https://sklep.example.pl/nowosci">Nowości</a> <a href="https://sklep.example.pl/promocje">Promocje</a></p></body></html>`;
const root = fileURLToPath(new URL('../../', import.meta.url));

/** How raw nodemailer sends: its pool's connections and messages per connection, and the messages it keeps in flight. */
export interface RawSetting {
  maxConnections: number;
  maxMessages: number;
  inFlight: number;
}

/** The settings tried (TRIAL messages each, after a warm-up); the fastest sends the measured runs. */
const RAW_SETTINGS: RawSetting[] = [5, 10, 20].flatMap((maxConnections) =>
  [50, 100, 200].map((inFlight) => ({ maxConnections, maxMessages: Number.POSITIVE_INFINITY, inFlight })),
);
const WARM_UP = 1_000;
const TRIAL = 2_000;

/** What the trial runs found: each setting's messages per second, the fastest setting, and its rate without the DKIM signature (how much of raw's time signing takes). */
interface RawTuning {
  trials: { setting: RawSetting; perSecond: number }[];
  best: RawSetting;
  unsignedPerSecond: number;
}

export type SenderMethod = 'relay' | 'smtp';

export interface MailingRun {
  database: 'embedded' | 'PostgreSQL';
  sender: SenderMethod;
  serverPerSecond: number;
  rawPerSecond: number;
  serverPeakRssBytes: number;
  /** The one-minute load average when the server's run ended (the machine is shared). */
  load: number;
}

export interface MailingResult {
  messages: number;
  raw: RawSetting & Omit<RawTuning, 'best'>;
  runs: MailingRun[];
}

/** The messages raw nodemailer sends: the server's rendering, DKIM-signed as the server signs (one RSA 2048 key) unless `signed` is false. */
function rawMessages(signed: boolean) {
  const prepared = prepareMailing('Benchmark', HTML, true, listIdOf(1, 'Benchmark', 'http://localhost:3000'));
  const tokens = new DeliveryTokens(randomBytes(32));
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const dkim = signed ? dkimOptions([{ domainName: 'example.com', keySelector: 'bench', privateKey }]) : undefined;
  return (index: number) => {
    const recipient = { deliveryId: index + 1, email: `odbiorca${index}@example.com`, name: `Odbiorca ${index}`, messageId: tokens.messageId(index + 1, 1, 'example.com') };
    return { from: { name: 'Biuro', address: 'biuro@example.com' }, dkim, ...renderMessage(prepared, recipient, tokens, 'http://localhost:3000') };
  };
}

/** Sends `count` messages with a setting (after WARM_UP on the same pool); messages per second. */
async function sendRaw(port: number, count: number, setting: RawSetting, signed = true): Promise<number> {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, pool: true, maxConnections: setting.maxConnections, maxMessages: setting.maxMessages });
  const message = rawMessages(signed);
  const send = async (total: number) => {
    let next = 0;
    const worker = async () => {
      while (next < total) await transport.sendMail(message(next++));
    };
    await Promise.all(Array.from({ length: setting.inFlight }, worker));
  };
  try {
    await send(WARM_UP);
    const started = performance.now();
    await send(count);
    return count / ((performance.now() - started) / 1000);
  } finally {
    transport.close();
  }
}

/** The raw sender's process: `raw` prints the messages per second of one setting; `tune` every setting's, the fastest, and its rate unsigned. */
async function rawProcess([mode, port, count, setting]: string[]): Promise<void> {
  if (mode === 'raw') {
    console.log(JSON.stringify(await sendRaw(Number(port), Number(count), JSON.parse(setting) as RawSetting)));
    return;
  }
  const trials = [];
  for (const setting of RAW_SETTINGS) trials.push({ setting, perSecond: await sendRaw(Number(port), TRIAL, setting) });
  const best = trials.reduce((fastest, trial) => (trial.perSecond > fastest.perSecond ? trial : fastest)).setting;
  console.log(JSON.stringify({ trials, best, unsignedPerSecond: await sendRaw(Number(port), TRIAL, best, false) }));
}

async function rawChild<T>(args: string[]): Promise<T> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/mailings.ts', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`raw sender failed (${code})`);
  return JSON.parse(output.trim().split('\n').pop()!) as T;
}

/** A fresh database (embedded in dataDir, or databaseUrl): demo data, the recipients (tagged), the sender method, a template and a draft mailing. */
async function seed(dataDir: string, databaseUrl: string | undefined, count: number, sender: Record<string, unknown>): Promise<{ serviceId: number; mailingId: number }> {
  const ctx = await createContext(loadConfig({}, { dataDir, databaseUrl, serveClient: false, jobsEnabled: false }));
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
    await ctx.db.query("INSERT INTO module_records (resource, client_service_id, data) VALUES ('senders_config', $1, $2)", [serviceId, sender]);
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

/** The sender config of a method, aimed at the sink (a tenant's SMTP server on loopback: OUTBOUND_ALLOW_LOOPBACK). */
const senderConfigOf = (sender: SenderMethod, sinkPort: number) =>
  sender === 'relay'
    ? { config_type_id: 1, from: 'biuro', from_name: 'Biuro' }
    : { config_type_id: 2, smtp_host: '127.0.0.1', smtp_port: sinkPort, smtp_user: 'biuro@example.com', smtp_password: 'bench', from: 'biuro@example.com', from_name: 'Biuro' };

type Sink = Awaited<ReturnType<typeof startMailSink>>;

/** The server's messages per second and peak memory for one mailing of `count` through a sender method, on a fresh database. */
async function measureServer(
  sink: Sink,
  database: MailingRun['database'],
  databaseUrl: string | undefined,
  sender: SenderMethod,
  options: { port: number; log(line: string): void },
): Promise<Omit<MailingRun, 'rawPerSecond'>> {
  const count = MAILING_MESSAGES;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'panel-bench-mailings-'));
  try {
    options.log(`Seeding ${count.toLocaleString('pl-PL')} recipients and a mailing (${sender}) into a fresh ${database} database…`);
    const { serviceId, mailingId } = await seed(dataDir, databaseUrl, count, senderConfigOf(sender, sink.port));
    const server = await startApiServer(dataDir, options.port, true, {
      SMTP_URL: sink.url,
      OUTBOUND_ALLOW_LOOPBACK: 'true',
      JOBS_POLLING_INTERVAL: '0.5',
      MAILING_PUMP_SECONDS: '1',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    try {
      const token = await signInThroughApi(server.baseUrl, 'klient');
      const headers = { authorization: `JWT ${token}`, 'content-type': 'application/json', ...(await xsrfHeaders(server.baseUrl)) };
      options.log(`The server mails them (${sender}, ${database})…`);
      // The sink's running count: summing its per-recipient map each poll would slow the sink it measures.
      const before = sink.received();
      const started = performance.now();
      const answer = await fetch(`${server.baseUrl}/api/client_service/${serviceId}/module/mailings/${mailingId}/start`, { method: 'PUT', headers, body: '{}' });
      if (answer.status !== 200) throw new Error(`start: ${answer.status} ${await answer.text()}`);
      const deadline = Date.now() + 30 * 60 * 1000;
      while (sink.received() - before < count) {
        if (Date.now() > deadline) throw new Error(`the mailing stalled at ${sink.received() - before} of ${count}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const serverPerSecond = count / ((performance.now() - started) / 1000);
      return { database, sender, serverPerSecond, serverPeakRssBytes: await peakRss(server.pid), load: loadavg()[0] };
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function measureMailings(options: { port: number; log(line: string): void }): Promise<MailingResult> {
  const sink = await startMailSink({ keep: false });
  try {
    options.log(`Raw nodemailer: trying ${RAW_SETTINGS.length} settings (${TRIAL.toLocaleString('pl-PL')} messages each, after ${WARM_UP.toLocaleString('pl-PL')} to warm up)…`);
    const { trials, best, unsignedPerSecond } = await rawChild<RawTuning>(['tune', String(sink.port)]);
    const runs: MailingRun[] = [];
    const serverUrl = process.env.BENCH_DATABASE_URL;
    if (!serverUrl) options.log('BENCH_DATABASE_URL is not set: the mailings are measured on the embedded database only.');
    for (const database of serverUrl ? (['embedded', 'PostgreSQL'] as const) : (['embedded'] as const)) {
      for (const sender of ['relay', 'smtp'] as const) {
        options.log(`Raw nodemailer: ${MAILING_MESSAGES.toLocaleString('pl-PL')} messages (${best.maxConnections} connections, ${best.inFlight} in flight)…`);
        const rawPerSecond = await rawChild<number>(['raw', String(sink.port), String(MAILING_MESSAGES), JSON.stringify(best)]);
        const server = (databaseUrl: string | undefined) => measureServer(sink, database, databaseUrl, sender, options);
        const run = database === 'PostgreSQL' && serverUrl ? await withPostgresDatabase(serverUrl, server) : await server(undefined);
        runs.push({ ...run, rawPerSecond });
      }
    }
    return { messages: MAILING_MESSAGES, raw: { ...best, trials, unsignedPerSecond }, runs };
  } finally {
    await sink.close();
  }
}

if (process.argv[2] === 'raw' || process.argv[2] === 'tune') await rawProcess(process.argv.slice(2));
