import type { Queryable } from '../../platform/db';
import { currentUser } from '../../platform/auth/plugin';
import type { Capability, ModuleRoutes, StoredWrite } from '../module-routes';

/**
 * The write's difference as a record of the history module, in the write's transaction: who, when,
 * created, updated or deleted, and each changed property's value before and after. The log is
 * nested under the written record, or for a nested module's record under its parent, naming the
 * module (a news item's log tells of its photos).
 */
async function recordHistory(tx: Queryable, routes: ModuleRoutes, { request, owner, before, after }: StoredWrite): Promise<void> {
  const { module } = routes;
  const { history } = module.admin;
  const written = after ?? before;
  if (!history || !written) return;
  const log = routes.app.schemaModules.get(history)!;
  const own = log.module.admin.parent?.resource === module.admin.resource;
  // Its own record's removal takes its log along; only a nested record's removal is told.
  if (own && !after) return;
  const fields = Object.keys(module.schema.properties ?? {});
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  const changes = fields
    .filter((field) => !same(before?.values[field], after?.values[field]))
    .map((field) => ({ field, before: before?.values[field] ?? null, after: after?.values[field] ?? null }));
  if (before && after && changes.length === 0) return;
  const { userId } = currentUser(request);
  // The author's name as their account (cached for every request) has it.
  const { profile } = await routes.app.accounts.get(userId);
  const user = [profile.name, profile.surname].filter(Boolean).join(' ');
  const action = !before ? 'created' : after ? 'updated' : 'deleted';
  await log.store.insert(
    tx,
    { ...owner, parentId: own ? written.id : owner.parentId },
    { date: new Date().toISOString(), user, user_id: userId, action, changes, ...(own ? {} : { resource: module.admin.resource }) },
    {},
  );
}

/** x-admin.history: every create, update and delete adds a record to the history module, in the same transaction. */
export const history: Capability = {
  stored: recordHistory,
};
