import type { MenuItem } from './menu';

function entry(id: number, prefix: string, icon: string): MenuItem {
  return {
    id: `admin-${id}`,
    type: 'link',
    prefix,
    name: `app.layout.admin_menu.${prefix}`,
    icon,
    link: null,
    link_target: null,
    sort: id,
    is_root: true,
    params: null,
    shortcut: null,
    submenu: [],
  };
}

/**
 * The admin-area menu (SPEC 2 admin routes), shown on /admin paths, with the way back to the
 * user's dashboard first. Names are catalogue keys;
 * entries whose routes are not registered yet are filtered out like any unknown prefix.
 */
export const adminMenu: MenuItem[] = [
  entry(0, 'user_dashboard', 'Home'),
  entry(1, 'admin_dashboard', 'Dashboard'),
  entry(2, 'admin_news', 'Campaign'),
  entry(3, 'admin_faq', 'Quiz'),
  entry(4, 'admin_surveys', 'Poll'),
  entry(5, 'admin_content', 'ViewQuilt'),
  entry(6, 'admin_help', 'HelpOutline'),
  entry(7, 'admin_regulations', 'Gavel'),
  entry(8, 'admin_cron', 'Schedule'),
];
