import type { ModuleSchema } from '../../common/schema';
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
  // The entry opens the module's own screen: the view at its route path (a list, or a singleton's form).
  const placed = modules.filter((module) => module.admin.menu && module.admin.crud && Object.values(module.admin.route.views).includes(''));
  if (placed.length === 0) return;
  await withSchemaLock(db, async (tx) => {
    const { rows: types } = await tx.query<{ id: number }>('SELECT id FROM service_types ORDER BY id');
    for (const { id: typeId } of types) {
      for (const { admin } of placed) {
        const menu = admin.menu!;
        const prefix = admin.route.name;
        const present = await tx.query("SELECT 1 FROM menu_items WHERE menu = 'client_service' AND service_type_id = $1 AND prefix = $2", [typeId, prefix]);
        if (present.rows.length > 0) continue;
        let parentId: number | null = null;
        if (menu.folder) {
          const folder = await tx.query<{ id: number }>(
            "SELECT id FROM menu_items WHERE menu = 'client_service' AND service_type_id = $1 AND item_type = 'folder' AND slot = $2 ORDER BY id LIMIT 1",
            [typeId, menu.folder],
          );
          if (!folder.rows[0]) {
            report(`${admin.resource}: the service menu of type ${typeId} has no folder with slot ${menu.folder}; its entry is not placed`);
            continue;
          }
          parentId = folder.rows[0].id;
        }
        await tx.query(
          `INSERT INTO menu_items (menu, service_type_id, parent_id, item_type, prefix, name, icon, sort, is_root)
           VALUES ('client_service', $1, $2, 'link', $3, $4, $5, $6, $7)`,
          [typeId, parentId, prefix, t(menu.name), menu.icon, menu.sort, menu.rootOnly],
        );
      }
    }
  });
}
