import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Alert, Button, Checkbox, Chip, FormControlLabel, Paper, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LinkBase, useNavigate, useTranslate } from 'react-admin';
import { formatDate } from '../../../common/format';
import { useToast } from '../../notifications';
import { api } from '../../providers/http';
import { currentUserQueryKey } from '../../providers/session';
import { QueryContent } from '../common/QueryStates';
import { SafeHtml } from '../common/SafeHtml';
import type { ListResponse, Regulation } from '../common/types';

const regulationsQueryKey = ['user', 'regulations'] as const;

/**
 * /panel/profil/regulaminy: the regulations in force. Accepting the pending ones refreshes the user
 * (so the guard lets them through) and goes to the dashboard.
 */
export default function RegulationsPage() {
  const translate = useTranslate();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [agreed, setAgreed] = useState(false);
  const regulations = useQuery({
    queryKey: regulationsQueryKey,
    queryFn: ({ signal }) => api<ListResponse<Regulation>>('/user/regulations', { signal }),
  });
  const pending = regulations.data?.data.filter((regulation) => !regulation.is_accepted) ?? [];
  const accept = useMutation({
    mutationFn: (regulationIds: number[]) => api<void>('/user/regulations/accept', { method: 'POST', body: { regulation_ids: regulationIds } }),
    onSuccess: async () => {
      toast.success('app.profile.regulations.accepted');
      // Wait for the fresh user, or the guard would still see is_regulations false and send the user back.
      await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      navigate('/');
    },
  });

  return (
    <Stack spacing={3} sx={{ maxWidth: 900 }}>
      <Typography component="h1" variant="h4">
        {translate('app.profile.regulations.title')}
      </Typography>
      <QueryContent query={regulations} isEmpty={(answer) => answer.data.length === 0} empty={translate('app.profile.regulations.empty')}>
        {(answer) => (
          <>
            <Alert severity={pending.length > 0 ? 'info' : 'success'}>
              {translate(pending.length > 0 ? 'app.profile.regulations.intro' : 'app.profile.regulations.all_accepted')}
            </Alert>
            {answer.data.map((regulation) => (
              <Paper
                key={regulation.id}
                component="article"
                variant="outlined"
                aria-labelledby={`regulation-${regulation.id}`}
                sx={{ p: { xs: 2, md: 3 } }}
              >
                <Typography id={`regulation-${regulation.id}`} component="h2" variant="h6">
                  {regulation.name}
                </Typography>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
                  <Typography variant="body2" color="text.secondary">
                    {translate('app.profile.regulations.valid_from', { date: formatDate(regulation.valid_from) })}
                  </Typography>
                  {regulation.is_accepted && (
                    <Chip size="small" color="success" icon={<CheckCircleIcon />} label={translate('app.profile.regulations.is_accepted')} />
                  )}
                </Stack>
                <SafeHtml html={regulation.content} />
              </Paper>
            ))}
            {pending.length === 0 && (
              <div>
                <Button component={LinkBase} to="/regulaminy">
                  {translate('app.profile.regulations.history')}
                </Button>
              </div>
            )}
            {pending.length > 0 && (
              <Stack
                component="form"
                spacing={2}
                onSubmit={(event) => {
                  event.preventDefault();
                  accept.mutate(pending.map((regulation) => regulation.id));
                }}
              >
                <FormControlLabel
                  control={<Checkbox checked={agreed} onChange={(event) => setAgreed(event.target.checked)} />}
                  label={translate('app.profile.regulations.agree', { smart_count: pending.length })}
                />
                <div>
                  <Button type="submit" variant="contained" disabled={!agreed} loading={accept.isPending}>
                    {translate('app.profile.regulations.accept')}
                  </Button>
                </div>
              </Stack>
            )}
          </>
        )}
      </QueryContent>
    </Stack>
  );
}
