import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchema } from '../../../common/schema';
import { currentUser } from '../../../server/platform/auth/plugin';
import { assertValidForm, httpError, t } from '../../../server/platform/http/errors';
import { type OutboundPolicy, OutboundRefused, refusedOnSave } from '../../../server/platform/outbound/guard';
import { SENDER_TEST_QUOTA, takeOutboundQuota } from '../../../server/platform/outbound/quota';
import { documentOperation, moduleRoutes } from '../../../server/schema';
import { mainDomainOf } from '../../services/server';
import { dkimRecord } from './dkim';
import { CONFIG_TYPE, openTransport, type OutgoingMessage, type SenderConfig, senderAddress, SenderUnusable } from './mailings/transports';
import { allowedSenderTypes } from './service-admin';

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
  senders.addHooks({
    async beforeWrite(_tx, _owner, values) {
      const refused = await refusedHostField(values as unknown as SenderConfig, { allowLoopback: app.ctx.config.outboundAllowLoopback });
      if (refused) assertValidForm({ [refused]: 'errors.outbound.address_refused' });
      return values;
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

  documentOperation(app, 'get', `${documented}/dkim`, {
    tags: ['senders'],
    summary: 'The DKIM record to publish for the saved method\'s sending domain {domain, name, value, found} ({} for a method that signs its own)',
    responses: { 200: { description: 'OK' } },
  });
  documentOperation(app, 'get', `${documented}/address`, {
    tags: ['senders'],
    summary:
      "The service's sending domain and the saved method's From address as a mail client shows it {suffix ('@' and the main domain, which the provider's method puts after its local part; null without a domain), from (null before a method is saved)}",
    responses: { 200: { description: 'OK' } },
  });
  app.get(`${base}/address`, { preHandler: app.authenticate }, async (request) => {
    const owner = await senders.owner(request);
    const domain = await mainDomainOf(app.ctx.db, owner.serviceId!);
    const config = await savedSenderConfig(app, owner.serviceId!);
    // EmailLabs sends from the address as saved; the others as the sending code writes it.
    const address = config && (config.config_type_id === CONFIG_TYPE.emailLabs ? config.from : await senderAddress(app.ctx, owner.serviceId!, config, domain));
    return {
      suffix: domain ? `@${domain}` : null,
      from: address ? (config.from_name ? `${config.from_name} <${address}>` : address) : null,
    };
  });

  app.get(`${base}/dkim`, { preHandler: app.authenticate }, async (request) => {
    const owner = await senders.owner(request);
    const config = await savedSenderConfig(app, owner.serviceId!);
    const address = config && (await senderAddress(app.ctx, owner.serviceId!, config));
    return address ? dkimRecord(app.ctx.db, owner.serviceId!, address) : {};
  });

  app.put(`${base}/test`, { preHandler: app.authenticate }, async (request, reply) => {
    const owner = await senders.owner(request);
    const config = await savedSenderConfig(app, owner.serviceId!);
    if (!config) throw httpError(400, 'errors.senders_config.not_configured');
    const { rows } = await app.ctx.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [currentUser(request).userId]);
    const to = rows[0]?.email;
    if (!to) throw httpError(400, 'errors.senders_config.no_recipient');
    await takeOutboundQuota(request, reply, SENDER_TEST_QUOTA, String(owner.serviceId));
    await sendThroughSender(request, owner.serviceId!, config, { to, subject: t('resources.senders_config.test.subject'), text: t('resources.senders_config.test.body') });
    return { detail: t('resources.senders_config.messages.test_sent') };
  });
}

/**
 * The field whose host the outbound guard refuses (smtp_host, or api_host's host for EmailLabs), as
 * the use of the method would: a loopback, private or link-local address, or a name resolving to
 * one. A name that does not resolve (yet) is not refused here; the guard checks it again on every use.
 */
async function refusedHostField(config: SenderConfig, policy: OutboundPolicy): Promise<string | null> {
  const target =
    config.config_type_id === CONFIG_TYPE.smtp && config.smtp_host
      ? { field: 'smtp_host', host: config.smtp_host }
      : config.config_type_id === CONFIG_TYPE.emailLabs && config.api_host && URL.canParse(config.api_host)
        ? { field: 'api_host', host: new URL(config.api_host).hostname }
        : null;
  return target && (await refusedOnSave(target.host, policy)) ? target.field : null;
}

/** The service's saved sender method (the senders_config singleton), or null when none is saved. */
export async function savedSenderConfig(app: FastifyInstance, serviceId: number): Promise<SenderConfig | null> {
  const record = await moduleRoutes(app, 'senders_config')?.store.first(app.ctx.db, { serviceId, userId: null });
  return record ? (record.values as unknown as SenderConfig) : null;
}

/**
 * Sends one message through the service's saved method, the transport a mailing sends through
 * (the sender test, a template's test send). A method that cannot send answers 400, 422 or 502
 * with a Polish detail; the cause stays in the log.
 */
export async function sendThroughSender(request: FastifyRequest, serviceId: number, config: SenderConfig, message: OutgoingMessage): Promise<void> {
  try {
    const transport = await openTransport(request.server.ctx, serviceId, config);
    try {
      await transport.send(message);
    } finally {
      transport.close();
    }
  } catch (error) {
    // The saved method is there, so only {product}'s service domain can be missing.
    if (error instanceof SenderUnusable) throw httpError(400, 'errors.senders_config.no_domain');
    // Socket errors, status lines and banners stay in the log: echoed, they would map the network.
    request.log.warn({ err: error, serviceId, configType: config.config_type_id }, 'send through the sender method failed');
    if (error instanceof OutboundRefused) throw httpError(422, 'errors.outbound.address_refused');
    throw httpError(502, 'errors.senders_config.send_failed');
  }
}
