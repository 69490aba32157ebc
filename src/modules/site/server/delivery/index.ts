import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { JsonSchema, ModuleSchema } from '../../../../common/schema';
import type { Queryable } from '../../../../server/platform/db';
import { preparedStatement } from '../../../../server/platform/db/prepared';
import { httpError } from '../../../../server/platform/http/errors';
import { MAX_PER_PAGE, readPage } from '../../../../server/platform/http/pagination';
import { invalidParameter, single } from '../../../../server/platform/http/query';
import { fileUri } from '../../../../server/schema/file-keys';
import { flagsHold } from '../../../../server/schema/flags';
import { deliveryKeyOf, SITE_ADDRESSINGS } from '../site-domain';
import { DeliveredAnswers, type DeliveredState, DeliveredStates, type Shown } from './answers';
import { deliveryKeyDigest, deliveryKeyRoutes } from './keys';
import { notifiedVersions } from './versions';
import { type DeliveredModule, type DeliveredRecord, deliveredReader, deliveredRecordSchema, listedUpdater, ordersTextByCodePoint, readListed, servedModules } from './records';

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
/** Addresses (by delivered module) whose service is kept; the oldest go first. */
const ADDRESSES = 10_000;
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

/** Whether the module, or one delivered within it, shows its records only during a period. */
const hasPeriod = (delivered: DeliveredModule): boolean => delivered.delivery.during !== undefined || delivered.nested.some(hasPeriod);

const etagOf = (text: string) => `"${createHash('sha256').update(text).digest('base64url')}"`;

/**
 * The site delivery API (issue 15): the published, active content of a website service as read-only
 * JSON for the site served elsewhere, under /api/site/{domain}/{path} or /api/delivery/{path} with
 * the service's delivery key. Every module whose schema has an x-admin `delivery` block is served
 * here by its path, with only its declared fields; a nested module's records come within its
 * parent's. Answers carry a strong ETag (If-None-Match gives 304), Cache-Control for a minute and
 * CORS for any origin: it is public content, read-only. Answers, and each list's ordered ids, are
 * kept in memory under the version of the records they read (answers.ts): a kept answer costs one
 * prepared query for the service's versions, and a page not kept a slice of the ids and one
 * prepared read by id (and one per nested module).
 */
