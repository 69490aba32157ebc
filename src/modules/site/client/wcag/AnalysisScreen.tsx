import { Alert, Box, Button, Link, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router';
import { errorMessage } from '../../../../client/providers/http';
import { useTranslateText } from '../../../../client/providers/useTranslateText';
import { EmptyState, ErrorState, LoadingState } from '../../../../client/screens/common/QueryStates';
import { LabelledProgress } from '../../../../client/ui/LabelledProgress';
import { useConfirm, useToast } from '../../../../client/notifications';
import { ACTIVE_STATES } from '../../common/wcag/results';
import { formatMoment } from '../../../../common/panel-time';
import { type Analysis, type Settings, wcagApi } from './wcagApi';
import { WcagPage } from './parts';
import { TrendChart } from './TrendChart';

const POLL_MS = 1000;

/** The address and the number of pages an analysis takes; the server checks both. */
function SettingsForm({ serviceId, settings }: { serviceId: string; settings: Settings }) {
  const translate = useTranslate();
  const toast = useToast();
  const client = useQueryClient();
  const [startUrl, setStartUrl] = useState(settings.start_url ?? '');
  const [pageLimit, setPageLimit] = useState(String(settings.page_limit));
  const save = useMutation({
    mutationFn: () => wcagApi.saveSettings(serviceId, { start_url: startUrl.trim() || null, page_limit: Number(pageLimit) }),
    onSuccess: (saved) => {
      client.setQueryData(['wcag', serviceId, 'settings'], saved);
      toast.success('app.wcag.analysis.settings_saved');
    },
  });
  const errors = (save.error as { body?: { errors?: Record<string, string> } } | null)?.body?.errors ?? {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <Box component="form" onSubmit={submit} noValidate aria-labelledby="wcag-settings" sx={{ mb: 3 }}>
      <Typography id="wcag-settings" variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('app.wcag.analysis.settings')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <TextField
          label={translate('app.wcag.analysis.start_url')}
          value={startUrl}
          onChange={(event) => setStartUrl(event.target.value)}
          placeholder={settings.default_start_url ?? ''}
          helperText={errors.start_url ?? translate('app.wcag.analysis.start_url_help', { url: settings.default_start_url ?? '—' })}
          error={Boolean(errors.start_url)}
          sx={{ flex: 1, minWidth: 260 }}
        />
        <TextField
          label={translate('app.wcag.analysis.page_limit')}
          type="number"
          value={pageLimit}
          onChange={(event) => setPageLimit(event.target.value)}
          slotProps={{ htmlInput: { min: 1, max: settings.max_page_limit } }}
          helperText={errors.page_limit}
          error={Boolean(errors.page_limit)}
          sx={{ width: 160 }}
        />
        <Button type="submit" variant="outlined" disabled={save.isPending} sx={{ mt: 1 }}>
          {translate('app.wcag.analysis.save_settings')}
        </Button>
      </Stack>
    </Box>
  );
}

/** The analysis under way: its progress bar and the cancel button (after a confirmation). */
function RunningAnalysis({ serviceId, analysis }: { serviceId: string; analysis: Analysis }) {
  const translate = useTranslate();
  const confirm = useConfirm();
  const toast = useToast();
  const message = useTranslateText();
  const client = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => wcagApi.cancel(serviceId, analysis.id),
    onSuccess: () => {
      toast.success('app.wcag.analysis.cancelled');
      void client.invalidateQueries({ queryKey: ['wcag', serviceId] });
    },
    onError: (error) => toast.error(message(errorMessage(error))),
  });
  const percent = analysis.pages_total ? Math.round((analysis.pages_done / analysis.pages_total) * 100) : undefined;
  const summary = analysis.pages_total
    ? translate('app.wcag.analysis.progress', { smart_count: analysis.pages_done, total: analysis.pages_total })
    : translate('app.wcag.analysis.preparing');
  const ask = async () => {
    if (await confirm({ content: translate('app.wcag.analysis.cancel_confirm'), confirmText: translate('app.wcag.analysis.cancel') })) cancel.mutate();
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
      <LabelledProgress label={translate('app.wcag.analysis.running', { url: analysis.start_url })} summary={summary} percent={percent} />
      <Button color="error" variant="outlined" onClick={ask} disabled={cancel.isPending} sx={{ mt: 2 }}>
        {translate('app.wcag.analysis.cancel')}
      </Button>
    </Paper>
  );
}

