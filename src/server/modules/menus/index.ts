import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/auth/plugin';
import type { Queryable } from '../../platform/db';
import { requireServiceAccess } from '../../platform/auth/service-access';
import type { MenuItem } from '../../../common/api/menu';
import { httpError, t } from '../../platform/http/errors';
import { syncMenuEntries } from '../../schema/menus';
import { ADMIN_AREA_ENTRIES } from './admin-area';

/** A menu_items row: the item's own fields, its parent and its kind as stored. */
type MenuRow = Omit<MenuItem, 'type' | 'submenu'> & { parent_id: number | null; item_type: MenuItem['type'] };

/**
 * The tree of one menu, children sorted by sort, names translated (rows keep catalogue keys; a
 * name a provider typed in is not a key and stays as typed). Root-only items (and everything under
 * them) are dropped for other users; extraParams are merged into the params of items that open a route.
 */
async function loadMenu(
  db: Queryable,
  filter: { menu: 'main' | 'admin' } | { menu: 'client_service'; serviceTypeId: number },
  isRoot: boolean,
  extraParams: Record<string, string | number> = {},
): Promise<MenuItem[]> {
  const { rows } = await db.query<MenuRow>(
    `SELECT id, parent_id, item_type, prefix, name, icon, link, link_target, sort, is_root, params, shortcut
       FROM menu_items
      WHERE menu = $1 AND service_type_id IS NOT DISTINCT FROM $2 AND (is_root = FALSE OR $3::boolean)
      ORDER BY sort, id`,
    [filter.menu, filter.menu === 'client_service' ? filter.serviceTypeId : null, isRoot],
  );
  const children = new Map<MenuItem['id'] | null, MenuRow[]>();
  for (const row of rows) children.set(row.parent_id, [...(children.get(row.parent_id) ?? []), row]);
  const build = (parentId: MenuItem['id'] | null): MenuItem[] =>
    (children.get(parentId) ?? []).map(({ parent_id: _, item_type, params, ...item }): MenuItem => ({
      ...item,
      name: t(item.name),
      type: item_type,
      params: item.prefix && Object.keys(extraParams).length > 0 ? { ...params, ...extraParams } : params,
      submenu: build(item.id),
    }));
  return build(null);
}

/** The sidebar menus: the main one, the admin area's (root users) and the one inside a service (by the service's type). */
export async function menusModule(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;
  await syncMenuEntries(db, ADMIN_AREA_ENTRIES, (problem) => app.log.warn(problem));
  app.addHook('onRequest', app.authenticate);

  app.get('/user/menu/main', async (request) => ({ data: await loadMenu(db, { menu: 'main' }, currentUser(request).isRoot) }));
  app.get('/user/menu/admin', async (request) => {
    // The admin area is root users' alone, as every admin call.
    if (!currentUser(request).isRoot) throw httpError(403, 'errors.forbidden');
    return { data: await loadMenu(db, { menu: 'admin' }, true) };
  });

  app.get<{ Params: { id: string } }>('/user/menu/client_service/:id', async (request) => {
    const { serviceId } = await requireServiceAccess(db, request, request.params.id);
    const { rows } = await db.query<{ type_id: number }>('SELECT type_id FROM client_services WHERE id = $1', [serviceId]);
    const menu = await loadMenu(db, { menu: 'client_service', serviceTypeId: rows[0].type_id }, currentUser(request).isRoot, {
      service_id: serviceId,
    });
    return { data: menu };
  });
}