export async function deliveryServer(app: FastifyInstance, options: DeliveryOptions): Promise<void> {
  const { db, config } = app.ctx;
  const modules = [...app.schemaModules.values()].map((routes) => routes.module);
  const served = servedModules(modules);
  // Files leave as absolute URLs: the site is served from another address than the panel.
  const fileUrl = (module: ModuleSchema, field: string, name: string) => new URL(fileUri(module, app.ctx.files, { serviceId: null, userId: null }, field, name), config.publicUrl).href;

  const answers = new DeliveredAnswers();
  const states = new DeliveredStates();
  const readDelivered = deliveredReader(fileUrl);
  const updateListed = listedUpdater();
  /** The delivered modules within which some module delivered has a `during` period. */
  const nestedPeriods = new Set(served.filter((entry) => entry.nested.some(hasPeriod)));
  const codePointOrder = await ordersTextByCodePoint(db);
  /** The module a nested one's records are delivered in (a form's fields change its form's answers). */
  const outermost = (module: ModuleSchema): string => {
    const parent = module.admin.parent && app.schemaModules.get(module.admin.parent.resource)?.module;
    return parent ? outermost(parent) : module.admin.resource;
  };
  /** By delivered module: the resources whose records its answers read (its own and those of every module within it). */
  const readResources = new Map(served.map(({ module }) => [module.admin.resource, [...app.schemaModules.values()].map((routes) => routes.module.admin.resource).filter((resource) => outermost(app.schemaModules.get(resource)!.module) === module.admin.resource)]));
  await app.register(deliveryKeyRoutes, { deliveredModules: [...new Set(served.map(({ module }) => module.admin.module))] });

  /**
   * The versions a delivered module's answers at a service are kept under (site_delivery_versions):
   * `records`, of the records they read (`own`, of the module's own among them); `addresses`, of what names the service (its domains, key and modules).
   */
  const versionsOf = (resource: string, service: string) =>
    `SELECT coalesce(sum(version) FILTER (WHERE resource <> ''), 0) AS records, coalesce(sum(version) FILTER (WHERE resource = '${resource}'), 0) AS own,
            coalesce(sum(version) FILTER (WHERE resource = ''), 0) AS addresses
       FROM site_delivery_versions WHERE client_service_id = ${service} AND resource IN ('', ${readResources.get(resource)!.map((read) => `'${read}'`).join(', ')})`;
  const versionStatements = new Map(served.map(({ module }) => [module.admin.resource, preparedStatement(`site_delivery_versions_${module.admin.resource}`, versionsOf(module.admin.resource, '$1'), ['int'])]));
  /**
   * By delivered module and address (a domain in lower case, or a key's digest): the service it
   * named, and whether it had the module, at `addresses`: the service's version of them, or with
   * the embedded database the count of their changes notified (`notified`).
   */
  const addressed = new Map<string, { serviceId: number; granted: boolean; addresses: number }>();
  const notified = await notifiedVersions(db);
  /** A service's versions known in this process (the embedded database): no query. */
  const notifiedOf = (resource: string, serviceId: number) => ({
    version: readResources.get(resource)!.reduce((sum, read) => sum + notified!.of(serviceId, read), 0),
    ownVersion: notified!.of(serviceId, resource),
  });

  /**
   * The service a read names by its domain or key, when it has the module and the module's flags
   * hold for it, with the version of the records the module's answers read: for an address seen
   * before, no query with the embedded database, one prepared query with PostgreSQL (and one per
   * service flag). A 404 naming the site when no site has the domain or key.
   */
  async function servingService(request: FastifyRequest, { module }: DeliveredModule): Promise<{ serviceId: number; version: number; ownVersion: number }> {
    const { resource } = module.admin;
    const { domain } = request.params as { domain?: string };
    const keyDigest = domain === undefined ? deliveryKeyDigest(deliveryKeyOf(request)) : null;
    if (domain === undefined && keyDigest === null) throw httpError(404, 'errors.delivery_site_not_found');
    const address = `${resource}\n${domain === undefined ? `key ${keyDigest}` : domain.toLowerCase()}`;
    const known = addressed.get(address);
    let service: { serviceId: number; granted: boolean; version: number; ownVersion: number } | undefined;
    if (known && notified) {
      if (known.addresses === notified.addresses) service = { ...known, ...notifiedOf(resource, known.serviceId) };
    } else if (known) {
      const versions = (await versionStatements.get(resource)!<{ records: string; own: string; addresses: string }>(db, [known.serviceId])).rows[0];
      if (Number(versions.addresses) === known.addresses) service = { ...known, version: Number(versions.records), ownVersion: Number(versions.own) };
    }
    if (!service) {
      // Taken before the query: a change notified while it runs leaves this address unknown.
      const notifiedAddresses = notified?.addresses;
      const { rows } = await db.query<{ id: number; granted: boolean; records: string; own: string; addresses: string }>(
        `SELECT a.id, v.records, v.own, v.addresses,
                EXISTS (SELECT 1 FROM client_service_modules m WHERE m.client_service_id = a.id AND m.module = $2) AS granted
           FROM (${domain === undefined ? 'SELECT id FROM client_services WHERE delivery_key_hash = $1' : 'SELECT client_service_id AS id FROM client_service_domains WHERE lower(domain) = lower($1) LIMIT 1'}) a
          CROSS JOIN LATERAL (${versionsOf(resource, 'a.id')}) v`,
        [domain ?? keyDigest, module.admin.module],
      );
      if (!rows[0]) throw httpError(404, 'errors.delivery_site_not_found');
      const found = { serviceId: Number(rows[0].id), granted: rows[0].granted, addresses: notifiedAddresses ?? Number(rows[0].addresses) };
      addressed.delete(address);
      addressed.set(address, found);
      if (addressed.size > ADDRESSES) addressed.delete(addressed.keys().next().value as string);
      service = { ...found, ...(notified ? notifiedOf(resource, found.serviceId) : { version: Number(rows[0].records), ownVersion: Number(rows[0].own) }) };
    }
    if (!service.granted || !(await flagsHold(db, module.admin.flags, { serviceId: service.serviceId }))) throw httpError(404, 'errors.not_found');
    return service;
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

  /** What a read needs of the service: its records' state at the version asked, and the ids a list (with these filters) shows. */
  interface Served {
    serviceId: number;
    state: DeliveredState;
    ids(filters?: Record<string, unknown>): number[];
  }

  /**
   * The answer to a read (`asked`: what it asks of the module, whatever its address), kept or made
   * (`read` of the service asked for), with its strong ETag (SHA-256 of the body), or 304 without a
   * body when the site holds it already. `shows`: what of the state the answer shows (a kept one
   * showing the same records, none of them changed since, is still right).
   */
  async function answer(request: FastifyRequest, reply: FastifyReply, entry: DeliveredModule, asked: string, shows: (served: Served) => Shown, read: (served: Served, shown: Shown) => Promise<unknown>) {
    const { serviceId, version, ownVersion } = await servingService(request, entry);
    const nestedVersion = version - ownVersion;
    // The records within count for the lists only by their periods: otherwise their writes change answers alone.
    const state = await states.of(serviceId, entry.module.admin.resource, ownVersion, nestedPeriods.has(entry) ? nestedVersion : 0, async (held) =>
      (held && (await updateListed(db, entry, serviceId, held, held.version, ownVersion, codePointOrder))) ?? readListed(db, entry, serviceId),
    );
    const ids = (filters: Record<string, unknown> = {}) =>
      DeliveredStates.ids(state, new Map(entry.delivery.filters.flatMap((field, index) => (field in filters ? [[index, filters[field]] as const] : []))));
    const served = { serviceId, state, ids };
    const shown = shows(served);
    const kept = `${serviceId}\n${entry.module.admin.resource}\n${asked}`;
    let found = answers.get(kept, state, nestedVersion, shown);
    if (!found) {
      const text = JSON.stringify(await read(served, shown));
      found = { text, etag: etagOf(text) };
      answers.keep(kept, found, state, nestedVersion, shown);
    }
    const { text, etag } = found;
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
            answer(
              request,
              reply,
              entry,
              '',
              ({ ids }) => ({ ids: ids().slice(0, 1) }),
              async ({ serviceId }, shown) => {
                const [record] = await extended(serviceId, entry, await readDelivered(db, entry, serviceId, [...shown.ids]));
                return { data: record ?? null };
              },
            ),
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
          return answer(
            request,
            reply,
            entry,
            `${page.page}/${page.perPage}/${JSON.stringify(filters)}`,
            ({ ids }) => {
              const listed = ids(filters);
              return { ids: listed.slice(page.offset, page.offset + page.limit), total: listed.length };
            },
            async ({ serviceId }, shown) => {
              const records = await readDelivered(db, entry, serviceId, [...shown.ids]);
              return { data: await extended(serviceId, entry, records), pagination: { total: shown.total, page: page.page, per_page: page.perPage } };
            },
          );
        });

        if (extension?.ownRecordRoute) continue;
        site.get(`${base}/:id`, {
          config: { publicSiteApi: true, openapi: operation(`One of the site's ${module.admin.resource}, when shown now`, documentedAnswer({ type: 'object', properties: { data: recordSchema }, required: ['data'] }, 'The record')) },
        }, (request, reply) => {
          const { id: rawId } = request.params as { id: string };
          const id = Number(rawId);
          const valid = /^[1-9][0-9]{0,15}$/.test(rawId) && Number.isSafeInteger(id);
          return answer(request, reply, entry, rawId, ({ ids }) => ({ ids: valid && ids().includes(id) ? [id] : [] }), async ({ serviceId }, shown) => {
            if (shown.ids.length === 0) throw httpError(404, 'errors.not_found');
            const [record] = await readDelivered(db, entry, serviceId, [id]);
            if (!record) throw httpError(404, 'errors.not_found');
            const [data] = await extended(serviceId, entry, [record]);
            return { data };
          });
        });
      }
    }
  });
}
