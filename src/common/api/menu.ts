/** One entry of GET /api/user/menu/main, /api/user/menu/admin and /api/user/menu/client_service/{id} (SPEC 3 "Menu item"). */
export interface MenuItem {
  id: number | string;
  type: 'link' | 'folder' | 'separator';
  /** The route name the item opens; null for folders, separators and external links. */
  prefix: string | null;
  /** Translated: the rows keep catalogue keys. */
  name: string;
  icon: string | null;
  link: string | null;
  link_target: string | null;
  sort: number;
  is_root: boolean;
  params: Record<string, string | number> | null;
  shortcut: string | null;
  submenu: MenuItem[];
}
