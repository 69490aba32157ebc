import type { FastifyRequest } from 'fastify';
import { toRoutePattern } from '../../../common/schema';
import { httpError } from '../../platform/http/errors';
import { replacedFiles, type ModuleRoutes, type Capability } from '../module-routes';
import { ok, recordBody, recordOf } from '../openapi';
import type { Owner, StoredRecord } from '../storage';
import { readBody, type ReceivedFile } from '../uploads';

async function readSingleton(routes: ModuleRoutes, request: FastifyRequest) {
  const owner = await routes.owner(request);
  const record = await routes.store.first(routes.db, owner);
  return record ? routes.output(record, owner) : routes.draftAnswer(request, owner);
}

/** Creates the owner's record or replaces it. */
async function save(routes: ModuleRoutes, request: FastifyRequest): Promise<Record<string, unknown>> {
  const owner = await routes.owner(request, 'write');
  const existing = await routes.store.first(routes.db, owner);
  const { body, files } = await readBody(request, routes.module, routes.files);
  const checked = await routes.checkedValues(body, existing, files);
  return writeSingleton(routes, request, owner, existing, checked, files);
}

/**
 * Writes the owner's one record as a save does (the hooks, the checks against stored data, the
 * files), with values already checked; answers it as the API returns it. A module's own call that
 * refills a singleton (the WCAG statement from a newer analysis) writes through it too.
 */
export async function writeSingleton(
  routes: ModuleRoutes,
  request: FastifyRequest,
  owner: Owner,
  existing: StoredRecord | null,
  checked: Record<string, unknown>,
  files: ReceivedFile[] = [],
): Promise<Record<string, unknown>> {
  const saved = await routes.transaction(
    owner,
    files,
    async (tx, stored) => {
      const values = await routes.prepared(tx, owner, checked, existing?.id ?? null, request);
      const record = existing ? await routes.store.update(tx, owner, existing.id, values, stored) : await routes.store.insert(tx, owner, values, stored);
      if (record) await routes.followWrite(tx, { request, owner, before: existing, after: record });
      return record;
    },
    (result) => replacedFiles(existing, result),
  );
  if (!saved) throw httpError(409, 'errors.conflict');
  return routes.output(saved, owner);
}

/** x-admin.singleton: one record per owner, read at api.read (before the first save, the module's draft or `{}`), saved by POST or PUT. */
export const singleton: Capability = {
  routes(routes, site) {
    const { module } = routes;
    if (!module.admin.singleton) return;
    const record = recordOf(module);
    site.route('GET', toRoutePattern(module.admin.api.read ?? module.admin.api.path), { summary: 'The saved record, or before the first save what the module proposes (no id; {} when nothing)', responses: { 200: ok(record) } }, (request) =>
      readSingleton(routes, request),
    );
    for (const path of site.writePaths) {
      for (const method of ['POST', 'PUT'] as const) {
        site.route(method, path, { summary: 'Save (create or replace)', requestBody: recordBody(module), responses: { 200: ok(record) } }, (request) => save(routes, request));
      }
    }
  },
};
