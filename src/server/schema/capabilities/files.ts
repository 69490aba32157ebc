import type { FastifyRequest } from 'fastify';
import { POSITION } from '../../../common/schema';
import type { Queryable } from '../../platform/db';
import { chargeFiles } from '../../platform/files/quota';
import { newStoredName, STORED_NAME } from '../../platform/files/store';
import { httpError } from '../../platform/http/errors';
import { fileKey, keysOf, thumbnailName } from '../file-keys';
import { RECORDS_AT_A_TIME, type ModuleRoutes, type Params, type Placement, type Capability } from '../module-routes';
import type { Owner } from '../storage';

/** The modules nested under a module whose records, or records nested under them, hold files (found once, all modules being registered by then). */
const fileChildrenFound = new WeakMap<ModuleRoutes, ModuleRoutes[]>();

function fileChildren(routes: ModuleRoutes): ModuleRoutes[] {
  let children = fileChildrenFound.get(routes);
  if (!children) {
    children = [...routes.app.schemaModules.values()].filter(
      (child) => child.module.admin.parent?.resource === routes.module.admin.resource && (Object.keys(child.module.admin.files).length > 0 || fileChildren(child).length > 0),
    );
    fileChildrenFound.set(routes, children);
  }
  return children;
}

/** The stored objects of the records nested under a record (at any depth): they go with it. */
export async function nestedFiles(routes: ModuleRoutes, db: Queryable, owner: Owner, parentId: number): Promise<string[]> {
  const childOwner = { ...owner, parentId };
  const found: string[] = [];
  // Through each child's store: its rows may be in module_records or in a table of its own.
  for (const child of fileChildren(routes)) {
    for (let page = 1; ; page++) {
      const { rows } = await child.store.list(db, childOwner, { page, perPage: RECORDS_AT_A_TIME, sort: { field: 'id', order: 'ASC' }, filters: [], viewerId: 0 });
      for (const record of rows) {
        for (const [field, name] of Object.entries(record.files)) if (name) found.push(...keysOf(child.module, childOwner, field, name));
        found.push(...(await nestedFiles(child, db, childOwner, record.id)));
      }
      if (rows.length < RECORDS_AT_A_TIME) break;
    }
  }
  return found;
}

/**
 * Copies a nested module's records under `from`'s parent record to the parent record `toParentId`
 * (a template's blocks to its copy), in their order, inside the caller's transaction: their values,
 * and their files (with thumbnails) as new objects counted against the service's quota. Returns the
 * keys it wrote, for the caller to delete should its transaction fail.
 */
export async function copyNested(routes: ModuleRoutes, tx: Queryable, from: Owner, toParentId: number): Promise<string[]> {
  const { module, files } = routes;
  const to: Owner = { ...from, parentId: toParentId };
  const sort = module.admin.ordered ? { field: POSITION, order: 'ASC' as const } : { field: 'id', order: 'ASC' as const };
  const written: string[] = [];
  for (let page = 1; ; page++) {
    const { rows } = await routes.store.list(tx, from, { page, perPage: RECORDS_AT_A_TIME, sort, filters: [], viewerId: 0 });
    for (const record of rows) {
      const stored: Record<string, string> = {};
      const placements: Placement[] = [];
      for (const [field, name] of Object.entries(record.files)) {
        if (!name || !STORED_NAME.test(name)) continue;
        stored[field] = newStoredName(name.slice(name.lastIndexOf('.') + 1));
        const variants = module.admin.files[field].thumbnails.map((thumbnail) => thumbnail.name);
        const pairs = [[name, stored[field]], ...variants.map((variant) => [thumbnailName(name, variant), thumbnailName(stored[field], variant)])];
        for (const [oldName, newName] of pairs) {
          const object = await files.open(fileKey(module, from, field, oldName));
          if (!object) continue;
          const temporary = await files.putTemporary(object.stream, object.length + 1);
          placements.push({ temporaryKey: temporary.key, key: fileKey(module, to, field, newName), bytes: temporary.bytes });
        }
      }
      await routes.store.insert(tx, to, record.values, stored);
      if (to.serviceId !== null) await chargeFiles(tx, to.serviceId, placements);
      for (const placement of placements) {
        await files.commit(placement.temporaryKey, placement.key);
        written.push(placement.key);
      }
    }
    if (rows.length < RECORDS_AT_A_TIME) return written;
  }
}

async function removeFile(routes: ModuleRoutes, request: FastifyRequest, field: string): Promise<void> {
  const owner = await routes.owner(request, 'write');
  const id = routes.recordId((request.params as Params).id);
  const existing = await routes.store.get(routes.db, owner, id, 0);
  if (!existing) throw httpError(404, 'errors.not_found');
  routes.guard(existing);
  await routes.transaction(
    owner,
    [],
    (tx) => routes.store.update(tx, owner, id, existing.values, { [field]: null }),
    (result) => (result ? { [field]: existing.files[field] } : {}),
  );
}

/**
 * x-admin.files: file fields, received with a record's create and update (uploads.ts reads them),
 * stored under their keys (file-keys.ts) with the records nested under theirs, and removed one at a
 * time by `DELETE {item}/{deletePath}`.
 */
export const files: Capability = {
  routes(routes, site) {
    const { admin } = routes.module;
    if (admin.singleton || !admin.writable) return;
    for (const [field, spec] of Object.entries(admin.files)) {
      site.route('DELETE', `${site.item}/${spec.deletePath}`, { summary: `Delete the ${field} file`, responses: { 204: { description: 'Deleted' } } }, async (request, reply) => {
        await removeFile(routes, request, field);
        return reply.status(204).send();
      });
    }
  },
};
