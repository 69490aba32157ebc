import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchema } from '../../../../common/schema';
import type { Queryable } from '../../../../server/platform/db';
import { requireServiceAccess } from '../../../../server/platform/auth/service-access';
import { assertValidForm, httpError, t } from '../../../../server/platform/http/errors';
import { readPage } from '../../../../server/platform/http/pagination';
import { documentOperation, moduleRoutes, type WriteChange } from '../../../../server/schema';
import type { Owner } from '../../../../server/schema/storage';
import { allowedSql, importFlags, SECTIONS, sourceAllows, usableServices } from './rules';
import { CONTENT_TYPES, CONTINUOUS, contentTypeOf, importSyncJob, queueSync, type ContentType } from './sync';

const BASE = '/client_service/:service_id/module/imports';
const DOCUMENTED = '/client_service/{service_id}/module/imports';
/** The most services a sources list names (a client has a handful). */
const MAX_SOURCES = 1000;
const EXPORTS_PER_PAGE = 25;

type Choice = { id: number; name: string };

/** A oneOf-of-consts property's choices, named in Polish (GET /types and /content_types answer the schema's own lists). */
function choicesOf(property: JsonSchema | undefined): Choice[] {
  return ((property?.oneOf ?? []) as JsonSchema[]).map((choice) => ({ id: Number(choice.const), name: t(String(choice.title)) }));
}

/**
 * Imports between services (SPEC 7 "Imports"). The imports are a schema module
 * (schemas/site/import.schema.json: list, read, create, update, delete, publish toggle); this adds
 * what the engine cannot say: OPTIONS's page flags, the checks that reach another service (the
 * source must be the user's and let this service import from it), the categories' names, the
 * choices of the form (types, content types, source services, categories), the exports other
 * services take from this one, the sources list, and the job that copies the content.
 */
