import { routeName, type ModuleSchema } from '../../common/schema';
import type { Db, Queryable } from '../platform/db';
import { withSchemaLock } from '../platform/db/migrate';
import { t } from '../platform/http/errors';

/**
 * A service-menu entry a module places: a link (its route name) or a folder (its slot, which links
 * name to go in it), with its catalogue name, icon, place and audience.
 */
export type MenuEntry = ({ prefix: string; slot?: undefined } | { slot: string; prefix?: undefined }) & {
  name: string;
  icon: string;
  sort: number;
  /** The slot of the folder it goes in; none: the top level. */
  folder?: string;
  rootOnly: boolean;
};

/**
 * Places the service-menu entry each schema module declares (x-admin.menu) in every service type's
 * menu that lacks it. Run at every start.
 */
export async function placeMenuEntries(db: Db, modules: readonly ModuleSchema[], report: (problem: string) => void): Promise<void> {
  // The entry opens the module's own screen: the view at its route path (a list, or a singleton's form), else its list (news at wiadomosci/wszystkie).
  const placed = modules.filter((module) => module.admin.menu && module.admin.crud && entryView(module));
  await placeServiceMenuEntries(
    db,
    placed.map(({ admin }) => ({
      prefix: routeName(admin, entryView({ admin })!),
      name: admin.menu!.name,
      icon: admin.menu!.icon,
      sort: admin.menu!.sort,
      folder: admin.menu!.folder,
      rootOnly: admin.menu!.rootOnly,
    })),
    report,
  );
}

/**
 * Places entries in every service type's menu that lacks them: in the folder whose slot they name
 * (or at the top level), named and sorted as given. One server at a time; an entry already there
 * (a link by its route name, a folder by its slot) is left as the provider may have changed it,
 * and none is ever removed. Most
 * starts find every entry placed, and take no lock.
 */
export async function placeServiceMenuEntries(db: Db, entries: readonly MenuEntry[], report: (problem: string) => void): Promise<void> {
  if (entries.length === 0) return;
  const folders = entries.filter((entry) => entry.slot !== undefined);
  if (folders.length > 0 && folders.length < entries.length) {
    // Folders first: the links naming their slots then find them.
    await placeServiceMenuEntries(db, folders, report);
    return placeServiceMenuEntries(db, entries.filter((entry) => entry.slot === undefined), report);
  }
  const found = await missingEntries(db, entries);
  if (found.placed.length === 0) {
    found.problems.forEach(report);
    return;
  }
  await withSchemaLock(db, async (tx) => {
    // Looked up again under the lock: another server may have placed them meanwhile.
    const { placed, problems } = await missingEntries(tx, entries);
    problems.forEach(report);
    for (const { typeId, parentId, entry } of placed) {
      await tx.query(
        `INSERT INTO menu_items (menu, service_type_id, parent_id, item_type, prefix, slot, name, icon, sort, is_root)
         VALUES ('client_service', $1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [typeId, parentId, entry.slot === undefined ? 'link' : 'folder', entry.prefix ?? null, entry.slot ?? null, t(entry.name), entry.icon, entry.sort, entry.rootOnly],
      );
    }
  });
}

/** The entries the service menus lack, each with its type and parent folder, and those that have no folder to go in. */
async function missingEntries(db: Queryable, entries: readonly MenuEntry[]) {
  // What the service menus hold now, read once: the entries by type and route name, the folders by type and slot.
  const { rows: types } = await db.query<{ id: number }>('SELECT id FROM service_types ORDER BY id');
  const { rows: items } = await db.query<{ id: number; service_type_id: number; prefix: string | null; slot: string | null; item_type: string }>(
    "SELECT id, service_type_id, prefix, slot, item_type FROM menu_items WHERE menu = 'client_service' ORDER BY id",
  );
  const present = new Set(items.filter((item) => item.prefix).map((item) => `${item.service_type_id}:${item.prefix}`));
  const folders = new Map<string, number>();
  for (const item of items) {
    const key = `${item.service_type_id}:${item.slot}`;
    if (item.item_type === 'folder' && item.slot && !folders.has(key)) folders.set(key, item.id);
  }
  const placed: { typeId: number; parentId: number | null; entry: MenuEntry }[] = [];
  const problems: string[] = [];
  for (const { id: typeId } of types) {
    for (const entry of entries) {
      if (entry.slot === undefined ? present.has(`${typeId}:${entry.prefix}`) : folders.has(`${typeId}:${entry.slot}`)) continue;
      const parentId = entry.folder ? folders.get(`${typeId}:${entry.folder}`) : null;
      if (parentId === undefined) problems.push(`${entry.prefix ?? entry.slot}: the service menu of type ${typeId} has no folder with slot ${entry.folder}; its entry is not placed`);
      else placed.push({ typeId, parentId, entry });
    }
  }
  return { placed, problems };
}

/** The view a module's menu entry opens: the one at its route path, else its list; none for a module without either. */
function entryView({ admin }: Pick<ModuleSchema, 'admin'>): keyof ModuleSchema['admin']['route']['views'] | undefined {
  const views = admin.route.views;
  const own = (Object.keys(views) as (keyof typeof views)[]).find((view) => views[view] === '');
  return own ?? (views.list !== undefined ? 'list' : undefined);
}
