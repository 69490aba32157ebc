import { Tab, Tabs, Typography, type SxProps, type Theme } from '@mui/material';
import { useQueries, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LinkBase, useLocation, useTranslate } from 'react-admin';
import { fillPath, routePath } from '../../common/schema/paths';
import type { ModuleSchema } from '../../common/schema/types';
import { useRecordLabel } from '../layout/routeTitle';
import { recordMenuQuery, tabShownQuery } from './access';
import { pageGroupTabs } from './pageGroups';
import { clientRegistry } from './registry';
import { recordTitle } from './routeTable';

interface RecordTab {
  label: string;
  /** The catalogue key shown when the label's own is not in the catalogue. */
  fallback?: string;
  path: string;
  /** The module whose flags decide whether the tab exists (a nested module), if any. */
  nested?: ModuleSchema;
}

/**
 * The record's own pages (details, edit) and the lists of the modules nested under it, in the schema
 * files' order. A module may name its own views' tabs (resources.<resource>.views.show: a form's 'Podgląd').
 */
function recordTabs(record: ModuleSchema, params: Record<string, string>): RecordTab[] {
  const { admin } = record;
  const own = (['show', 'edit'] as const)
    .filter((view) => admin.route.views[view] !== undefined && (view === 'show' || admin.writable))
    .map((view) => ({ label: `resources.${admin.resource}.views.${view}`, fallback: `app.schema.views.${view}`, path: routePath(admin, view, params) }));
  const forms = admin.route.forms.map((form) => ({ label: form.title, path: fillPath(`${admin.route.path}/${form.path}`, params) }));
  const nested = clientRegistry.modules
    .filter((child) => child.admin.parent?.resource === admin.resource && child.admin.crud && child.admin.route.views.list !== undefined)
    .map((child) => ({ label: child.admin.title, path: routePath(child.admin, 'list', params), nested: child }));
  return [...own, ...nested, ...forms];
}

/**
 * Singleton pages under one address (konfiguracja/ustawienia with polityka_prywatnosci, cookies,
 * email): the page at the shortest address and the ones one level below it.
 */
function settingsTabs(module: ModuleSchema, params: Record<string, string>): RecordTab[] {
  const singletons = clientRegistry.modules.filter((candidate) => candidate.admin.singleton && candidate.admin.crud && candidate.admin.scope === module.admin.scope);
  const own = module.admin.route.path;
  const root = singletons
    .map((candidate) => candidate.admin.route.path)
    .filter((path) => path === own || own.startsWith(`${path}/`))
    .sort((a, b) => a.length - b.length)[0];
  const isPage = (path: string) => path === root || (path.startsWith(`${root}/`) && !path.slice(root.length + 1).includes('/'));
  return singletons
    .filter((candidate) => isPage(candidate.admin.route.path))
    // The group's own page first, the others in the schema files' order.
    .sort((a, b) => Number(b.admin.route.path === root) - Number(a.admin.route.path === root))
    .map((page) => ({ label: page.admin.title, path: routePath(page.admin, 'list', params) }));
}

/** The record whose pages the module's screen is one of, when that record has several pages (tabs) and the params name it. */
function pagedRecord(module: ModuleSchema, params: Record<string, string>): ModuleSchema | undefined {
  const record = module.admin.parent ? clientRegistry.byResource(module.admin.parent.resource) : module;
  if (!record || module.admin.singleton || !params[record.admin.route.param]) return undefined;
  return recordTabs(record, params).length > 1 ? record : undefined;
}

/**
 * A screen's h1, led by the name of the record whose page it is (a form's fields: 'Kontakt – Pola'),
 * once read; the screen's own heading until then, and on every other screen.
 */
export function RecordHeading({ module, params, children, sx = { mb: 2 } }: { module: ModuleSchema; params: Record<string, string>; children: ReactNode; sx?: SxProps<Theme> }) {
  const translate = useTranslate();
  const record = pagedRecord(module, params);
  const name = useRecordLabel(record && recordTitle(record.admin), params);
  return (
    <Typography variant="h4" component="h1" sx={sx}>
      {name ? translate('app.schema.record_heading', { record: name, page: children }) : children}
    </Typography>
  );
}

/**
 * The sub-pages of one record as tabs (SPEC's podgląd, edytuj, zdjecia, zalaczniki, opcje, logi):
 * shown on the record's own screens and on the lists nested under it; the pages of an x-admin
 * group on each of their screens; and a group of settings pages (singletons under one address) as
 * tabs of each other. A nested module (or a group's member) a feature flag hides (its OPTIONS
 * answers 404) has no tab. Renders nothing for a record with one page.
 */
export function RecordTabs({ module, params }: { module: ModuleSchema; params: Record<string, string> }) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  // On a nested module's screen the tabs are its parent record's.
  const record = module.admin.parent ? clientRegistry.byResource(module.admin.parent.resource) : module;
  const recordId = record ? params[record.admin.route.param] : undefined;
  const group = pageGroupTabs(module, params);
  const tabs: RecordTab[] = group
    ? group.tabs
    : module.admin.singleton && !module.admin.parent && module.admin.route.views.list !== undefined
      ? settingsTabs(module, params)
      : record && recordId
        ? recordTabs(record, params)
        : [];
  // A record with a menu answers its fields for every nested module flagged only by them, in one call.
  const menuFields = (tab: RecordTab) => {
    const flags = tab.nested?.admin.flags ?? [];
    return record?.admin.api.menu && flags.length > 0 && flags.every((flag) => flag.startsWith('record:')) ? flags.map((flag) => flag.slice('record:'.length)) : undefined;
  };
  const byMenu = tabs.some((tab) => menuFields(tab));
  const menu = useQuery({ ...recordMenuQuery(record ?? module, params), enabled: byMenu });
  const flagged = tabs.filter((tab) => tab.nested?.admin.flags.length && !menuFields(tab));
  const shown = useQueries({ queries: flagged.map((tab) => tabShownQuery(tab.nested!, params)) });
  const visible = tabs.filter((tab) => {
    const fields = menuFields(tab);
    if (fields) return fields.every((field) => menu.data?.[field] === true);
    const index = flagged.indexOf(tab);
    return index === -1 || shown[index]?.data === true;
  });
  if (visible.length < 2) return null;
  // The tab of the longest path the current address starts with: a nested list's add page keeps its list's tab.
  const current = visible.filter((tab) => pathname === tab.path || pathname.startsWith(`${tab.path}/`)).sort((a, b) => b.path.length - a.path.length)[0];
  return (
    <Tabs
      value={current?.path ?? false}
      variant="scrollable"
      allowScrollButtonsMobile
      aria-label={translate(group?.name ?? 'app.schema.record_pages')}
      sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      {visible.map((tab) => (
        <Tab key={tab.path} value={tab.path} label={translate(tab.label, tab.fallback ? { _: translate(tab.fallback) } : undefined)} component={LinkBase} to={tab.path} />
      ))}
    </Tabs>
  );
}
