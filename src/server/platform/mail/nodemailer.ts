import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { type DkimKey, dkimOptions, signMime } from './dkim';
import type { Mailer, MailMessage } from './mailer';

/**
 * A pool's size for a mailing's steady stream: SMTP sends one message at a time per connection, so
 * a few more connections than nodemailer's 5 keep the stream going while some wait for answers, and
 * a connection serves many messages before it is renewed (nodemailer's 100 reconnects often).
 */
export const SMTP_POOL = { maxConnections: 10, maxMessages: 1000 } as const;

/**
 * SMTP through a pooled nodemailer transport when SMTP_URL is set; otherwise each message is
 * written as an .eml file under DATA_DIR/outbox, so a fresh install can still follow e-mail links.
 * With a DKIM key (the provider's, from the environment) every message is signed with it too.
 */
export function createMailer(options: { smtpUrl?: string; from: string; outboxDir: string; dkim?: DkimKey }): Mailer {
  const keysOf = (dkim: DkimKey[] = []) => (options.dkim ? [...dkim, options.dkim] : dkim);
  const composed = ({ dkim, ...message }: MailMessage) => ({ from: options.from, ...message, dkim: dkimOptions(keysOf(dkim)) });
  const rawMessage = async (envelope: { from: string; to: string }, raw: string, dkim?: DkimKey[]) => ({ envelope: { from: envelope.from, to: [envelope.to] }, raw: await signMime(raw, keysOf(dkim)) });
  if (options.smtpUrl) {
    // The URL's own pool options (e.g. ?maxConnections=20) win over SMTP_POOL.
    const transport = nodemailer.createTransport({ url: options.smtpUrl, pool: true, ...SMTP_POOL });
    return {
      async send(message) {
        await transport.sendMail(composed(message));
      },
      async sendRaw(envelope, raw, dkim) {
        await transport.sendMail(await rawMessage(envelope, raw, dkim));
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const keep = async (message: Buffer) => {
    await mkdir(options.outboxDir, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`;
    const temporary = path.join(options.outboxDir, `.${name}.tmp`);
    await writeFile(temporary, message);
    await rename(temporary, path.join(options.outboxDir, name));
  };
  return {
    async send(message) {
      const info = await transport.sendMail(composed(message));
      await keep(info.message as Buffer);
    },
    async sendRaw(envelope, raw, dkim) {
      const info = await transport.sendMail(await rawMessage(envelope, raw, dkim));
      await keep(info.message as Buffer);
    },
    close: () => transport.close(),
  };
}
