import { Button, Checkbox, FormControlLabel, FormGroup, FormHelperText, Paper, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useToast } from '../../../../client/notifications';
import { api, errorMessage, isApiError } from '../../../../client/providers/http';
import { QueryContent } from '../../../../client/screens/common/QueryStates';
import { useDraft } from '../../../../client/ui/useDraft';

interface AllowedTemplates {
  /** Every template, those added later too. */
  all: boolean;
  data: { id: number; name: string; allowed: boolean }[];
}

interface Choice {
  all: boolean;
  ids: Set<number>;
}

/**
 * The graphic templates a service may use (root users, on admin/uprawnienia of a service with the
 * appearance module): every one, or those chosen; saved with PUT .../template/allowed. The service's
 * catalogue shows only those, and its active template until it activates another.
 */
export function AllowedTemplatesForm({ serviceId }: { serviceId: string }) {
  const translate = useTranslate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const headingId = useId();
  const chosenId = useId();
  const path = `/client_service/${encodeURIComponent(serviceId)}/template/allowed`;
  const queryKey = ['appearance_templates', 'allowed', serviceId];
  const templates = useQuery({ queryKey, queryFn: ({ signal }) => api<AllowedTemplates>(path, { signal }) });
  const stored = useMemo(
    () => templates.data && { all: templates.data.all, ids: new Set(templates.data.data.filter((template) => template.allowed).map((template) => template.id)) },
    [templates.data],
  );
  const [draft, change] = useDraft<Choice>(stored);
  const [refusal, setRefusal] = useState<string>();
  const save = useMutation({
    mutationFn: (choice: Choice) => api<AllowedTemplates>(path, { method: 'PUT', body: { all: choice.all, template_ids: [...choice.ids] } }),
    onSuccess: async () => {
      setRefusal(undefined);
      toast.success('app.service_admin.templates.saved');
      await queryClient.invalidateQueries({ queryKey: ['appearance_templates'] });
    },
    onError: (error) => {
      setRefusal(isApiError(error, 400) ? error.body.errors?.template_ids : undefined);
      toast.error(errorMessage(error));
    },
  });
  const toggle = (id: number, on: boolean) =>
    change((current) => {
      const ids = new Set(current.ids);
      if (on) ids.add(id);
      else ids.delete(id);
      return { ...current, ids };
    });

  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}>
      <Typography variant="h5" component="h2" id={headingId} sx={{ mb: 1 }}>
        {translate('app.service_admin.templates.title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{translate('app.service_admin.templates.intro')}</Typography>
      <QueryContent query={templates} isEmpty={(answer) => answer.data.length === 0} empty={translate('app.service_admin.templates.empty')}>
        {(answer) =>
          draft && (
            <form
              onSubmit={(event) => {
                event.preventDefault();
                save.mutate(draft);
              }}
            >
              <FormControlLabel
                control={<Checkbox checked={draft.all} onChange={(event) => change((current) => ({ ...current, all: event.target.checked }))} />}
                label={translate('app.service_admin.templates.all')}
              />
              {!draft.all && (
                <>
                  <Typography id={chosenId} variant="subtitle1" component="h3" sx={{ mt: 1 }}>
                    {translate('app.service_admin.templates.chosen')}
                  </Typography>
                  <FormGroup role="group" aria-labelledby={chosenId} aria-describedby={refusal ? `${chosenId}-error` : undefined}>
                    {answer.data.map((template) => (
                      <FormControlLabel
                        key={template.id}
                        control={<Checkbox checked={draft.ids.has(template.id)} onChange={(event) => toggle(template.id, event.target.checked)} />}
                        label={template.name}
                      />
                    ))}
                  </FormGroup>
                  {refusal && (
                    <FormHelperText id={`${chosenId}-error`} error>
                      {refusal}
                    </FormHelperText>
                  )}
                </>
              )}
              <Button type="submit" variant="contained" sx={{ mt: 2, display: 'block' }} disabled={save.isPending}>
                {translate('ra.action.save')}
              </Button>
            </form>
          )
        }
      </QueryContent>
    </Paper>
  );
}
