import type { AppContext } from '../../../../server/app';
import { type OutboundPolicy, OutboundRefused } from '../../../../server/platform/outbound/guard';
import { guardedRequest } from '../../../../server/platform/outbound/http';
import { guardedSmtpTransport } from '../../../../server/platform/outbound/smtp';
import { CONFIG_TYPE, type SenderConfig } from '../senders';

/** One newsletter message, personalised for its recipient. */
export interface OutgoingMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
}

/** How a service's mailing leaves: its sender method, opened once per worker run. */
export interface MailingTransport {
  send(message: OutgoingMessage): Promise<void>;
  close(): void;
}

/** A failure that sending again cannot mend (the server refused the address or the message). */
export class PermanentFailure extends Error {}

/** The method cannot be used at all (not configured, or aimed where outbound calls may not go). */
export class SenderUnusable extends Error {}

const SEND_TIMEOUT_MS = 15_000;
/** Connections a worker keeps open to a tenant's SMTP server (the provider's relay pools its own). */
const SMTP_CONNECTIONS = 5;

/** SMTP answers 5xx: permanent; 4xx, and connections that broke or timed out: worth another try. */
function smtpFailure(error: unknown): Error {
  const code = (error as { responseCode?: number }).responseCode;
  if (typeof code === 'number' && code >= 500) return new PermanentFailure(String((error as Error).message));
  return error instanceof Error ? error : new Error(String(error));
}

function displayName(name: string): string {
  return name.replace(/["\\\r\n]/g, '');
}

/**
 * The service's sender method as a transport: 1 the provider's relay (SMTP_URL, the panel's
 * mailer) from `from`@the service's main domain, 2 the tenant's SMTP server (pooled, through the
 * outbound guard), 3 EmailLabs' HTTP API (through the outbound guard).
 */
export async function openTransport(ctx: AppContext, serviceId: number, config: SenderConfig | null): Promise<MailingTransport> {
  if (!config) throw new SenderUnusable('no sender method');
  const policy: OutboundPolicy = { allowLoopback: ctx.config.outboundAllowLoopback };
  if (config.config_type_id === CONFIG_TYPE.smtp) {
    let transport: Awaited<ReturnType<typeof guardedSmtpTransport>>;
    try {
      transport = await guardedSmtpTransport(
        {
          host: config.smtp_host ?? '',
          port: config.smtp_port,
          secure: config.smtp_port === 465,
          auth: { user: config.smtp_user ?? '', pass: config.smtp_password ?? '' },
          pool: true,
          maxConnections: SMTP_CONNECTIONS,
          connectionTimeout: SEND_TIMEOUT_MS,
          greetingTimeout: SEND_TIMEOUT_MS,
          socketTimeout: SEND_TIMEOUT_MS,
        } as Parameters<typeof guardedSmtpTransport>[0],
        policy,
      );
    } catch (error) {
      if (error instanceof OutboundRefused) throw new SenderUnusable(error.message);
      throw error;
    }
    const from = { name: displayName(config.from_name), address: config.from || config.smtp_user || '' };
    return {
      async send(message) {
        try {
          await transport.sendMail({ ...message, from });
        } catch (error) {
          throw smtpFailure(error);
        }
      },
      close: () => transport.close(),
    };
  }
  if (config.config_type_id === CONFIG_TYPE.emailLabs) return emailLabsTransport(config, policy);
  const { rows } = await ctx.db.query<{ domain: string }>(
    'SELECT domain FROM client_service_domains WHERE client_service_id = $1 ORDER BY is_main DESC, id LIMIT 1',
    [serviceId],
  );
  if (!rows[0] || !config.from) throw new SenderUnusable('no domain');
  const from = `"${displayName(config.from_name)}" <${config.from}@${rows[0].domain}>`;
  return {
    async send(message) {
      try {
        await ctx.mailer.send({ ...message, from });
      } catch (error) {
        throw smtpFailure(error);
      }
    },
    // The panel's mailer is shared and stays open.
    close: () => undefined,
  };
}

/**
 * EmailLabs' HTTP API: POST {api_host}/api/new_sendmail, Basic app key:secret, form fields (to,
 * smtp_account, subject, html, text, from, from_name, headers[...]). 5xx and 429 are tried again;
 * another refusal is permanent.
 */
export function emailLabsTransport(config: SenderConfig, policy: OutboundPolicy): MailingTransport {
  const authorization = `Basic ${Buffer.from(`${config.api_key}:${config.api_secret}`).toString('base64')}`;
  const url = new URL('/api/new_sendmail', config.api_host);
  return {
    async send(message) {
      const form = new URLSearchParams({
        [`to[${message.to}]`]: '',
        smtp_account: config.smtp_account ?? '',
        subject: message.subject,
        html: message.html,
        text: message.text,
        from: config.from ?? '',
        from_name: config.from_name,
      });
      for (const [name, value] of Object.entries(message.headers)) form.set(`headers[${name}]`, value);
      let status: number;
      try {
        ({ status } = await guardedRequest(url, { method: 'POST', headers: { Authorization: authorization }, body: form, timeoutMs: SEND_TIMEOUT_MS }, policy));
      } catch (error) {
        if (error instanceof OutboundRefused) throw new SenderUnusable(error.message);
        throw error;
      }
      if (status >= 200 && status < 300) return;
      if (status >= 500 || status === 429) throw new Error(`EmailLabs answered ${status}`);
      throw new PermanentFailure(`EmailLabs answered ${status}`);
    },
    close: () => undefined,
  };
}
