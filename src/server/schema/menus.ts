import { routeName, type ModuleSchema } from '../../common/schema';
import type { Db, Queryable } from '../platform/db';
import { withSchemaLock } from '../platform/db/migrate';
import { t } from '../platform/http/errors';

/** The menus modules place entries in: each service type's service menu, and the admin area's one menu. */
export type PlacedMenu = 'client_service' | 'admin';

/**
 * A menu entry a module places: a link (its route name) or a folder (its slot, which links name to
 * go in it), with its catalogue name, icon, place and audience.
 */
export type MenuEntry = ({ prefix: string; slot?: undefined } | { slot: string; prefix?: undefined }) & {
  /** A catalogue key: rows keep it, the menus answer it translated. */
  name: string;
  icon: string;
  sort: number;
  /** The slot of the folder it goes in; none: the top level. */
  folder?: string;
  rootOnly: boolean;
  /** Default: the service menu of every service type. */
  menu?: PlacedMenu;
};

/** What a row holds as its module declared it, kept in menu_items.declared to tell hand edits from old declarations. */
interface Declared {
  name: string;
  icon: string;
  sort: number;
  folder: string | null;
  rootOnly: boolean;
}

interface MenuRow {
  id: number;
  menu: PlacedMenu;
  service_type_id: number | null;
  parent_id: number | null;
  item_type: string;
  prefix: string | null;
  slot: string | null;
  name: string;
  icon: string | null;
  sort: number;
  is_root: boolean;
  declared: Declared | null;
}

type Change = Partial<Pick<MenuRow, 'name' | 'icon' | 'sort' | 'is_root' | 'parent_id'>>;

/**
 * Places and keeps in step the menu entries schema modules declare (x-admin.menu): a service
 * module's in every service type's menu, an admin module's in the admin area's menu, with the
 * folders they declare. Run at every start.
 */
export async function placeMenuEntries(db: Db, modules: readonly ModuleSchema[], report: (problem: string) => void): Promise<void> {
  // The entry opens the module's own screen: the view at its route path (a list, or a singleton's form), else its list (news at wiadomosci/wszystkie).
  const placed = modules.filter((module) => module.admin.menu && module.admin.screens && entryView(module));
  const menuOf = (module: ModuleSchema): PlacedMenu => (module.admin.scope === 'admin' ? 'admin' : 'client_service');
  const folders = placed.flatMap((module): MenuEntry[] => {
    const folder = module.admin.menu!.declares;
    return folder ? [{ slot: folder.slot, name: folder.name, icon: folder.icon, sort: folder.sort, rootOnly: folder.rootOnly, menu: menuOf(module) }] : [];
  });
  const links = placed.map((module): MenuEntry => {
    const { admin } = module;
    const { name, icon, sort, folder, rootOnly } = admin.menu!;
    return { prefix: routeName(admin, entryView(module)!), name, icon, sort, folder, rootOnly, menu: menuOf(module) };
  });
  await syncMenuEntries(db, [...folders, ...links], report);
}

/**
 * Places entries in the menus that lack them: in the folder whose slot they name (or at the top
 * level), named and sorted as given. An entry already there (a link by its route name, a folder by
 * its slot) follows a changed declaration field by field, where the row still holds what was
 * declared before: what a provider changed by hand stays. None is ever removed. One server at a
 * time; most starts find everything in step, and take no lock.
 */
