import { groupPages } from '../../common/schema/groups';
import { routePath } from '../../common/schema/paths';
import type { ModuleSchema } from '../../common/schema/types';
import { clientRegistry } from './registry';

/** The pages of a module's x-admin group as tabs, and the catalogue key naming the group (the tabs' accessible name). */
export interface PageGroupTabs {
  name: string;
  tabs: {
    label: string;
    path: string;
    /** A member with feature flags: its tab shows only where they hold (its OPTIONS answers). */
    nested?: ModuleSchema;
  }[];
}

/**
 * The tabs of the group a module belongs to (x-admin group: the site's main data, its lists and its
 * map), in the members' order, the lead's page first; named by the lead's menu entry. Undefined
 * for a module in no group.
 */
export function pageGroupTabs(module: ModuleSchema, params: Record<string, string>): PageGroupTabs | undefined {
  if (!module.admin.group) return undefined;
  const pages = groupPages(clientRegistry.modules, module.admin.group.name);
  const lead = pages[0].admin;
  return {
    name: lead.menu?.name ?? lead.title,
    tabs: pages.map((page) => ({ label: page.admin.title, path: routePath(page.admin, 'list', params), ...(page.admin.flags.length ? { nested: page } : {}) })),
  };
}
