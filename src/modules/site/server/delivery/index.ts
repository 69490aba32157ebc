import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { JsonSchema, ModuleSchema } from '../../../../common/schema';
import type { Queryable } from '../../../../server/platform/db';
import { httpError } from '../../../../server/platform/http/errors';
import { MAX_PER_PAGE, readPage } from '../../../../server/platform/http/pagination';
import { invalidParameter, single } from '../../../../server/platform/http/query';
import { fileUri } from '../../../../server/schema/file-keys';
import { flagsHold } from '../../../../server/schema/flags';
import { deliveryKeyOf, serviceAddressed, SITE_ADDRESSINGS } from '../site-domain';
import { type Answer, DeliveredAnswers } from './answers';
import { deliveryKeyRoutes } from './keys';
import { type DeliveredModule, type DeliveredRecord, deliveredRecordSchema, readDelivered, readDeliveredPage } from './records';

/** Values a module's own code adds to each delivered record (a form's generated schema), with their OpenAPI schemas. */
export interface DeliveryExtension {
  schema: Record<string, JsonSchema>;
  /** The module serves one record to sites itself (a form, at GET /site/{domain}/forms/{form_id}): no record route here. */
  ownRecordRoute?: boolean;
  values(db: Queryable, serviceId: number, record: DeliveredRecord): Promise<Record<string, unknown>>;
}

export interface DeliveryOptions {
  /** By resource. */
  extensions: Record<string, DeliveryExtension>;
}

export const DELIVERY_PER_PAGE = 20;
/**
 * Sites and the caches before them may keep an answer a minute: an editor's change shows within
 * that, and afterwards the ETag makes asking again cost a 304 without the body.
 */
export const DELIVERY_CACHE_CONTROL = 'public, max-age=60';

const ERRORS = {
  304: { description: 'Not modified: If-None-Match named the current ETag' },
  404: { description: "No site has this domain or key, the service lacks the module, or no such record" },
};

/** Whether If-None-Match names this ETag (or is *); a weak validator compares by its tag, as RFC 9110 says for this header. */
function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

const etagOf = (text: string) => `"${createHash('sha256').update(text).digest('base64url')}"`;

/**
 * The site delivery API (issue 15): the published, active content of a website service as read-only
 * JSON for the site served elsewhere, under /api/site/{domain}/{path} or /api/delivery/{path} with
 * the service's delivery key. Every module whose schema has an x-admin `delivery` block is served
 * here by its path, with only its declared fields; a nested module's records come within its
 * parent's. Answers carry a strong ETag (If-None-Match gives 304), Cache-Control for a minute and
 * CORS for any origin: it is public content, read-only. They are kept a few seconds in memory
 * (answers.ts), dropped at once by a write of the engine to what they show.
 */
