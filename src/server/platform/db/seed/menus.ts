import type { Queryable } from '../types';

/** A menu entry as seeded; name is a catalogue key under demo.menu.*, kept as the key (the menus answer it translated). */
export interface MenuSeed {
  type?: 'link' | 'folder' | 'separator';
  prefix?: string;
  name?: string;
  icon?: string;
  link?: string;
  target?: string;
  isRoot?: boolean;
  params?: Record<string, string | number>;
  shortcut?: string;
  /** A folder's slot: schema modules place their entries in it by this name (x-admin.menu.folder). */
  slot?: string;
  /** Its place among the modules' entries; by default its position in the list, in steps of 10. */
  sort?: number;
  submenu?: MenuSeed[];
}

/** Route names are the SPA's (src/client/routes.tsx); service lists take the type's shortcut. */
export function mainMenu(serviceTypeShortcuts: string[]): MenuSeed[] {
  return [
    { prefix: 'user_dashboard', name: 'demo.menu.dashboard', icon: 'Dashboard' },
    {
      type: 'folder',
      name: 'demo.menu.services',
      icon: 'Apps',
      submenu: serviceTypeShortcuts.map((shortcut) => ({
        prefix: 'service_list',
        name: `demo.service_types.${shortcut}`,
        icon: 'Language',
        params: { service_shortcut: shortcut },
        shortcut,
      })),
    },
    { prefix: 'user_profile_news', name: 'demo.menu.news', icon: 'Notifications' },
    {
      type: 'folder',
      name: 'demo.menu.account',
      icon: 'AccountCircle',
      submenu: [
        { prefix: 'user_profile', name: 'demo.menu.profile', icon: 'Person' },
        { prefix: 'user_profile_regulations', name: 'demo.menu.regulations', icon: 'Gavel' },
      ],
    },
    { type: 'separator' },
    { name: 'demo.menu.help', icon: 'HelpOutline', link: 'https://pomoc.example.com/panel', target: '_blank' },
    { prefix: 'admin_dashboard', name: 'demo.menu.admin', icon: 'AdminPanelSettings', isRoot: true },
    {
      type: 'folder',
      name: 'demo.menu.admin_content',
      icon: 'Article',
      isRoot: true,
      submenu: [
        { prefix: 'admin_news', name: 'demo.menu.admin_news', icon: 'Campaign' },
        { prefix: 'admin_content', name: 'demo.menu.admin_blocks', icon: 'ViewQuilt' },
        { prefix: 'admin_regulations', name: 'demo.menu.admin_regulations', icon: 'Gavel' },
      ],
    },
  ];
}

/**
 * The menu inside a service; the server adds the service id to each item's params. The modules'
 * entries (tags, recipients, ..., the newsletter reports' folder) are not here: each module places
 * its own at every start (a schema by x-admin.menu), in the folder whose slot it names; the
 * browser hides an entry whose module the service lacks, and a folder left empty.
 */
export const serviceMenu: MenuSeed[] = [
  { prefix: 'service_dashboard', name: 'demo.menu.service_dashboard', icon: 'Dashboard' },
  { prefix: 'service_disk', name: 'demo.menu.service_disk', icon: 'Folder' },
  { type: 'folder', name: 'demo.menu.service_configuration', icon: 'Settings', slot: 'configuration', submenu: [] },
  // Last, after every entry the modules place.
  { type: 'separator', sort: 900 },
  { name: 'demo.menu.service_website', icon: 'OpenInNew', link: '{service_main_url}', target: '_blank', sort: 910 },
];

/** Inserts entries depth first, sort in steps of 10 so items can later be put in between. */
export async function insertMenu(
  tx: Queryable,
  menu: 'main' | 'client_service',
  serviceTypeId: number | null,
  items: MenuSeed[],
  parentId: number | null = null,
): Promise<void> {
  for (const [index, item] of items.entries()) {
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO menu_items (menu, service_type_id, parent_id, item_type, prefix, name, icon, link, link_target, sort, is_root, params, shortcut, slot)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id`,
      [
        menu,
        serviceTypeId,
        parentId,
        item.type ?? 'link',
        item.prefix ?? null,
        item.name ?? '',
        item.icon ?? null,
        item.link ?? null,
        item.target ?? null,
        item.sort ?? (index + 1) * 10,
        item.isRoot ?? false,
        item.params ? JSON.stringify(item.params) : null,
        item.shortcut ?? null,
        item.slot ?? null,
      ],
    );
    if (item.submenu) await insertMenu(tx, menu, serviceTypeId, item.submenu, rows[0].id);
  }
}
