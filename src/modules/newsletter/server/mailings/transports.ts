import type { AppContext } from '../../../../server/app';
import { dkimOptions, signMime } from '../../../../server/platform/mail/dkim';
import type { MailMessage } from '../../../../server/platform/mail/mailer';
import { SMTP_POOL } from '../../../../server/platform/mail/nodemailer';
import { type OutboundPolicy, OutboundRefused } from '../../../../server/platform/outbound/guard';
import { guardedRequest } from '../../../../server/platform/outbound/http';
import { guardedSmtpTransport } from '../../../../server/platform/outbound/smtp';
import { mainDomainOf } from '../../../services/server';
import { sendingDomainKey } from '../dkim';
import type { Sender } from './mime';

/** config_type_id values (SPEC 3: 1 sending by the provider, 2 SMTP, 3 an e-mail marketing service). */
export const CONFIG_TYPE = { product: 1, smtp: 2, emailLabs: 3 } as const;

/** A service's saved sender method (schemas/newsletter/sender-config.schema.json). */
export interface SenderConfig {
  config_type_id: number;
  smtp_host?: string;
  smtp_port?: number;
  smtp_user?: string;
  smtp_password?: string;
  api_host?: string;
  api_key?: string;
  api_secret?: string;
  smtp_account?: string;
  from?: string;
  from_name: string;
}

/** One message: a mailing's, personalised for its recipient (html and headers), or the sender test's (text only). */
export type OutgoingMessage = Omit<MailMessage, 'from' | 'dkim'>;

/**
 * How a service's messages leave: its sender method, opened once per worker run of a mailing (and
 * once for the sender config's test send).
 */
export interface MailingTransport {
  send(message: OutgoingMessage): Promise<void>;
  /** SMTP methods: the sender their messages name, and the send of a message in MIME form (compileMime). */
  mime?: { sender: Sender; send(to: string, raw: string): Promise<void> };
  close(): void;
}

/** A failure that sending again cannot mend (the server refused the address or the message). */
export class PermanentFailure extends Error {}

/** The method cannot be used at all: not configured (no method, no domain for the provider's relay). */
export class SenderUnusable extends Error {}

/** Whether no message can go through the method: not configured, or aimed where outbound calls may not go. */
export const isUnusable = (error: unknown): boolean => error instanceof SenderUnusable || error instanceof OutboundRefused;

const SEND_TIMEOUT_MS = 15_000;

/** SMTP answers 5xx: permanent; 4xx, and connections that broke or timed out: worth another try. */
function smtpFailure(error: unknown): Error {
  const code = (error as { responseCode?: number }).responseCode;
  if (typeof code === 'number' && code >= 500) return new PermanentFailure(String((error as Error).message));
  return error instanceof Error ? error : new Error(String(error));
}

/**
 * The display name a message shows: nodemailer quotes or encodes it as an address object, and what
 * a save refuses (line breaks, angle brackets: sender-config.schema.json) is dropped from a name
 * stored before, so that no name reads as another address.
 */
function displayName(name: string): string {
  return name.replace(/[\r\n<>]/g, ' ').replace(/\s+/g, ' ').trim();
}

/**
 * The service's sender method as a transport: 1 the provider's relay (SMTP_URL, the panel's
 * mailer) from `from`@the service's main domain, 2 the tenant's SMTP server (pooled, through the
 * outbound guard), 3 EmailLabs' HTTP API (through the outbound guard). Messages of 1 and 2 are
 * DKIM-signed with the service's key for their sending domain (EmailLabs signs its own). A host the guard refuses
 * throws OutboundRefused, here or on a send.
 */
