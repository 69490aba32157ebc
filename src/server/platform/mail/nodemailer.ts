import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { type DkimKey, dkimOptions, signMime } from './dkim';
import type { Mailer, MailMessage } from './mailer';

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
    const url = new URL(options.smtpUrl);
    url.searchParams.set('pool', 'true');
    const transport = nodemailer.createTransport(url.toString());
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
