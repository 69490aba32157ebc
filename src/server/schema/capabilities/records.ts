import type { FastifyRequest } from 'fastify';
import { currentUser } from '../../platform/auth/plugin';
import type { Queryable } from '../../platform/db';
import { releaseFiles } from '../../platform/files/quota';
import { httpError } from '../../platform/http/errors';
import { parseListQuery } from '../list-query';
import { flagsHold } from '../flags';
import { errorResponse, listParameters, ok, recordBody, recordOf } from '../openapi';
import { replacedFiles, type ModuleRoutes, type Params, type Capability } from '../module-routes';
import type { Owner, StoredRecord } from '../storage';
import { readBody } from '../uploads';
import { nestedFiles } from './files';

/** Each list page the store serves from its cache, serialised once (never one with private files: their signed URLs are made afresh). */
const serialisedPages = new WeakMap<object, string>();

/** The list answer as JSON text. */
async function list(routes: ModuleRoutes, request: FastifyRequest): Promise<string> {
  const owner = await routes.owner(request);
  const { admin } = routes.module;
  const query = parseListQuery(request.query, admin, currentUser(request).userId);
  const flags = query.filters.flatMap(({ filter }) => filter.flags ?? []);
  if (flags.length && !(await flagsHold(routes.db, flags, { serviceId: owner.serviceId }))) throw httpError(404, 'errors.not_found');
  const page = await routes.store.list(routes.db, owner, query);
  let body = serialisedPages.get(page);
  if (body === undefined) {
    body = JSON.stringify({ data: page.rows.map((row) => routes.output(row, owner)), pagination: { total: page.total } });
    if (!Object.values(admin.files).some((spec) => spec.private)) serialisedPages.set(page, body);
  }
  return body;
}

async function read(routes: ModuleRoutes, request: FastifyRequest) {
  const owner = await routes.owner(request);
  const id = routes.recordId((request.params as Params).id);
  const viewerId = currentUser(request).userId;
  const record = await routes.store.get(routes.db, owner, id, viewerId);
  if (!record) throw httpError(404, 'errors.not_found');
  if (record.is_read === false) {
    await routes.store.markRead(routes.db, id, viewerId);
    record.is_read = true;
  }
  return routes.output(record, owner);
}

async function dictionary(routes: ModuleRoutes, request: FastifyRequest) {
  const owner = await routes.owner(request);
  const label = routes.module.admin.list.label;
  const query = parseListQuery({ sort: label, order: 'ASC' }, routes.module.admin, currentUser(request).userId);
  const { rows } = await routes.store.list(routes.db, owner, { ...query, perPage: 1000 });
  return { data: rows.map((row) => ({ id: row.id, name: row.values[label] ?? row.id })) };
}

async function create(routes: ModuleRoutes, request: FastifyRequest): Promise<Record<string, unknown>> {
  const owner = await routes.owner(request, 'write');
  const { body, files } = await readBody(request, routes.module, routes.files);
  const checked = await routes.checkedValues(body, null, files);
  const created = await routes.transaction(owner, files, async (tx, stored) => {
    const values = await routes.prepared(tx, owner, checked, null, request);
    const record = await routes.store.insert(tx, owner, values, stored);
    await routes.followWrite(tx, { request, owner, before: null, after: record });
    return record;
  });
  return routes.output(created, owner);
}

async function update(routes: ModuleRoutes, request: FastifyRequest): Promise<Record<string, unknown>> {
  const owner = await routes.owner(request, 'write');
  const id = routes.recordId((request.params as Params).id);
  const existing = await routes.store.get(routes.db, owner, id, 0);
  if (!existing) throw httpError(404, 'errors.not_found');
  routes.guard(existing);
  const { body, files } = await readBody(request, routes.module, routes.files);
  const checked = await routes.checkedValues(body, existing, files);
  const updated = await routes.transaction(
    owner,
    files,
    async (tx, stored) => {
      const values = await routes.prepared(tx, owner, checked, id, request);
      const record = await routes.store.update(tx, owner, id, values, stored);
      if (record) await routes.followWrite(tx, { request, owner, before: existing, after: record });
      return record;
    },
    (result) => replacedFiles(existing, result),
  );
  if (!updated) throw httpError(404, 'errors.not_found');
  return routes.output(updated, owner);
}

