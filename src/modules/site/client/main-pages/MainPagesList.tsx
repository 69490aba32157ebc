import { List, ListItemButton, ListItemText, Paper, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { LinkBase, Navigate, useTranslate } from 'react-admin';
import { api, isApiError } from '../../../../client/providers/http';
import { LoadFailure, ModuleAccess, useSchemaContext } from '../../../../client/schema/access';
import { EmptyState, LoadingState } from '../../../../client/screens/common/QueryStates';
import { SECTIONS_RESOURCE, useBuilderPaths, type PageEntry } from './api';

/**
 * The service's home pages. SPEC 4: a not-found answer (none made yet) triggers the
 * initialisation call once, then the list is read again; with exactly one page the list
 * leads straight to its edit screen (SPEC 2).
 */
function PagesList() {
  const translate = useTranslate();
  const { collection, key, params } = useBuilderPaths();
  const pages = useQuery({
    queryKey: [...key, 'list'],
    queryFn: async ({ signal }) => {
      try {
        return (await api<{ data: PageEntry[] }>(collection, { signal })).data;
      } catch (error) {
        if (!isApiError(error, 404)) throw error;
        await api(collection, { method: 'POST', body: {}, signal });
        return (await api<{ data: PageEntry[] }>(collection, { signal })).data;
      }
    },
  });
  const pagePath = (prefix: string) => `/usluga/${encodeURIComponent(params.service_id)}/wyglad/strona_glowna/${encodeURIComponent(prefix)}`;

  if (pages.isPending) return <LoadingState />;
  if (pages.isError) return <LoadFailure error={pages.error} />;
  if (pages.data.length === 1) return <Navigate to={pagePath(pages.data[0].prefix)} replace />;
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {translate('app.main_pages.title')}
      </Typography>
      <Paper>
        {pages.data.length === 0 ? (
          <EmptyState text={translate('app.main_pages.none')} />
        ) : (
          <List aria-label={translate('app.main_pages.title')}>
            {pages.data.map((page) => (
              <ListItemButton key={page.prefix} component={LinkBase} to={pagePath(page.prefix)}>
                <ListItemText primary={page.name} secondary={translate('app.main_pages.sections_count', { smart_count: page.sections })} />
              </ListItemButton>
            ))}
          </List>
        )}
      </Paper>
    </>
  );
}

export default function MainPagesList() {
  return (
    <ModuleAccess context={useSchemaContext(SECTIONS_RESOURCE)}>
      <PagesList />
    </ModuleAccess>
  );
}
