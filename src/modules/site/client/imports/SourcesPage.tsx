import { Button, Checkbox, FormControlLabel, FormGroup, Paper, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, type FormEvent } from 'react';
import { useParams, useTranslate } from 'react-admin';
import { apiPaths } from '../../../../common/schema/paths';
import { useToast } from '../../../../client/notifications';
import { api, errorMessage } from '../../../../client/providers/http';
import { moduleOf } from '../../../../client/schema/registry';
import { useDraft } from '../../../../client/ui/useDraft';
import { IMPORTS, SectionBody, SectionPage } from './sections';

interface Sources {
  sources: number[];
  services: { id: number; name: string }[];
}

/** konfiguracja/importy/zrodla: which of the user's services may import from this one (GET and PUT .../client_sources). */
function SourcesForm() {
  const translate = useTranslate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const helpId = useId();
  const params = useParams() as Record<string, string>;
  const path = `${apiPaths(moduleOf(IMPORTS).admin, params).collection}/client_sources`;
  const stored = useQuery({ queryKey: [IMPORTS, 'sources', path], queryFn: ({ signal }) => api<Sources>(path, { signal }) });
  const [draft, change] = useDraft(stored.data?.sources);
  const chosen = draft ?? [];
  const save = useMutation({
    mutationFn: (sources: number[]) => api<{ sources: number[] }>(path, { method: 'PUT', body: { sources } }),
    onSuccess: () => {
      toast.success('resources.imports.messages.sources_updated');
      return queryClient.invalidateQueries({ queryKey: [IMPORTS] });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(chosen);
  };
  return (
    <SectionBody title={translate('app.imports.sources.title')} query={stored} isEmpty={(answer) => answer.services.length === 0} empty={translate('app.imports.sources.none')}>
      {(answer) => (
        <Paper component="form" onSubmit={submit} noValidate sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography id={helpId} sx={{ mb: 1 }}>
            {translate('app.imports.sources.help')}
          </Typography>
          <FormGroup role="group" aria-labelledby={helpId}>
            {answer.services.map((service) => (
              <FormControlLabel
                key={service.id}
                label={service.name}
                control={
                  <Checkbox
                    checked={chosen.includes(service.id)}
                    onChange={(event) =>
                      change((current) => (event.target.checked ? [...current, service.id] : current.filter((id) => id !== service.id)))
                    }
                  />
                }
              />
            ))}
          </FormGroup>
          <Button type="submit" variant="contained" loading={save.isPending} sx={{ mt: 2 }}>
            {translate('ra.action.save')}
          </Button>
        </Paper>
      )}
    </SectionBody>
  );
}

export default function SourcesPage() {
  return (
    <SectionPage section="sources">
      <SourcesForm />
    </SectionPage>
  );
}
