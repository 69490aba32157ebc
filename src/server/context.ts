import { createPrivateKey } from 'node:crypto';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AppContext } from './app';
import { createTokenService, loadSecret } from './platform/auth/tokens';
import type { Config } from './config';
import { openDb } from './platform/db';
import type { Db } from './platform/db/types';
import { createMailer } from './platform/mail/nodemailer';
import { createSignedLinks } from './platform/files/signed-links';
import { fileStoreOf } from './platform/files/store';
import { createJobs } from './platform/jobs';
import { cleanupJob } from './platform/jobs/cleanup';

/** Opens the database (running migrations), unless given one already open, and builds everything routes share. */
export async function createContext(config: Config, options: { memory?: boolean; db?: Db } = {}): Promise<AppContext> {
  const db = options.db ?? (await openDb({ databaseUrl: config.databaseUrl, dataDir: options.memory ? 'memory' : config.dataDir }));
  const secret = await loadSecret(config);
  const tokens = createTokenService(secret, config.accessTokenTtl);
  const dkim = config.dkim && { domainName: config.dkim.domain, keySelector: config.dkim.selector, privateKey: createPrivateKey(config.dkim.privateKey) };
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox'), dkim });
  const jobs = createJobs(db, { pollingIntervalSeconds: config.jobsPollingInterval });
  const links = createSignedLinks(secret);
  const files = fileStoreOf(config, links);
  await jobs.define(cleanupJob(db, config, files));
  if (config.jobsEnabled) await jobs.start();
  return { config, db, tokens, mailer, jobs, files, links, pause: (milliseconds) => sleep(milliseconds) };
}

export async function closeContext(ctx: AppContext): Promise<void> {
  await ctx.jobs.stop();
  ctx.mailer.close();
  await ctx.db.close();
}