export async function importRoutes(app: FastifyInstance): Promise<void> {
  const imports = moduleRoutes(app, 'imports');
  if (!imports) return;
  const { db } = app.ctx;
  await app.ctx.jobs.define(importSyncJob(app));

  /** The content type a call names; 404 for an unknown one or one whose modules are not loaded. */
  function contentType(raw: unknown): ContentType {
    const type = contentTypeOf(Number(raw));
    if (!type || !moduleRoutes(app, type.resource) || !moduleRoutes(app, type.categories)) throw httpError(404, 'errors.not_found');
    return type;
  }

  /**
   * A source service the user names: theirs with the content's module (403 otherwise, as a foreign
   * service) and letting this one import (unless `allowed` is false: an import switched off may
   * stay, or be switched off, after its source stopped allowing it).
   */
  async function sourceService(request: FastifyRequest, raw: unknown, type: ContentType, importer: number, tx: Queryable = db, allowed = true): Promise<number> {
    const { serviceId } = await requireServiceAccess(tx, request, raw, type.module);
    if (allowed && !(await sourceAllows(tx, serviceId, importer))) throw httpError(403, 'errors.imports.source_refused');
    return serviceId;
  }

  async function categoryName(tx: Queryable, type: ContentType, serviceId: number, id: unknown): Promise<string | null> {
    const label = moduleRoutes(app, type.categories)!.module.admin.list.label;
    const { rows } = await tx.query<{ name: string }>(`SELECT data->>'${label}' AS name FROM module_records WHERE id = $1 AND resource = $2 AND client_service_id = $3`, [
      Number(id),
      type.categories,
      serviceId,
    ]);
    return rows[0]?.name ?? null;
  }

  imports.addHooks({
    // SPEC 4: the pages redirect by these; a failed call is logged by the browser.
    options: async (_request, owner) => ({ ...(await importFlags(db, owner.serviceId!)) }),
    async beforeWrite(tx, owner, values, request) {
      const target = owner.serviceId!;
      if (!(await importFlags(tx, target)).imports) throw httpError(404, 'errors.not_found');
      const type = contentType(values.content_type_id);
      const source = await sourceService(request, values.export_client_service_id, type, target, tx, values.published !== false);
      const exportName = await categoryName(tx, type, source, values.export_category_id);
      const name = await categoryName(tx, type, target, values.category_id);
      assertValidForm({
        ...(exportName === null ? { export_category_id: 'errors.reference_not_found' } : {}),
        ...(name === null ? { category_id: 'errors.reference_not_found' } : {}),
      });
      return { ...values, export_category_name: exportName, category_name: name };
    },
    // Every save, switch or removal of an import brings its copies in step (a switched-off or removed one removes them).
    afterWrite: async (tx, _owner, change) => {
      if (change) await queueSync(app, change.record.id, tx);
    },
  });

  // A source record changed: the continuous imports of its category follow.
  for (const type of CONTENT_TYPES) {
    const items = moduleRoutes(app, type.resource);
    if (!items) continue;
    const follow = async (tx: Queryable, owner: Owner, change: WriteChange | null) => {
      if (!change) return;
      const categoryId = owner.parentId ?? change.record.values.category_id;
      if (categoryId === undefined || categoryId === null) return;
      const { rows } = await tx.query<{ id: number }>(
        `SELECT id FROM module_records WHERE resource = 'imports' AND data->'export_client_service_id' = to_jsonb($1::int)
            AND data->'export_category_id' = to_jsonb($2::bigint) AND data->'import_type_id' = to_jsonb($3::int)`,
        [owner.serviceId, Number(categoryId), CONTINUOUS],
      );
      for (const row of rows) await queueSync(app, Number(row.id), tx);
    };
    items.addHooks({ afterWrite: follow });
  }

  const owner = (request: FastifyRequest) => imports.owner(request);

  documentOperation(app, 'get', `${DOCUMENTED}/types`, { tags: ['imports'], summary: 'Import types {data: [{id, name}]}', responses: { 200: { description: '{data}' } } });
  app.get(`${BASE}/types`, { preHandler: app.authenticate }, async (request) => {
    await owner(request);
    return { data: choicesOf(imports.module.schema.properties?.import_type_id) };
  });

  documentOperation(app, 'get', `${DOCUMENTED}/content_types`, { tags: ['imports'], summary: 'What imports can carry {data: [{id, name}]}', responses: { 200: { description: '{data}' } } });
  app.get(`${BASE}/content_types`, { preHandler: app.authenticate }, async (request) => {
    await owner(request);
    return { data: choicesOf(imports.module.schema.properties?.content_type_id).filter((choice) => contentTypeOf(choice.id) && moduleRoutes(app, contentTypeOf(choice.id)!.resource)) };
  });

  documentOperation(app, 'get', `${DOCUMENTED}/content_types/{content_type_id}/services`, {
    tags: ['imports'],
    summary: "The services this one may import the content from: the user's, with the content's module, letting this service import",
    responses: { 200: { description: '{data: [{id, name}]}' }, 404: { description: 'Unknown content type' } },
  });
  app.get(`${BASE}/content_types/:content_type_id/services`, { preHandler: app.authenticate }, async (request) => {
    const { serviceId } = await owner(request);
    const type = contentType((request.params as { content_type_id: string }).content_type_id);
    return { data: await usableServices(db, request, type.module, serviceId!, allowedSql('cs.id', '$1')) };
  });

  documentOperation(app, 'get', `${DOCUMENTED}/content_types/{content_type_id}/categories`, {
    tags: ['imports'],
    summary: "The content's categories of this service, or with ?content_client_service_id of a source service (403 unless the user's and letting this one import)",
    responses: { 200: { description: '{data: [{id, name}]}' }, 403: { description: 'Not a source of this service' }, 404: { description: 'Unknown content type' } },
  });
  app.get(`${BASE}/content_types/:content_type_id/categories`, { preHandler: app.authenticate }, async (request) => {
    const { serviceId } = await owner(request);
    const type = contentType((request.params as { content_type_id: string }).content_type_id);
    const from = (request.query as { content_client_service_id?: string }).content_client_service_id;
    const categoriesOf = from === undefined || from === '' ? serviceId! : await sourceService(request, from, type, serviceId!);
    const label = moduleRoutes(app, type.categories)!.module.admin.list.label;
    const { rows } = await db.query<{ id: number; name: string }>(
      `SELECT id, data->>'${label}' AS name FROM module_records WHERE resource = $1 AND client_service_id = $2 ORDER BY lower(data->>'${label}'), id LIMIT 1000`,
      [type.categories, categoriesOf],
    );
    return { data: rows.map((row) => ({ id: Number(row.id), name: row.name })) };
  });

  documentOperation(app, 'get', `${DOCUMENTED}/exports`, {
    tags: ['imports'],
    summary: "The imports other services take from this one ({data, pagination.total}; page, per_page); 404 when the service's exports are off",
    responses: { 200: { description: '{data, pagination}' } },
  });
  app.get(`${BASE}/exports`, { preHandler: app.authenticate }, async (request) => {
    const { serviceId } = await owner(request);
    if (!(await importFlags(db, serviceId!)).exports) throw httpError(404, 'errors.not_found');
    const { limit, offset } = readPage(request.query, EXPORTS_PER_PAGE);
    const { rows } = await db.query<{ id: number; client_service_id: number; client_service_name: string; data: Record<string, unknown>; total: number }>(
      `SELECT m.id, m.client_service_id, cs.name AS client_service_name, m.data, count(*) OVER () AS total
         FROM module_records m JOIN client_services cs ON cs.id = m.client_service_id
        WHERE m.resource = 'imports' AND m.data->'export_client_service_id' = to_jsonb($1::int)
        ORDER BY m.id DESC LIMIT ${limit} OFFSET ${offset}`,
      [serviceId],
    );
    const fields = ['import_type_id', 'content_type_id', 'category_name', 'export_category_id', 'export_category_name', 'published', 'start_date', 'end_date'];
    return {
      data: rows.map((row) => ({
        id: Number(row.id),
        client_service_id: Number(row.client_service_id),
        client_service_name: row.client_service_name,
        ...Object.fromEntries(fields.map((field) => [field, row.data[field] ?? null])),
      })),
      pagination: { total: rows.length ? Number(rows[0].total) : 0 },
    };
  });

  documentOperation(app, 'put', `${DOCUMENTED}/settings`, {
    tags: ['imports'],
    summary: "Root users only: which import pages the service has {imports, exports, sources} (booleans; what is left out keeps its value); answers the flags as OPTIONS does",
    responses: { 200: { description: '{imports, exports, sources}' }, 400: { description: 'Not booleans' }, 403: { description: 'Not a root user' } },
  });
  app.put(`${BASE}/settings`, { preHandler: app.requireRoot }, async (request) => {
    const { serviceId } = await owner(request);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const wrong = SECTIONS.filter((flag) => body[flag] !== undefined && typeof body[flag] !== 'boolean');
    assertValidForm(Object.fromEntries(wrong.map((flag) => [flag, 'validation.imports.flag_invalid'])));
    const flags = { ...(await importFlags(db, serviceId!)), ...Object.fromEntries(SECTIONS.filter((flag) => typeof body[flag] === 'boolean').map((flag) => [flag, body[flag]])) };
    await db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO import_settings (client_service_id, imports, exports, sources) VALUES ($1, $2, $3, $4)
         ON CONFLICT (client_service_id) DO UPDATE SET imports = $2, exports = $3, sources = $4`,
        [serviceId, flags.imports, flags.exports, flags.sources],
      );
      // What the service imports, and what others import from it, follow the new flags at once.
      const { rows } = await tx.query<{ id: number }>(
        `SELECT id FROM module_records WHERE resource = 'imports' AND (client_service_id = $1 OR data->'export_client_service_id' = to_jsonb($1::int))`,
        [serviceId],
      );
      for (const row of rows) await queueSync(app, Number(row.id), tx);
    });
    return flags;
  });

  /** The sources page exists only where the provider turned it on. */
  async function sourcesOwner(request: FastifyRequest): Promise<number> {
    const { serviceId } = await owner(request);
    if (!(await importFlags(db, serviceId!)).sources) throw httpError(404, 'errors.not_found');
    return serviceId!;
  }

  documentOperation(app, 'get', `${DOCUMENTED}/client_sources`, {
    tags: ['imports'],
    summary: "{sources: ids of the services allowed to import from this one, services: the user's services it may list}; 404 when the sources page is off",
    responses: { 200: { description: '{sources, services}' } },
  });
  app.get(`${BASE}/client_sources`, { preHandler: app.authenticate }, async (request) => {
    const serviceId = await sourcesOwner(request);
    const { rows } = await db.query<{ id: number }>(
      'SELECT importer_client_service_id AS id FROM import_sources WHERE client_service_id = $1 ORDER BY importer_client_service_id',
      [serviceId],
    );
    return { sources: rows.map((row) => Number(row.id)), services: await usableServices(db, request, 'imports', serviceId) };
  });

  documentOperation(app, 'put', `${DOCUMENTED}/client_sources`, {
    tags: ['imports'],
    summary: "Replaces the list {sources: [service ids]}; each must be one of the user's services with imports (403 otherwise)",
    responses: { 200: { description: '{sources, detail}' }, 400: { description: 'Not a list of service ids' }, 403: { description: 'A foreign service' } },
  });
  app.put(`${BASE}/client_sources`, { preHandler: app.authenticate }, async (request) => {
    const serviceId = await sourcesOwner(request);
    const body = request.body as { sources?: unknown } | null;
    const given = body?.sources;
    if (!Array.isArray(given) || given.length > MAX_SOURCES || !given.every((id) => Number.isSafeInteger(id) && (id as number) >= 1)) {
      assertValidForm({ sources: 'validation.imports.sources_invalid' });
    }
    const sources = [...new Set(given as number[])];
    for (const id of sources) await requireServiceAccess(db, request, id, 'imports');
    if (sources.includes(serviceId)) assertValidForm({ sources: 'validation.imports.sources_invalid' });
    await db.transaction(async (tx) => {
      await tx.query('DELETE FROM import_sources WHERE client_service_id = $1', [serviceId]);
      await tx.query(
        'INSERT INTO import_sources (client_service_id, importer_client_service_id) SELECT $1, unnest($2::int[])',
        [serviceId, sources],
      );
      // Imports from this service that it no longer allows stop at their next sync: queue them now.
      const { rows } = await tx.query<{ id: number }>(`SELECT id FROM module_records WHERE resource = 'imports' AND data->'export_client_service_id' = to_jsonb($1::int)`, [serviceId]);
      for (const row of rows) await queueSync(app, Number(row.id), tx);
    });
    return { sources: sources.sort((a, b) => a - b), detail: t('resources.imports.messages.sources_updated') };
  });
}
