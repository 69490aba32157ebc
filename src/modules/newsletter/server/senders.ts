import type { FastifyInstance } from 'fastify';
import type { JsonSchema } from '../../../common/schema';
import { currentUser } from '../../../server/platform/auth/plugin';
import { HttpError, httpError, t } from '../../../server/platform/http/errors';
import type { MailMessage } from '../../../server/platform/mail/mailer';
import { type OutboundPolicy, OutboundRefused } from '../../../server/platform/outbound/guard';
import { guardedRequest } from '../../../server/platform/outbound/http';
import { SENDER_TEST_QUOTA, takeOutboundQuota } from '../../../server/platform/outbound/quota';
import { guardedSmtpTransport } from '../../../server/platform/outbound/smtp';
import { documentOperation, moduleRoutes } from '../../../server/schema';
import { allowedSenderTypes } from './service-admin';

/** config_type_id values (SPEC 3: 1 sending by the provider, 2 SMTP, 3 an e-mail marketing service). */
export const CONFIG_TYPE = { product: 1, smtp: 2, emailLabs: 3 } as const;
const SEND_TIMEOUT_MS = 15_000;

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

async function sendThroughSmtp(config: SenderConfig, message: MailMessage, policy: OutboundPolicy): Promise<void> {
  const transport = await guardedSmtpTransport(
    {
      host: config.smtp_host ?? '',
      port: config.smtp_port,
      secure: config.smtp_port === 465,
      auth: { user: config.smtp_user ?? '', pass: config.smtp_password ?? '' },
      connectionTimeout: SEND_TIMEOUT_MS,
      greetingTimeout: SEND_TIMEOUT_MS,
      socketTimeout: SEND_TIMEOUT_MS,
    },
    policy,
  );
  try {
    await transport.sendMail({ ...message, from: { name: config.from_name, address: config.from || config.smtp_user || '' } });
  } finally {
    transport.close();
  }
}

/** EmailLabs' HTTP API (POST {api_host}/api/new_sendmail, Basic app key:secret, form fields). */
async function sendThroughEmailLabs(config: SenderConfig, message: MailMessage, policy: OutboundPolicy): Promise<void> {
  const form = new URLSearchParams({
    [`to[${message.to}]`]: '',
    smtp_account: config.smtp_account ?? '',
    subject: message.subject,
    text: message.text,
    from: config.from ?? '',
    from_name: config.from_name,
  });
  const response = await guardedRequest(
    new URL('/api/new_sendmail', config.api_host),
    {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from(`${config.api_key}:${config.api_secret}`).toString('base64')}` },
      body: form,
      timeoutMs: SEND_TIMEOUT_MS,
    },
    policy,
  );
  if (response.status < 200 || response.status >= 300) throw new Error(`EmailLabs answered ${response.status}`);
}

/**
 * The sender-config calls beside the generic singleton (GET, POST on .../senders/configs):
 * GET .../types lists the config types with their catalogue names; PUT .../test sends a real
 * test message through the saved method to the signed-in user's address.
 */
export async function senderRoutes(app: FastifyInstance): Promise<void> {
  const senders = moduleRoutes(app, 'senders_config');
  if (!senders) return;
  const base = '/client_service/:service_id/module/senders/configs';
  const typeProperty = senders.module.schema.properties?.config_type_id as JsonSchema & { oneOf?: { const: number; title: string }[] };

  const documented = '/client_service/{service_id}/module/senders/configs';
  documentOperation(app, 'get', `${documented}/types`, { tags: ['senders'], summary: 'Config types {data: [{id, name}]}', responses: { 200: { description: 'OK' } } });
  documentOperation(app, 'put', `${documented}/test`, {
    tags: ['senders'],
    summary: 'Send a test message through the saved method to the signed-in user',
    responses: {
      200: { description: '{detail}' },
      422: { description: 'The saved host is (or resolves to) an address outbound calls may not reach' },
      429: { description: 'Too many test sends for this service (Retry-After)' },
      502: { description: 'The method failed to send (the cause is logged, not returned)' },
    },
  });
  app.get(`${base}/types`, { preHandler: app.authenticate }, async (request) => {
    const owner = await senders.owner(request);
    // Only the types a root user allowed the service (admin/metody_wysylki); every type until one chose.
    const allowed = await allowedSenderTypes(app, app.ctx.db, owner.serviceId!);
    return {
      data: (typeProperty.oneOf ?? []).filter((type) => !allowed || allowed.includes(type.const)).map((type) => ({ id: type.const, name: t(type.title) })),
    };
  });

  app.put(`${base}/test`, { preHandler: app.authenticate }, async (request, reply) => {
    const owner = await senders.owner(request);
    const record = await senders.store.first(app.ctx.db, owner);
    if (!record) throw httpError(400, 'errors.senders_config.not_configured');
    const config = record.values as unknown as SenderConfig;
    const { rows } = await app.ctx.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [currentUser(request).userId]);
    const to = rows[0]?.email;
    if (!to) throw httpError(400, 'errors.senders_config.no_recipient');
    const message: MailMessage = { to, subject: t('resources.senders_config.test.subject'), text: t('resources.senders_config.test.body') };
    await takeOutboundQuota(request, reply, SENDER_TEST_QUOTA, String(owner.serviceId));
    const policy: OutboundPolicy = { allowLoopback: app.ctx.config.outboundAllowLoopback };
    try {
      if (config.config_type_id === CONFIG_TYPE.smtp) await sendThroughSmtp(config, message, policy);
      else if (config.config_type_id === CONFIG_TYPE.emailLabs) await sendThroughEmailLabs(config, message, policy);
      else {
        const domain = await app.ctx.db.query<{ domain: string }>(
          'SELECT domain FROM client_service_domains WHERE client_service_id = $1 ORDER BY is_main DESC, id LIMIT 1',
          [owner.serviceId],
        );
        if (!domain.rows[0]) throw httpError(400, 'errors.senders_config.no_domain');
        // {product}: the saved `from` is the local part; the service's main domain completes it.
        await app.ctx.mailer.send({ ...message, from: `"${config.from_name.replace(/["\\\r\n]/g, '')}" <${config.from}@${domain.rows[0].domain}>` });
      }
    } catch (error) {
      if (error instanceof HttpError) throw error;
      // Socket errors, status lines and banners stay in the log: echoed, they would map the network.
      request.log.warn({ err: error, serviceId: owner.serviceId, configType: config.config_type_id }, 'sender test send failed');
      if (error instanceof OutboundRefused) throw httpError(422, 'errors.outbound.address_refused');
      throw httpError(502, 'errors.senders_config.send_failed');
    }
    return { detail: t('resources.senders_config.messages.test_sent') };
  });
}
