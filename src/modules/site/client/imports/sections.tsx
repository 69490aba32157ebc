import { Paper, Tab, Tabs, Typography } from '@mui/material';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LinkBase, Navigate, useLocation, useParams, useTranslate } from 'react-admin';
import { apiPaths, routePath } from '../../../../common/schema/paths';
import { api, errorMessage } from '../../../../client/providers/http';
import { LoadFailure, ModuleAccess, NOT_FOUND_PATH, useSchemaContext } from '../../../../client/schema/access';
import { moduleOf } from '../../../../client/schema/registry';
import { EmptyState, LoadingState } from '../../../../client/screens/common/QueryStates';

/** The three import pages, in the order a disabled one hands over to the next (SPEC 4). */
export const SECTIONS = ['imports', 'exports', 'sources'] as const;
export type Section = (typeof SECTIONS)[number];
export type Flags = Record<Section, boolean>;

/** SPEC 4's defaults, used when the flags cannot be read. */
const DEFAULT_FLAGS: Flags = { imports: true, exports: true, sources: false };

export const IMPORTS = 'imports';

/** The flags OPTIONS .../module/imports answers, each one it leaves out at its default. */
export const flagsOf = (answer: Partial<Flags>): Flags => Object.fromEntries(SECTIONS.map((section) => [section, answer[section] ?? DEFAULT_FLAGS[section]])) as Flags;

const SECTION_PATHS: Record<Section, string> = {
  imports: '',
  exports: '/eksporty',
  sources: '/zrodla',
};

/** A section's address for the current service. */
export function sectionPath(section: Section, params: Record<string, string>): string {
  return `${routePath(moduleOf(IMPORTS).admin, 'list', params)}${SECTION_PATHS[section]}`;
}

/**
 * Which import pages the service has: OPTIONS .../module/imports answers the flags. A failed call
 * logs the server's detail (SPEC 8) and leaves the defaults.
 */
export function useImportFlags(params: Record<string, string>) {
  const collection = apiPaths(moduleOf(IMPORTS).admin, params).collection;
  return useQuery({
    queryKey: [IMPORTS, 'flags', collection],
    queryFn: ({ signal }) =>
      api<Partial<Flags>>(collection, { method: 'OPTIONS', signal }).then(flagsOf, (error: unknown) => {
        console.error(errorMessage(error));
        return DEFAULT_FLAGS;
      }),
    retry: false,
    staleTime: 60_000,
  });
}

/** The tabs between the enabled import pages (none when only one is). */
function SectionTabs({ flags, params }: { flags: Flags; params: Record<string, string> }) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const shown = SECTIONS.filter((section) => flags[section]);
  if (shown.length < 2) return null;
  const current = shown.find((section) => section !== 'imports' && pathname.startsWith(sectionPath(section, params))) ?? 'imports';
  return (
    <Tabs value={current} aria-label={translate('app.imports.pages')} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
      {shown.map((section) => (
        <Tab key={section} value={section} label={translate(`app.imports.tabs.${section}`)} component={LinkBase} to={sectionPath(section, params)} />
      ))}
    </Tabs>
  );
}

/**
 * One of the import pages: shown when the service has it, otherwise the next enabled page
 * (imports, exports, sources) replaces it, and with none the 404 screen.
 */
export function SectionPage({ section, children }: { section: Section; children: ReactNode }) {
  const context = useSchemaContext(IMPORTS);
  return (
    <ModuleAccess context={context}>
      <SectionContent section={section}>{children}</SectionContent>
    </ModuleAccess>
  );
}

function SectionContent({ section, children }: { section: Section; children: ReactNode }) {
  const params = useParams() as Record<string, string>;
  const flags = useImportFlags(params);
  if (!flags.data) return <LoadingState />;
  if (!flags.data[section]) {
    const next = SECTIONS.find((candidate) => flags.data[candidate]);
    return <Navigate to={next ? sectionPath(next, params) : NOT_FOUND_PATH} replace />;
  }
  return (
    <>
      <SectionTabs flags={flags.data} params={params} />
      {children}
    </>
  );
}

/**
 * A hand-written import page's heading, then its query's loading or failure state, the page's
 * "none" text when the answer is empty, or what `children` makes of the answer.
 */
export function SectionBody<T>({
  title,
  query,
  isEmpty,
  empty,
  children,
}: {
  title: string;
  query: UseQueryResult<T>;
  isEmpty(data: T): boolean;
  empty: string;
  children(data: T): ReactNode;
}) {
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <LoadFailure error={query.error} />
      ) : isEmpty(query.data) ? (
        <Paper sx={{ p: 2 }}>
          <EmptyState text={empty} />
        </Paper>
      ) : (
        children(query.data)
      )}
    </>
  );
}
