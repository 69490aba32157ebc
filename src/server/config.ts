import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_PRODUCT } from '../common/schema/registry';
import type { S3Settings } from './platform/files/s3';

const projectSchemas = fileURLToPath(new URL('../../schemas/', import.meta.url));

/** Everything the server reads from its environment, in one place (see README, "Environment"). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** Access token lifetime in seconds. */
  accessTokenTtl: number;
  /** Refresh token lifetime in seconds. */
  refreshTokenTtl: number;
  jwtSecret?: string;
  demoPassword?: string;
  smtpUrl?: string;
  mailFrom: string;
  /** Public address of the panel, for links in e-mails. */
  publicUrl: string;
  avatarMaxBytes: number;
  /** Serve the built SPA from dist/client (false for API-only test servers). */
  serveClient: boolean;
  trustProxy: boolean;
  /** Folder of *.schema.json module files. */
  schemasDir: string;
  /** Product name in {product} placeholders (limit field names, sender type). */
  product: string;
  /**
   * Lets tenant-aimed outbound calls (sender test sends…) reach loopback addresses. A testing and
   * development aid only; private and other non-public ranges stay refused.
   */
  outboundAllowLoopback: boolean;
  /** Run job workers and cron schedules in this process (off for API tests that need none). */
  jobsEnabled: boolean;
  /** How often an idle job worker looks for work, in seconds. */
  jobsPollingInterval: number;
  /**
   * Newsletter sending: how long a worker's claim on a batch of messages lasts without renewal (after
   * a crash its unsent messages are sent again once it ends), and how often each process looks for
   * mailings to start, resume or take over, in seconds.
   */
  mailingLeaseSeconds: number;
  mailingPumpSeconds: number;
  /** Schema lists keep their pages and ids in memory (LIST_CACHE=off: every list asks the database). */
  listCache: boolean;
  /** Map widget tiles: a URL template with {z}/{x}/{y} (and optionally {s}), and the attribution shown on the map. */
  mapTileUrl: string;
  mapTileAttribution: string;
  /** Uploads go to this S3-compatible bucket (FILES_S3_*); without it, to DATA_DIR. */
  filesS3?: S3Settings;
  /** The provider's relay signs every message it sends with this key (DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY). */
  dkim?: { domain: string; selector: string; privateKey: string };
  /** The lowest level the server logs (LOG_LEVEL); one line per request appears from `debug` on. */
  logLevel: LogLevel;
  /** Visit statistics: days raw page views are kept once rolled up (STATS_RAW_RETENTION_DAYS), page views one address may send a minute (STATS_HITS_PER_MINUTE). */
  statsRawRetentionDays: number;
  statsHitsPerMinute: number;
  /** Days the runs of root's scheduled jobs are kept in their log (CRON_RUNS_RETENTION_DAYS). */
  cronRunsRetentionDays: number;
  /** The Chromium the WCAG assistant drives (CHROMIUM_PATH; Debian's by default). */
  chromiumPath: string;
  /** How long the WCAG assistant waits for one page to load and be checked, in seconds (WCAG_PAGE_TIMEOUT). */
  wcagPageTimeout: number;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

function logLevel(value: string | undefined): LogLevel {
  if (!value) return 'info';
  if ((LOG_LEVELS as readonly string[]).includes(value)) return value as LogLevel;
  throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${value}")`);
}

function s3Settings(env: NodeJS.ProcessEnv): S3Settings | undefined {
  if (!env.FILES_S3_BUCKET) return undefined;
  return {
    bucket: env.FILES_S3_BUCKET,
    endpoint: env.FILES_S3_ENDPOINT || undefined,
    region: env.FILES_S3_REGION || 'us-east-1',
    accessKeyId: env.FILES_S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.FILES_S3_SECRET_ACCESS_KEY || undefined,
    forcePathStyle: env.FILES_S3_FORCE_PATH_STYLE === 'true',
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const port = Number(env.PORT ?? 3000);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    accessTokenTtl: Number(env.ACCESS_TOKEN_TTL ?? 1800),
    refreshTokenTtl: Number(env.REFRESH_TOKEN_TTL ?? 14 * 24 * 3600),
    jwtSecret: env.JWT_SECRET || undefined,
    demoPassword: env.PANEL_DEMO_PASSWORD || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'panel@localhost',
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    avatarMaxBytes: Number(env.AVATAR_MAX_BYTES ?? 2 * 1024 * 1024),
    serveClient: env.SERVE_CLIENT !== 'false',
    trustProxy: env.TRUST_PROXY === 'true',
    schemasDir: path.resolve(env.SCHEMAS_DIR ?? projectSchemas),
    product: env.PANEL_PRODUCT || DEFAULT_PRODUCT,
    outboundAllowLoopback: env.OUTBOUND_ALLOW_LOOPBACK === 'true',
    jobsEnabled: env.JOBS_ENABLED !== 'false',
    jobsPollingInterval: Number(env.JOBS_POLLING_INTERVAL ?? 2),
    mailingLeaseSeconds: Number(env.MAILING_LEASE_SECONDS ?? 60),
    mailingPumpSeconds: Number(env.MAILING_PUMP_SECONDS ?? 5),
    listCache: env.LIST_CACHE !== 'off',
    mapTileUrl: env.MAP_TILE_URL || 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    mapTileAttribution: env.MAP_TILE_ATTRIBUTION || '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>',
    filesS3: s3Settings(env),
    logLevel: logLevel(env.LOG_LEVEL),
    statsRawRetentionDays: Math.max(2, Number(env.STATS_RAW_RETENTION_DAYS ?? 30)),
    statsHitsPerMinute: Number(env.STATS_HITS_PER_MINUTE ?? 60),
    cronRunsRetentionDays: Math.max(1, Number(env.CRON_RUNS_RETENTION_DAYS ?? 30)),
    chromiumPath: env.CHROMIUM_PATH || '/usr/bin/chromium',
    wcagPageTimeout: Number(env.WCAG_PAGE_TIMEOUT ?? 20),
    dkim:
      env.DKIM_DOMAIN && env.DKIM_SELECTOR && env.DKIM_PRIVATE_KEY
        ? // A PEM key in one line of the environment keeps its line breaks as \n.
          { domain: env.DKIM_DOMAIN, selector: env.DKIM_SELECTOR, privateKey: env.DKIM_PRIVATE_KEY.replace(/\\n/g, '\n') }
        : undefined,
    ...overrides,
  };
}

/**
 * Why PUBLIC_URL will not do for newsletters, or null: one-click unsubscribe (RFC 8058) needs an
 * https address, which only a local panel (localhost, loopback) may go without.
 */
export function publicUrlProblem(publicUrl: string): string | null {
  if (!URL.canParse(publicUrl)) return `PUBLIC_URL ${publicUrl} is not an address`;
  const { protocol, hostname } = new URL(publicUrl);
  const local = hostname === 'localhost' || hostname.endsWith('.localhost') || /^127\.|^\[::1\]$/.test(hostname);
  return protocol === 'https:' || local ? null : `PUBLIC_URL ${publicUrl} is not https: mail clients refuse one-click unsubscribe links (RFC 8058) that are not`;
}