export async function deliveryServer(app: FastifyInstance, options: DeliveryOptions): Promise<void> {
  const { db, config } = app.ctx;
  const modules = [...app.schemaModules.values()].map((routes) => routes.module);
  const delivered = (module: ModuleSchema): DeliveredModule => ({
    module,
    delivery: module.admin.delivery!,
    nested: modules.filter((child) => child.admin.parent?.resource === module.admin.resource && child.admin.delivery).map(delivered),
  });
  const served = modules.filter((module) => module.admin.delivery?.path !== undefined).map(delivered);
  // Files leave as absolute URLs: the site is served from another address than the panel.
  const fileUrl = (module: ModuleSchema, field: string, name: string) => new URL(fileUri(module, app.ctx.files, { serviceId: null, userId: null }, field, name), config.publicUrl).href;

  const answers = new DeliveredAnswers();
  /** The module a nested one's records are delivered in (a form's fields change its form's answers). */
  const outermost = (module: ModuleSchema): string => {
    const parent = module.admin.parent && app.schemaModules.get(module.admin.parent.resource)?.module;
    return parent ? outermost(parent) : module.admin.resource;
  };
  for (const routes of app.schemaModules.values()) {
    if (routes.module.admin.scope !== 'service') continue;
    const resource = outermost(routes.module);
    routes.addHooks({
      afterWrite: async (_tx, owner) => {
        if (owner.serviceId !== null) answers.changed(owner.serviceId, resource);
      },
    });
  }
  await app.register(deliveryKeyRoutes, {
    rotated: (serviceId: number) => answers.changed(serviceId),
    deliveredModules: [...new Set(served.map(({ module }) => module.admin.module))],
  });

  /**
   * The service asked for, when it has the module and the module's flags hold for it: one query
   * when it does; a 404 naming the site when no site has the domain or key.
   */
  async function servingService(request: FastifyRequest, { module }: DeliveredModule): Promise<number> {
    const find = (granted?: string) => serviceAddressed(db, request, granted);
    const serviceId = await find(module.admin.module);
    if (serviceId === null) throw httpError(404, (await find()) === null ? 'errors.delivery_site_not_found' : 'errors.not_found');
    if (!(await flagsHold(db, module.admin.flags, { serviceId }))) throw httpError(404, 'errors.not_found');
    return serviceId;
  }

  /** The filters a list is asked for, as the JSON values the properties hold; a value of the wrong type is a 400. */
  function filtersOf(request: FastifyRequest, { module, delivery }: DeliveredModule): Record<string, unknown> {
    const filters: Record<string, unknown> = {};
    for (const field of delivery.filters) {
      const raw = single(request.query, field);
      if (raw === undefined) continue;
      const type = module.schema.properties![field].type;
      if (type === 'boolean') {
        if (raw !== 'true' && raw !== 'false') throw invalidParameter(field);
        filters[field] = raw === 'true';
      } else if (type === 'integer' || type === 'number') {
        if (!/^-?\d{1,15}$/.test(raw)) throw invalidParameter(field);
        filters[field] = Number(raw);
      } else {
        filters[field] = raw;
      }
    }
    return filters;
  }

  /**
   * The answer to a read, kept or made (`read` of the service asked for), with its strong ETag
   * (SHA-256 of the body), or 304 without a body when the site holds it already.
   */
  async function answer(request: FastifyRequest, reply: FastifyReply, entry: DeliveredModule, read: (serviceId: number) => Promise<unknown>) {
    const asked = `${request.url}\n${deliveryKeyOf(request) ?? ''}`;
    const made = async (): Promise<Answer> => {
      const serviceId = await servingService(request, entry);
      const resource = entry.module.admin.resource;
      const version = answers.version(serviceId, resource);
      const text = JSON.stringify(await read(serviceId));
      const fresh = { serviceId, resource, text, etag: etagOf(text) };
      answers.keep(asked, fresh, version);
      return fresh;
    };
    const { text, etag } = answers.get(asked) ?? (await made());
    reply.header('ETag', etag);
    if (notModified(request.headers['if-none-match'], etag)) return reply.status(304).send();
    return reply.type('application/json; charset=utf-8').send(text);
  }

  async function extended(serviceId: number, { module }: DeliveredModule, records: DeliveredRecord[]): Promise<DeliveredRecord[]> {
    const extension = options.extensions[module.admin.resource];
    if (!extension) return records;
    return Promise.all(records.map(async (record) => ({ ...record, ...(await extension.values(db, serviceId, record)) })));
  }

  await app.register(async (site) => {
    site.addHook('onSend', async (request, reply, payload) => {
      // One URL answers each key's service: a shared cache must keep them apart.
      if (request.url.startsWith('/api/delivery/')) reply.header('Vary', 'X-Delivery-Key');
      if (reply.statusCode === 200 || reply.statusCode === 304) reply.header('Cache-Control', DELIVERY_CACHE_CONTROL);
      return payload;
    });

    for (const addressing of SITE_ADDRESSINGS) {
      for (const entry of served) {
        const { module, delivery } = entry;
        const extension = options.extensions[module.admin.resource];
        const recordSchema = deliveredRecordSchema(entry, extension?.schema);
        const base = `${addressing.prefix}/${delivery.path}`;
        const documentedAnswer = (schema: JsonSchema, description: string) => ({ 200: { description, content: { 'application/json': { schema } } }, ...ERRORS });
        const operation = (summary: string, responses: object, parameters: object[] = []) => ({
          tags: ['site'],
          security: [],
          summary: `${summary}; ${addressing.by}. Strong ETag, If-None-Match → 304, Cache-Control: ${DELIVERY_CACHE_CONTROL}, CORS for any origin`,
          parameters: [...addressing.parameters, ...parameters],
          responses,
        });

        if (module.admin.singleton) {
          site.get(base, { config: { publicSiteApi: true, openapi: operation(`The site's ${module.admin.resource} as published (null when not set)`, documentedAnswer({ type: 'object', properties: { data: { anyOf: [recordSchema, { type: 'null' }] } }, required: ['data'] }, 'The record')) } }, (request, reply) =>
            answer(request, reply, entry, async (serviceId) => {
              const [record] = await extended(serviceId, entry, await readDelivered(db, entry, { serviceId, limit: 1 }, fileUrl));
              return { data: record ?? null };
            }),
          );
          continue;
        }

        const listParameters = [
          { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } },
          { name: 'per_page', in: 'query', schema: { type: 'integer', minimum: 1, maximum: MAX_PER_PAGE, default: DELIVERY_PER_PAGE } },
          ...delivery.filters.map((field) => ({ name: field, in: 'query', schema: { type: module.schema.properties![field].type } })),
        ];
        const listSchema = {
          type: 'object',
          properties: {
            data: { type: 'array', items: recordSchema },
            pagination: { type: 'object', properties: { total: { type: 'integer' }, page: { type: 'integer' }, per_page: { type: 'integer' } }, required: ['total', 'page', 'per_page'] },
          },
          required: ['data', 'pagination'],
        };
        site.get(base, {
          config: { publicSiteApi: true, openapi: operation(`The site's ${module.admin.resource}, only those shown now, a page of them`, { ...documentedAnswer(listSchema, 'A page'), 400: { description: 'A paging or filter parameter out of its bounds' } }, listParameters) },
        }, (request, reply) => {
          const page = readPage(request.query, DELIVERY_PER_PAGE);
          const filters = filtersOf(request, entry);
          return answer(request, reply, entry, async (serviceId) => {
            const { records, total } = await readDeliveredPage(db, entry, { serviceId, filters, limit: page.limit, offset: page.offset }, fileUrl);
            return { data: await extended(serviceId, entry, records), pagination: { total, page: page.page, per_page: page.perPage } };
          });
        });

        if (extension?.ownRecordRoute) continue;
        site.get(`${base}/:id`, {
          config: { publicSiteApi: true, openapi: operation(`One of the site's ${module.admin.resource}, when shown now`, documentedAnswer({ type: 'object', properties: { data: recordSchema }, required: ['data'] }, 'The record')) },
        }, (request, reply) => {
          const { id: rawId } = request.params as { id: string };
          const id = Number(rawId);
          return answer(request, reply, entry, async (serviceId) => {
            if (!/^[1-9][0-9]{0,15}$/.test(rawId) || !Number.isSafeInteger(id)) throw httpError(404, 'errors.not_found');
            const [record] = await readDelivered(db, entry, { serviceId, id }, fileUrl);
            if (!record) throw httpError(404, 'errors.not_found');
            const [data] = await extended(serviceId, entry, [record]);
            return { data };
          });
        });
      }
    }
  });
}
