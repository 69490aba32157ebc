import type { FastifyRequest } from 'fastify';
import { pickDeclared, type AdminAction, type RecordValidator } from '../../../common/schema';
import { httpError } from '../../platform/http/errors';
import { isPlainObject, validationFailure, type ModuleRoutes, type Params, type Capability } from '../module-routes';
import { json, ok, recordOf } from '../openapi';

/**
 * An engine-served action (handler 'update', e.g. PUT .../{id}/publish {published}): the body is
 * checked against the action's schema, its fields are set on the record, and the whole record is
 * checked again as a save would.
 */
async function runUpdateAction(routes: ModuleRoutes, request: FastifyRequest, action: AdminAction, validateBody: RecordValidator): Promise<Record<string, unknown>> {
  const owner = await routes.owner(request, 'write');
  const id = routes.recordId((request.params as Params).id);
  const body = request.body ?? {};
  if (!isPlainObject(body)) throw httpError(400, 'validation.form_invalid');
  const changes = pickDeclared(action.body!, body);
  if (!validateBody(changes)) throw validationFailure(validateBody, action.body!);
  const existing = await routes.store.get(routes.db, owner, id, 0);
  if (!existing) throw httpError(404, 'errors.not_found');
  routes.guard(existing);
  const values = { ...existing.values, ...changes };
  if (!routes.validate(values)) throw validationFailure(routes.validate, routes.module.schema);
  const updated = await routes.transaction(owner, [], async (tx) => {
    const record = await routes.store.update(tx, owner, id, await routes.prepared(tx, owner, values, id, request), {});
    if (record) await routes.followWrite(tx, { request, owner, before: existing, after: record });
    return record;
  });
  if (!updated) throw httpError(404, 'errors.not_found');
  return routes.output(updated, owner);
}

/**
 * x-admin.actions: the engine serves those of handler 'update' at `{item}/{path}`; those of handler
 * 'module' are the module's own code's (and described there).
 */
export const actions: Capability = {
  routes(routes, site) {
    const { admin } = routes.module;
    if (admin.singleton || !admin.writable) return;
    for (const action of admin.actions.filter((candidate) => candidate.handler === 'update')) {
      const validateBody = routes.ajv.compile(action.body!);
      const openapi = { summary: `Action ${action.name}: sets these fields of the record`, requestBody: { required: true, content: json(action.body) }, responses: { 200: ok(recordOf(routes.module)) } };
      site.route(action.method, `${site.item}/${action.path}`, openapi, (request) => runUpdateAction(routes, request, action, validateBody));
    }
  },
};