export async function openTransport(ctx: AppContext, serviceId: number, config: SenderConfig | null): Promise<MailingTransport> {
  if (!config) throw new SenderUnusable('no sender method');
  const policy: OutboundPolicy = { allowLoopback: ctx.config.outboundAllowLoopback };
  if (config.config_type_id === CONFIG_TYPE.smtp) {
    const transport = await guardedSmtpTransport(
      {
        host: config.smtp_host ?? '',
        port: config.smtp_port,
        secure: config.smtp_port === 465,
        auth: { user: config.smtp_user ?? '', pass: config.smtp_password ?? '' },
        pool: true,
        ...SMTP_POOL,
        connectionTimeout: SEND_TIMEOUT_MS,
        greetingTimeout: SEND_TIMEOUT_MS,
        socketTimeout: SEND_TIMEOUT_MS,
      } as Parameters<typeof guardedSmtpTransport>[0],
      policy,
    );
    const from = { name: displayName(config.from_name), address: (await senderAddress(ctx, serviceId, config)) ?? '' };
    const dkim = [await sendingDomainKey(ctx.db, serviceId, from.address)];
    return {
      async send(message) {
        try {
          await transport.sendMail({ ...message, from, dkim: dkimOptions(dkim) });
        } catch (error) {
          throw smtpFailure(error);
        }
      },
      mime: {
        sender: from,
        async send(to, raw) {
          try {
            await transport.sendMail({ envelope: { from: from.address, to: [to] }, raw: await signMime(raw, dkim) });
          } catch (error) {
            throw smtpFailure(error);
          }
        },
      },
      close: () => transport.close(),
    };
  }
  if (config.config_type_id === CONFIG_TYPE.emailLabs) return emailLabsTransport(config, policy);
  const address = await senderAddress(ctx, serviceId, config);
  if (!address) throw new SenderUnusable('no domain');
  const sender = { name: displayName(config.from_name), address };
  const dkim = [await sendingDomainKey(ctx.db, serviceId, sender.address)];
  return {
    async send(message) {
      try {
        await ctx.mailer.send({ ...message, from: sender, dkim });
      } catch (error) {
        throw smtpFailure(error);
      }
    },
    mime: {
      sender,
      async send(to, raw) {
        try {
          await ctx.mailer.sendRaw({ from: sender.address, to }, raw, dkim);
        } catch (error) {
          throw smtpFailure(error);
        }
      },
    },
    // The panel's mailer is shared and stays open.
    close: () => undefined,
  };
}

/**
 * The address a method's messages come from: SMTP's from (or its login), {product}'s from at the
 * service's main domain (null without one); EmailLabs' is its own to sign, so null.
 */
export async function senderAddress(ctx: AppContext, serviceId: number, config: SenderConfig, knownDomain?: string | null): Promise<string | null> {
  if (config.config_type_id === CONFIG_TYPE.smtp) return config.from || config.smtp_user || null;
  if (config.config_type_id !== CONFIG_TYPE.product || !config.from) return null;
  const domain = knownDomain === undefined ? await mainDomainOf(ctx.db, serviceId) : knownDomain;
  return domain ? `${config.from}@${domain}` : null;
}

/**
 * EmailLabs' HTTP API: POST {api_host}/api/new_sendmail, Basic app key:secret, form fields (to,
 * smtp_account, subject, html when the message has it, text, from, from_name, headers[...]). 5xx
 * and 429 are tried again; another refusal is permanent.
 */
function emailLabsTransport(config: SenderConfig, policy: OutboundPolicy): MailingTransport {
  const authorization = `Basic ${Buffer.from(`${config.api_key}:${config.api_secret}`).toString('base64')}`;
  const url = new URL('/api/new_sendmail', config.api_host);
  return {
    async send(message) {
      const form = new URLSearchParams({
        [`to[${message.to}]`]: '',
        smtp_account: config.smtp_account ?? '',
        subject: message.subject,
        ...(message.html === undefined ? {} : { html: message.html }),
        text: message.text,
        from: config.from ?? '',
        from_name: displayName(config.from_name),
      });
      for (const [name, value] of Object.entries(message.headers ?? {})) form.set(`headers[${name}]`, value);
      const { status } = await guardedRequest(url, { method: 'POST', headers: { Authorization: authorization }, body: form, timeoutMs: SEND_TIMEOUT_MS }, policy);
      if (status >= 200 && status < 300) return;
      if (status >= 500 || status === 429) throw new Error(`EmailLabs answered ${status}`);
      throw new PermanentFailure(`EmailLabs answered ${status}`);
    },
    close: () => undefined,
  };
}
