import type { MenuEntry } from '../../schema/menus';

/** An admin-area screen written by hand: its entry, named app.layout.admin_menu.<route name>. */
const screen = (prefix: string, icon: string, sort: number): MenuEntry => ({
  prefix,
  name: `app.layout.admin_menu.${prefix}`,
  icon,
  sort,
  rootOnly: true,
  menu: 'admin',
});

/**
 * The admin area's screens written by hand (SPEC 2 admin routes), the way back to the user's
 * dashboard first; its schema modules place their own entries (x-admin.menu). The browser leaves
 * out an entry whose route it does not have yet.
 */
export const ADMIN_AREA_ENTRIES: MenuEntry[] = [
  screen('user_dashboard', 'Home', 0),
  screen('admin_dashboard', 'Dashboard', 10),
  screen('admin_cron', 'Schedule', 80),
];
