import { routeName, type ModuleSchema } from '../../common/schema';
import type { Db } from '../platform/db';
import { withSchemaLock } from '../platform/db/migrate';
import { t } from '../platform/http/errors';

/**
 * Places the service-menu entry each schema module declares (x-admin.menu) in every service type's
 * menu that lacks it: in the folder whose slot it names (or at the top level), named and sorted as
 * declared. Run at every start, one server at a time; an entry already there (by its route name) is
 * left as the provider may have changed it, and none is ever removed.
 */
export async function placeMenuEntries(db: Db, modules: readonly ModuleSchema[], report: (problem: string) => void): Promise<void> {
  // The entry opens the module's own screen: the view at its route path (a list, or a singleton's form), else its list (news at wiadomosci/wszystkie).
  const placed = modules.filter((module) => module.admin.menu && module.admin.crud && entryView(module));
  if (placed.length === 0) return;
  await withSchemaLock(db, async (tx) => {
    // What the service menus hold now, read once: the entries by type and route name, the folders by type and slot.
    const { rows: types } = await tx.query<{ id: number }>('SELECT id FROM service_types ORDER BY id');
    const { rows: items } = await tx.query<{ id: number; service_type_id: number; prefix: string | null; slot: string | null; item_type: string }>(
      "SELECT id, service_type_id, prefix, slot, item_type FROM menu_items WHERE menu = 'client_service' ORDER BY id",
    );
    const present = new Set(items.filter((item) => item.prefix).map((item) => `${item.service_type_id}:${item.prefix}`));
    const folders = new Map<string, number>();
    for (const item of items) {
      const key = `${item.service_type_id}:${item.slot}`;
      if (item.item_type === 'folder' && item.slot && !folders.has(key)) folders.set(key, item.id);
    }
    for (const { id: typeId } of types) {
      for (const { admin } of placed) {
        const menu = admin.menu!;
        if (present.has(`${typeId}:${routeName(admin, entryView({ admin })!)}`)) continue;
        const parentId = menu.folder ? folders.get(`${typeId}:${menu.folder}`) : null;
        if (parentId === undefined) {
          report(`${admin.resource}: the service menu of type ${typeId} has no folder with slot ${menu.folder}; its entry is not placed`);
          continue;
        }
        await tx.query(
          `INSERT INTO menu_items (menu, service_type_id, parent_id, item_type, prefix, name, icon, sort, is_root)
           VALUES ('client_service', $1, $2, 'link', $3, $4, $5, $6, $7)`,
          [typeId, parentId, routeName(admin, entryView({ admin })!), t(menu.name), menu.icon, menu.sort, menu.rootOnly],
        );
      }
    }
  });
}

/** The view a module's menu entry opens: the one at its route path, else its list; none for a module without either. */
function entryView({ admin }: Pick<ModuleSchema, 'admin'>): keyof ModuleSchema['admin']['route']['views'] | undefined {
  const views = admin.route.views;
  const own = (Object.keys(views) as (keyof typeof views)[]).find((view) => views[view] === '');
  return own ?? (views.list !== undefined ? 'list' : undefined);
}