export async function syncMenuEntries(db: Db, entries: readonly MenuEntry[], report: (problem: string) => void): Promise<void> {
  if (entries.length === 0) return;
  const folders = entries.filter((entry) => entry.slot !== undefined);
  if (folders.length > 0 && folders.length < entries.length) {
    // Folders first: the links naming their slots then find them.
    await syncMenuEntries(db, folders, report);
    return syncMenuEntries(db, entries.filter((entry) => entry.slot === undefined), report);
  }
  const found = await plan(db, entries);
  if (found.inserts.length === 0 && found.updates.length === 0) {
    found.problems.forEach(report);
    return;
  }
  await withSchemaLock(db, async (tx) => {
    // Planned again under the lock: another server may have done it meanwhile.
    const { inserts, updates, problems } = await plan(tx, entries);
    problems.forEach(report);
    for (const { menu, typeId, parentId, entry } of inserts) {
      await tx.query(
        `INSERT INTO menu_items (menu, service_type_id, parent_id, item_type, prefix, slot, name, icon, sort, is_root, declared)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [menu, typeId, parentId, entry.slot === undefined ? 'link' : 'folder', entry.prefix ?? null, entry.slot ?? null, entry.name, entry.icon, entry.sort, entry.rootOnly, JSON.stringify(declaredOf(entry))],
      );
    }
    for (const { id, change, declared } of updates) {
      const columns = Object.keys(change) as (keyof Change)[];
      await tx.query(
        `UPDATE menu_items SET ${[...columns.map((column, index) => `${column} = $${index + 2}`), `declared = $${columns.length + 2}`].join(', ')} WHERE id = $1`,
        [id, ...columns.map((column) => change[column]), JSON.stringify(declared)],
      );
    }
  });
}

const declaredOf = (entry: MenuEntry): Declared => ({ name: entry.name, icon: entry.icon, sort: entry.sort, folder: entry.folder ?? null, rootOnly: entry.rootOnly });
const sameDeclaration = (a: Declared, b: Declared) => (Object.keys(b) as (keyof Declared)[]).every((field) => a[field] === b[field]);

/** What to insert and update so that the menus hold the entries, and the entries that have no folder to go in. */
async function plan(db: Queryable, entries: readonly MenuEntry[]) {
  // What the menus hold now, read once.
  const { rows: types } = await db.query<{ id: number }>('SELECT id FROM service_types ORDER BY id');
  const { rows: items } = await db.query<MenuRow>(
    `SELECT id, menu, service_type_id, parent_id, item_type, prefix, slot, name, icon, sort, is_root, declared
       FROM menu_items WHERE menu IN ('client_service', 'admin') ORDER BY id`,
  );
  const menusOf = (menu: PlacedMenu) => (menu === 'admin' ? [null] : types.map((type) => type.id));
  const folderIds = new Map<string, number>();
  for (const item of items) {
    const key = `${item.menu}:${item.service_type_id}:${item.slot}`;
    if (item.item_type === 'folder' && item.slot && !folderIds.has(key)) folderIds.set(key, item.id);
  }
  const inserts: { menu: PlacedMenu; typeId: number | null; parentId: number | null; entry: MenuEntry }[] = [];
  const updates: { id: number; change: Change; declared: Declared }[] = [];
  const problems: string[] = [];
  for (const entry of entries) {
    const menu = entry.menu ?? 'client_service';
    const declared = declaredOf(entry);
    for (const typeId of menusOf(menu)) {
      const where = menu === 'admin' ? 'the admin menu' : `the service menu of type ${typeId}`;
      const folderId = (slot: string | null) => (slot === null ? null : folderIds.get(`${menu}:${typeId}:${slot}`));
      const rows = items.filter(
        (item) =>
          item.menu === menu && item.service_type_id === typeId && (entry.slot === undefined ? item.prefix === entry.prefix : item.item_type === 'folder' && item.slot === entry.slot),
      );
      const parentId = folderId(declared.folder);
      if (rows.length === 0) {
        if (parentId === undefined) problems.push(`${entry.prefix ?? entry.slot}: ${where} has no folder with slot ${entry.folder}; its entry is not placed`);
        else inserts.push({ menu, typeId, parentId, entry });
        continue;
      }
      for (const row of rows) {
        // A row placed before declarations were kept holds the declaration of today with its name in Polish.
        const before = row.declared ?? { ...declared, name: t(declared.name) };
        const change: Change = {};
        const follow = <K extends keyof Change>(column: K, was: MenuRow[K] | undefined, now: MenuRow[K] | undefined) => {
          if (was !== now && row[column] === was && now !== undefined) change[column] = now;
        };
        follow('name', before.name, declared.name);
        follow('icon', before.icon, declared.icon);
        follow('sort', before.sort, declared.sort);
        follow('is_root', before.rootOnly, declared.rootOnly);
        follow('parent_id', folderId(before.folder), parentId);
        // A move to a folder not there yet is tried again at the next start.
        const kept = before.folder !== declared.folder && parentId === undefined ? { ...declared, folder: before.folder } : declared;
        if (kept !== declared) problems.push(`${entry.prefix ?? entry.slot}: ${where} has no folder with slot ${entry.folder}; its entry is not moved`);
        if (Object.keys(change).length > 0 || !row.declared || !sameDeclaration(row.declared, kept)) updates.push({ id: row.id, change, declared: kept });
      }
    }
  }
  return { inserts, updates, problems };
}

/** The view a module's menu entry opens: the one at its route path, else its list; none for a module without either. */
function entryView({ admin }: Pick<ModuleSchema, 'admin'>): keyof ModuleSchema['admin']['route']['views'] | undefined {
  const views = admin.route.views;
  const own = (Object.keys(views) as (keyof typeof views)[]).find((view) => views[view] === '');
  return own ?? (views.list !== undefined ? 'list' : undefined);
}
