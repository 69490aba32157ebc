import type { FastifyRequest } from 'fastify';
import type { AdminBulkAction, JsonSchema, RecordValidator } from '../../../common/schema';
import type { Queryable } from '../../platform/db';
import { releaseFiles } from '../../platform/files/quota';
import { httpError, t } from '../../platform/http/errors';
import { keysOf } from '../file-keys';
import { isPlainObject, validationFailure, type Capability, type ModuleRoutes } from '../module-routes';
import type { Owner, StoredRecord } from '../storage';
import { json, ok } from '../openapi';
import { removeRecord } from './records';

/** The most records one bulk call takes: a few pages of the largest list page. */
export const BULK_MAX_RECORDS = 1000;

const idsSchema: JsonSchema = { type: 'array', minItems: 1, maxItems: BULK_MAX_RECORDS, items: { type: 'integer', minimum: 1 } };
const answer = ok({ type: 'object', properties: { count: { type: 'integer' }, detail: { type: 'string' } }, required: ['count', 'detail'] });
const refusals = { 400: { description: 'No ids, more than the bound, or values the field refuses' }, 404: { description: "An id is none of the owner's records: nothing changed" } };

/** The distinct ids of a body, checked: 1 to BULK_MAX_RECORDS whole numbers. */
function idsOf(routes: ModuleRoutes, body: Record<string, unknown>, validateIds: RecordValidator): number[] {
  if (!validateIds(body.ids)) throw httpError(400, 'errors.bulk.ids', { max: BULK_MAX_RECORDS });
  const ids = [...new Set(body.ids as number[])];
  if (ids.some((id) => id > routes.store.maxId)) throw httpError(404, 'errors.bulk.not_found');
  return ids;
}

/** Each record of the owner, read in the transaction and checked as a single write would be; one missing refuses them all. */
async function ownRecords(routes: ModuleRoutes, tx: Queryable, owner: Owner, ids: number[]): Promise<StoredRecord[]> {
  const records: StoredRecord[] = [];
  for (const id of ids) {
    const record = await routes.store.get(tx, owner, id, 0);
    if (!record) throw httpError(404, 'errors.bulk.not_found');
    routes.guard(record);
    records.push(record);
  }
  return records;
}

const bodyOf = (request: FastifyRequest) => {
  if (!isPlainObject(request.body)) throw httpError(400, 'validation.form_invalid');
  return request.body;
};

/** Deletes the records (with those nested under them) in one transaction; their files go once it committed. */
async function removeAll(routes: ModuleRoutes, request: FastifyRequest, validateIds: RecordValidator): Promise<number> {
  const owner = await routes.owner(request, 'write');
  const ids = idsOf(routes, bodyOf(request), validateIds);
  const gone = await routes.transaction(owner, [], async (tx) => {
    const keys: string[] = [];
    for (const id of ids) {
      const removal = await removeRecord(routes, tx, request, owner, id);
      if (!removal) throw httpError(404, 'errors.bulk.not_found');
      const own = Object.entries(removal.record.files).flatMap(([field, name]) => (name ? keysOf(routes.module, owner, field, name) : []));
      await releaseFiles(tx, own);
      keys.push(...own, ...removal.nested);
    }
    return keys;
  });
  await routes.deleteObjects(gone);
  return ids.length;
}

/**
 * Adds the values to the array field of every record (each value once, after those it holds),
 * each record checked and completed as its save would be (references, unique keys), in one
 * transaction.
 */
async function addToAll(routes: ModuleRoutes, request: FastifyRequest, field: string, validateIds: RecordValidator, validateValues: RecordValidator, valuesSchema: JsonSchema): Promise<number> {
  const owner = await routes.owner(request, 'write');
  const body = bodyOf(request);
  const ids = idsOf(routes, body, validateIds);
  // Checked as the field of a form, so that each message names the field.
  if (!validateValues({ [field]: body.values })) throw validationFailure(validateValues, valuesSchema);
  const added = body.values as unknown[];
  await routes.transaction(owner, [], async (tx) => {
    for (const existing of await ownRecords(routes, tx, owner, ids)) {
      const held = Array.isArray(existing.values[field]) ? (existing.values[field] as unknown[]) : [];
      const values = { ...existing.values, [field]: [...held, ...added.filter((value) => !held.includes(value))] };
      if (!routes.validate(values)) throw validationFailure(routes.validate, routes.module.schema);
      const record = await routes.store.update(tx, owner, existing.id, await routes.prepared(tx, owner, values, existing.id, request), {});
      if (!record) throw httpError(404, 'errors.bulk.not_found');
      await routes.followWrite(tx, { request, owner, before: existing, after: record });
    }
  });
  return ids.length;
}

/**
 * x-admin.list.bulk: one call per action for the records selected on the list, only the owner's,
 * all or none: POST `{collection}/bulk/delete` {ids} and POST `{collection}/bulk/add/{field}`
 * {ids, values}, answering the count and the action's counted message.
 */
export const bulk: Capability = {
  routes(routes, site) {
    const { module } = routes;
    const validateIds = routes.ajv.compile(idsSchema);
    const done = (entry: AdminBulkAction, count: number) => ({ count, detail: t(entry.message, { smart_count: count }) });
    for (const entry of module.admin.list.bulk ?? []) {
      if (entry.action === 'delete') {
        const openapi = { summary: 'Deletes the selected records, all or none', requestBody: { required: true, content: json({ type: 'object', properties: { ids: idsSchema }, required: ['ids'] }) }, responses: { 200: answer, ...refusals } };
        site.route('POST', `${site.collection}/bulk/delete`, openapi, async (request) => done(entry, await removeAll(routes, request, validateIds)));
        continue;
      }
      const field = entry.field!;
      const property = module.schema.properties![field];
      // The values alone: at least one, each as the field's items are checked, at most as many as the field holds.
      const values: JsonSchema = {
        type: 'array',
        title: property.title,
        minItems: 1,
        uniqueItems: true,
        items: property.items,
        ...(typeof property.maxItems === 'number' ? { maxItems: property.maxItems } : {}),
        errorMessage: { minItems: 'errors.bulk.values_required' },
      };
      const valuesSchema: JsonSchema = { type: 'object', properties: { [field]: values }, required: [field] };
      const validateValues = routes.ajv.compile(valuesSchema);
      const openapi = {
        summary: `Adds values to ${field} of the selected records, all or none`,
        requestBody: { required: true, content: json({ type: 'object', properties: { ids: idsSchema, values }, required: ['ids', 'values'] }) },
        responses: { 200: answer, ...refusals },
      };
      site.route('POST', `${site.collection}/bulk/add/${field}`, openapi, async (request) => done(entry, await addToAll(routes, request, field, validateIds, validateValues, valuesSchema)));
    }
  },
};
