import { MENU_ICON_NAMES } from '../menu-icons';
import { fixFor } from './nearest';
import { SchemaFileError } from './registry';
import type { AdminMenu, AdminMenuFolder, AdminScope, ModuleSchema, SchemaFile } from './types';

const SLOT = /^[a-z][a-z0-9_]*$/;
/** The menus schema modules place entries in: the service menu and the admin area's. */
const MENU_SCOPES: readonly AdminScope[] = ['service', 'admin'];

/** The catalogue key naming a declared folder when the schema gives none. */
export const folderNameKey = (slot: string) => `app.menu.folders.${slot}`;

function fail(source: string, problem: string): never {
  throw new SchemaFileError(source, problem);
}

function checked(source: string, where: string, given: { icon?: unknown; sort?: unknown; name?: unknown; rootOnly?: unknown }) {
  // One list of the icons the sidebar draws: another name would show as no icon at all.
  if (!MENU_ICON_NAMES.includes(given.icon as (typeof MENU_ICON_NAMES)[number])) {
    fail(source, `${where}.icon: unknown icon ${JSON.stringify(given.icon)}; ${fixFor(String(given.icon), MENU_ICON_NAMES)}`);
  }
  if (given.sort !== undefined && !Number.isInteger(given.sort)) fail(source, `${where}.sort must be an integer`);
  if (given.name !== undefined && typeof given.name !== 'string') fail(source, `${where}.name must be a catalogue key`);
  if (given.rootOnly !== undefined && typeof given.rootOnly !== 'boolean') fail(source, `${where}.rootOnly must be true or false`);
}

function slotOf(source: string, where: string, slot: unknown): string {
  if (typeof slot !== 'string' || !SLOT.test(slot)) fail(source, `${where} must match ${SLOT} (got ${JSON.stringify(slot)})`);
  return slot;
}

/**
 * A module's menu entry, completed: service-scope modules place it in the service menu, admin-scope
 * ones in the admin area's. `folder` names a folder's slot, or declares the folder as an object.
 */
export function menuOf(source: string, given: SchemaFile['x-admin'], scope: AdminScope): AdminMenu {
  const menu = given.menu!;
  if (!MENU_SCOPES.includes(scope)) fail(source, 'x-admin.menu: only service and admin modules place an entry (in the service or the admin menu)');
  if (given.parent) fail(source, 'x-admin.menu: a nested module is reached from its parent record, not the menu');
  checked(source, 'x-admin.menu', menu);
  const folder = menu.folder;
  let declares: AdminMenuFolder | undefined;
  if (folder !== null && typeof folder === 'object') {
    checked(source, 'x-admin.menu.folder', folder);
    const slot = slotOf(source, 'x-admin.menu.folder.slot', folder.slot);
    declares = { slot, name: folder.name ?? folderNameKey(slot), icon: folder.icon, sort: folder.sort ?? 100, rootOnly: folder.rootOnly ?? false };
  }
  const slot = declares?.slot ?? (folder === undefined ? undefined : slotOf(source, 'x-admin.menu.folder', folder));
  return {
    ...(slot === undefined ? {} : { folder: slot }),
    ...(declares ? { declares } : {}),
    icon: menu.icon,
    sort: menu.sort ?? 100,
    name: menu.name ?? given.title ?? `resources.${given.resource}.title`,
    // The admin area is root users' alone.
    rootOnly: menu.rootOnly ?? (scope === 'admin' || given.writeRole === 'root'),
  };
}

/** One folder per slot and menu: a second schema declaring the same slot is refused, naming both. */
export function checkMenuFolders(modules: readonly ModuleSchema[]): void {
  const declared = new Map<string, string>();
  for (const { admin, source } of modules) {
    const slot = admin.menu?.declares?.slot;
    if (slot === undefined) continue;
    const key = `${admin.scope}:${slot}`;
    const first = declared.get(key);
    if (first) fail(source, `x-admin.menu.folder: the folder ${slot} is declared by ${first} already; name it as "folder": "${slot}"`);
    declared.set(key, source);
  }
}
