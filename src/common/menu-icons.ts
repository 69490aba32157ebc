/**
 * The icons a menu entry may name (MUI names): the sidebar draws them (src/client/layout/menuIcons.tsx)
 * and the schema registry and the x-admin meta-schema refuse any other name in x-admin.menu.icon.
 */
export const MENU_ICON_NAMES = [
  'AccountCircle',
  'AdminPanelSettings',
  'Apps',
  'Article',
  'BarChart',
  'Campaign',
  'Category',
  'Dashboard',
  'Description',
  'Email',
  'Folder',
  'Gavel',
  'Help',
  'HelpOutline',
  'Home',
  'Language',
  'Link',
  'LocalOffer',
  'Notifications',
  'OpenInNew',
  'Palette',
  'People',
  'Person',
  'PhotoLibrary',
  'Poll',
  'Quiz',
  'Schedule',
  'Send',
  'Settings',
  'Speed',
  'VideoLibrary',
  'ViewQuilt',
] as const;

export type MenuIconName = (typeof MENU_ICON_NAMES)[number];
