import type { ModuleSchema } from './types';

/**
 * Page groups (x-admin `group`): modules shown as tabs of one group, a singleton settings page
 * beside lists (the site's main data with its additional data, contacts, positions and map).
 */

/** The members of a group in their tabs' order: the lead (lowest sort) first. */
export function groupPages(modules: readonly ModuleSchema[], name: string): ModuleSchema[] {
  return modules.filter((module) => module.admin.group?.name === name).sort((a, b) => a.admin.group!.sort - b.admin.group!.sort);
}

/** The module leading a member's group (its page is the group's), or undefined outside a group. */
export function groupLead(modules: readonly ModuleSchema[], module: ModuleSchema): ModuleSchema | undefined {
  return module.admin.group ? groupPages(modules, module.admin.group.name)[0] : undefined;
}

/**
 * What is wrong with a module as a member of its group, or undefined: each member is a page of its
 * own at its route's address (a list or a singleton, not nested: a record's pages are its tabs
 * already; one of a module's own code serves its OPTIONS, which its tab asks), all of one scope, at
 * places of their own.
 */
export function groupProblem(modules: readonly ModuleSchema[], module: ModuleSchema): string | undefined {
  const { group } = module.admin;
  if (!group) return undefined;
  if (module.admin.parent) return 'x-admin.group: a nested module is a tab of its parent record, not of a group';
  if (module.admin.route.views.list !== '') return 'x-admin.group: a member is a page at its route path (route.views.list "")';
  const members = groupPages(modules, group.name);
  if (members.some((member) => member.admin.scope !== module.admin.scope)) return `x-admin.group ${group.name}: every member has the same scope`;
  if (members.some((member) => member !== module && member.admin.group!.sort === group.sort)) return `x-admin.group ${group.name}: sort ${group.sort} is taken by another member`;
  return undefined;
}
