import { Box, Button, Checkbox, FormControlLabel, FormGroup, Paper, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { useParams, useTranslate } from 'react-admin';
import { useToast } from '../../../client/notifications';
import { api, errorMessage } from '../../../client/providers/http';
import { SERVICE_STATE_KEY } from '../../../client/providers/service';
import { QueryContent } from '../../../client/screens/common/QueryStates';
import { useDraft } from '../../../client/ui/useDraft';
import { AllowedTemplatesForm } from '../../site/client/appearance/AllowedTemplatesForm';
import { DeliveryKeyForm } from '../../site/client/delivery/DeliveryKeyForm';
import { ImportPagesForm } from '../../site/client/imports/ImportPagesForm';

interface ServiceModule {
  module: string;
  name: string;
  enabled: boolean;
}

/**
 * admin/uprawnienia (root users): which modules the service has. Saving replaces the service's
 * modules; the server's module check, the service menu and the routes follow at once. A service
 * with imports also gets the choice of its import pages, one with appearance the graphic templates it may use, one whose
 * site content is delivered its delivery key.
 */
export default function ServiceModulesScreen() {
  const { service_id: serviceId = '' } = useParams();
  const translate = useTranslate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const headingId = useId();
  const path = `/client_service/${encodeURIComponent(serviceId)}/modules`;
  const modules = useQuery({ queryKey: [SERVICE_STATE_KEY, 'admin_modules', serviceId], queryFn: ({ signal }) => api<{ data: ServiceModule[] }>(path, { signal }) });
  const enabled = useMemo(() => modules.data && new Set(modules.data.data.filter((module) => module.enabled).map((module) => module.module)), [modules.data]);
  const [draft, change] = useDraft(enabled);
  const chosen = draft ?? new Set<string>();
  const save = useMutation({
    mutationFn: () => api<{ data: ServiceModule[]; detail: string }>(path, { method: 'PUT', body: { modules: [...chosen] } }),
    onSuccess: async () => {
      toast.success('app.service_admin.modules.saved');
      // The menu, the permissions and every module check of this service read the new rows.
      await queryClient.invalidateQueries({ queryKey: [SERVICE_STATE_KEY] });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  const hasModule = (name: string) => modules.data?.data.some((module) => module.module === name && module.enabled);

  const toggle = (module: string, on: boolean) =>
    change((current) => {
      const next = new Set(current);
      if (on) next.add(module);
      else next.delete(module);
      return next;
    });

  return (
    <Box>
      <Typography variant="h4" component="h1" id={headingId} sx={{ mb: 2 }}>
        {translate('app.service_admin.modules.title')}
      </Typography>
      <Paper sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography sx={{ mb: 2 }}>{translate('app.service_admin.modules.intro')}</Typography>
        <QueryContent query={modules} isEmpty={(answer) => answer.data.length === 0} empty={translate('app.service_admin.modules.empty')}>
          {(answer) => (
            <form
              onSubmit={(event) => {
                event.preventDefault();
                save.mutate();
              }}
            >
              <FormGroup aria-labelledby={headingId} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
                {answer.data.map((module) => (
                  <FormControlLabel
                    key={module.module}
                    control={<Checkbox checked={chosen.has(module.module)} onChange={(event) => toggle(module.module, event.target.checked)} />}
                    label={module.name}
                  />
                ))}
              </FormGroup>
              <Button type="submit" variant="contained" sx={{ mt: 3 }} disabled={save.isPending}>
                {translate('ra.action.save')}
              </Button>
            </form>
          )}
        </QueryContent>
      </Paper>
      {hasModule('imports') ? <ImportPagesForm serviceId={serviceId} /> : null}
      {hasModule('appearance') ? <AllowedTemplatesForm serviceId={serviceId} /> : null}
      <DeliveryKeyForm serviceId={serviceId} />
    </Box>
  );
}
