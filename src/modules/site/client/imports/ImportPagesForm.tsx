import { Button, Checkbox, FormControlLabel, FormGroup, Paper, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import { apiPaths } from '../../../../common/schema/paths';
import { useToast } from '../../../../client/notifications';
import { api, errorMessage } from '../../../../client/providers/http';
import { moduleOf } from '../../../../client/schema/registry';
import { ErrorState, LoadingState } from '../../../../client/screens/common/QueryStates';
import { useDraft } from '../../../../client/ui/useDraft';
import { type Flags, flagsOf, IMPORTS, SECTIONS } from './sections';

/**
 * The service's import pages (root users, on admin/uprawnienia of a service with imports): which of
 * imports, exports and sources it has, as OPTIONS .../module/imports answers them; saved with
 * PUT .../module/imports/settings. The import pages and their redirects follow at once.
 */
export function ImportPagesForm({ serviceId }: { serviceId: string }) {
  const translate = useTranslate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const headingId = useId();
  const collection = apiPaths(moduleOf(IMPORTS).admin, { service_id: serviceId }).collection;
  const flags = useQuery({
    queryKey: [IMPORTS, 'settings', collection],
    queryFn: ({ signal }) => api<Partial<Flags>>(collection, { method: 'OPTIONS', signal }).then(flagsOf),
  });
  const [chosen, change] = useDraft(flags.data);
  const save = useMutation({
    mutationFn: (body: Flags) => api<Flags>(`${collection}/settings`, { method: 'PUT', body }),
    onSuccess: async () => {
      toast.success('app.service_admin.import_pages.saved');
      // The import pages' flags (and their redirects) are read again.
      await queryClient.invalidateQueries({ queryKey: [IMPORTS] });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}>
      <Typography variant="h5" component="h2" id={headingId} sx={{ mb: 1 }}>
        {translate('app.service_admin.import_pages.title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{translate('app.service_admin.import_pages.intro')}</Typography>
      {flags.isError ? (
        <ErrorState error={flags.error} />
      ) : !chosen ? (
        <LoadingState />
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate(chosen);
          }}
        >
          <FormGroup aria-labelledby={headingId} row>
            {SECTIONS.map((section) => (
              <FormControlLabel
                key={section}
                control={<Checkbox checked={chosen[section]} onChange={(event) => change((current) => ({ ...current, [section]: event.target.checked }))} />}
                label={translate(`app.imports.tabs.${section}`)}
              />
            ))}
          </FormGroup>
          <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={save.isPending}>
            {translate('ra.action.save')}
          </Button>
        </form>
      )}
    </Paper>
  );
}