/** Deletes a record with the records nested under it; their files go once the removal committed. */
/**
 * Removes one of the owner's records in the caller's transaction, unless its capabilities keep it
 * (a locked one), and follows the write. Its children go with it (ON DELETE CASCADE): their files
 * are given back here, for the caller to delete once committed. null when there is no such record.
 */
export async function removeRecord(routes: ModuleRoutes, tx: Queryable, request: FastifyRequest, owner: Owner, id: number): Promise<{ record: StoredRecord; nested: string[] } | null> {
  const current = await routes.store.get(tx, owner, id, 0);
  if (current) routes.guard(current);
  const nested = await nestedFiles(routes, tx, owner, id);
  const record = await routes.store.remove(tx, owner, id);
  if (!record) return null;
  await routes.followWrite(tx, { request, owner, before: record, after: null });
  await releaseFiles(tx, nested);
  return { record, nested };
}

async function remove(routes: ModuleRoutes, request: FastifyRequest): Promise<void> {
  const owner = await routes.owner(request, 'write');
  const id = routes.recordId((request.params as Params).id);
  const removal = await routes.transaction(
    owner,
    [],
    (tx) => removeRecord(routes, tx, request, owner, id),
    (result) => result?.record.files ?? {},
  );
  if (!removal) throw httpError(404, 'errors.not_found');
  await routes.deleteObjects(removal.nested);
}

/**
 * The schema (OPTIONS) of every module; a collection's list, dictionary and records, and unless
 * x-admin.writable is false its create, update and delete. Singletons have their own (singleton.ts).
 */
export const records: Capability = {
  routes(routes, site) {
    const { module } = routes;
    const { admin } = module;
    const record = recordOf(module);
    site.route('OPTIONS', site.collection, { summary: 'The JSON Schema of the form', responses: { 200: ok({ type: 'object', properties: { schema: { type: 'object' } } }) } }, async (request) =>
      routes.optionsAnswer(request, await routes.owner(request)),
    );
    if (admin.singleton) return;
    const page = { type: 'object', properties: { data: { type: 'array', items: record }, pagination: { type: 'object', properties: { total: { type: 'integer' } } } } };
    site.route('GET', site.collection, { summary: 'List', parameters: listParameters(module), responses: { 200: ok(page) } }, async (request, reply) =>
      reply.type('application/json; charset=utf-8').send(await list(routes, request)),
    );
    site.route('GET', `${site.collection}/dictionary`, { summary: 'Every record as {id, name}', responses: { 200: ok({ type: 'object' }) } }, (request) => dictionary(routes, request));
    site.route('GET', site.item, { summary: 'Read one', responses: { 200: ok(record) } }, (request) => read(routes, request));
    if (!admin.writable) return;
    const conflict = { 409: errorResponse('Unique key taken') };
    for (const path of site.writePaths) {
      site.route('POST', path, { summary: 'Create', requestBody: recordBody(module), responses: { 201: ok(record, 'Created'), ...conflict } }, async (request, reply) =>
        reply.status(201).send(await create(routes, request)),
      );
      site.route('PUT', `${path}/:id`, { summary: 'Update', requestBody: recordBody(module), responses: { 200: ok(record), ...conflict } }, (request) => update(routes, request));
    }
    site.route('DELETE', site.item, { summary: 'Delete', responses: { 204: { description: 'Deleted' } } }, async (request, reply) => {
      await remove(routes, request);
      return reply.status(204).send();
    });
  },
};