function History({ serviceId, analyses }: { serviceId: string; analyses: Analysis[] }) {
  const translate = useTranslate();
  if (analyses.length === 0) return <EmptyState text={translate('app.wcag.analysis.empty')} />;
  const score = (value: number | null | undefined) => (value === null || value === undefined ? '—' : `${value}%`);
  return (
    <Table size="small" aria-labelledby="wcag-history">
      <TableHead>
        <TableRow>
          <TableCell scope="col">{translate('app.wcag.analysis.started')}</TableCell>
          <TableCell scope="col">{translate('app.wcag.analysis.status')}</TableCell>
          <TableCell scope="col">{translate('app.wcag.analysis.pages')}</TableCell>
          <TableCell scope="col">{translate('app.wcag.levels.A')}</TableCell>
          <TableCell scope="col">{translate('app.wcag.levels.AA')}</TableCell>
          <TableCell scope="col">{translate('app.wcag.analysis.result')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {analyses.map((analysis) => (
          <TableRow key={analysis.id}>
            <TableCell component="th" scope="row">
              {formatMoment(analysis.created_at)}
            </TableCell>
            <TableCell>
              {translate(`app.wcag.analysis.states.${analysis.status}`)}
              {analysis.failure ? `: ${translate(`app.wcag.failures.${analysis.failure}`)}` : ''}
            </TableCell>
            <TableCell>{analysis.pages_total === null ? '—' : `${analysis.pages_done} / ${analysis.pages_total}`}</TableCell>
            <TableCell>{score(analysis.scores?.levels.A)}</TableCell>
            <TableCell>{score(analysis.scores?.levels.AA)}</TableCell>
            <TableCell>
              {analysis.status === 'completed' ? (
                <Link component={RouterLink} to={`/usluga/${serviceId}/moduly/wcag/wynik/site?analiza=${analysis.id}`}>
                  {translate('app.wcag.analysis.show_scores')}
                </Link>
              ) : (
                '—'
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** moduly/wcag: the settings, starting an analysis, its progress, the history and the trend of scores. */
export default function AnalysisScreen() {
  const translate = useTranslate();
  const toast = useToast();
  const message = useTranslateText();
  const client = useQueryClient();
  const { service_id: serviceId } = useParams() as { service_id: string };
  const settings = useQuery({ queryKey: ['wcag', serviceId, 'settings'], queryFn: () => wcagApi.settings(serviceId) });
  const history = useQuery({
    queryKey: ['wcag', serviceId, 'history'],
    queryFn: () => wcagApi.history(serviceId, 1),
    refetchInterval: (query) => (query.state.data?.data.some((analysis) => ACTIVE_STATES.includes(analysis.status)) ? POLL_MS : false),
  });
  const start = useMutation({
    mutationFn: () => wcagApi.start(serviceId),
    onSuccess: () => {
      toast.success('app.wcag.analysis.started_message');
      void client.invalidateQueries({ queryKey: ['wcag', serviceId] });
    },
    onError: (error) => toast.error(message(errorMessage(error))),
  });
  if (settings.isPending || history.isPending) return <LoadingState />;
  if (settings.isError) return <ErrorState error={settings.error} />;
  if (history.isError) return <ErrorState error={history.error} />;
  const running = history.data.data.find((analysis) => ACTIVE_STATES.includes(analysis.status));
  const last = history.data.data[0];
  return (
    <WcagPage title={translate('app.wcag.analysis.title')}>
      <Typography sx={{ mb: 2 }}>{translate('app.wcag.analysis.intro')}</Typography>
      <SettingsForm serviceId={serviceId} settings={settings.data} />
      {running ? (
        <RunningAnalysis serviceId={serviceId} analysis={running} />
      ) : (
        <Box sx={{ mb: 3 }}>
          {last?.status === 'failed' && last.failure ? <Alert severity="error" sx={{ mb: 2 }}>{translate(`app.wcag.failures.${last.failure}`)}</Alert> : null}
          <Button variant="contained" onClick={() => start.mutate()} disabled={start.isPending}>
            {translate('app.wcag.analysis.start')}
          </Button>
        </Box>
      )}
      <Typography id="wcag-history" variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('app.wcag.analysis.history')}
      </Typography>
      <History serviceId={serviceId} analyses={history.data.data} />
      <TrendChart serviceId={serviceId} latest={history.data.data.find((analysis) => analysis.status === 'completed')?.id} />
    </WcagPage>
  );
}
