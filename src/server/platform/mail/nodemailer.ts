import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Mailer } from './mailer';

/**
 * SMTP through a pooled nodemailer transport when SMTP_URL is set; otherwise each message is
 * written as an .eml file under DATA_DIR/outbox, so a fresh install can still follow e-mail links.
 */
export function createMailer(options: { smtpUrl?: string; from: string; outboxDir: string }): Mailer {
  if (options.smtpUrl) {
    const url = new URL(options.smtpUrl);
    url.searchParams.set('pool', 'true');
    const transport = nodemailer.createTransport(url.toString());
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
      async sendRaw(envelope, raw) {
        await transport.sendMail({ envelope: { from: envelope.from, to: [envelope.to] }, raw });
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
      const info = await transport.sendMail({ from: options.from, ...message });
      await keep(info.message as Buffer);
    },
    async sendRaw(envelope, raw) {
      const info = await transport.sendMail({ envelope: { from: envelope.from, to: [envelope.to] }, raw });
      await keep(info.message as Buffer);
    },
    close: () => transport.close(),
  };
}
