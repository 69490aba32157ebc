import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Link, Paper, Stack, Typography } from '@mui/material';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { LinkBase, useNotify, useTranslate } from 'react-admin';
import { useParams } from 'react-router';
import { unreadNewsQueryKey } from '../../../client/layout/TopBar';
import { api } from '../../../client/providers/http';
import { ModuleAccess } from '../../../client/schema/access';
import { ErrorState, LoadingState } from '../../../client/screens/common/QueryStates';
import { ListPagination, usePageParam } from '../../../client/screens/common/ListPagination';
import { type RecordColumn, RecordTable } from '../../../client/ui/RecordTable';
import { formatMoment } from '../../../common/panel-time';
import { fetchSummaries, type MailingProgress, mailingPaths, mailingsApi, mailingsModule, type MailingStatus, type MailingSummary } from './mailingsApi';
import { MailingActions, statusText } from './MailingParts';

const PER_PAGE = 25;
type Mode = 'current' | 'archive' | 'template';
const FINISHED: MailingStatus[] = ['sent', 'cancelled', 'failed'];

/**
 * While a list is on screen, a mailing it showed unfinished that then failed says so in an error
 * toast, and the news bell (where the server tells the mailing's owner too) refreshes. A failed
 * mailing leaves the current list for the archive: one that left is asked for its progress.
 */
function useFailureToasts(serviceId: string, rows: MailingSummary[] | undefined) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const watched = useRef(new Map<number, string>());
  useEffect(() => {
    if (!rows) return;
    const shown = new Map(rows.map((row) => [row.id, row]));
    const left = [...watched.current].filter(([id]) => !shown.has(id) || shown.get(id)!.status === 'failed');
    watched.current = new Map(rows.filter((row) => !FINISHED.includes(row.status)).map((row) => [row.id, row.subject]));
    for (const [id, subject] of left) {
      const outcome = shown.get(id) ?? api<MailingProgress>(`${mailingsApi(serviceId)}/${id}/progress`);
      void Promise.resolve(outcome)
        .then((mailing) => {
          if (mailing.status !== 'failed') return;
          const reason = translate(`resources.mailings.reasons.${mailing.status_reason ?? 'none'}`);
          notify(translate('resources.mailings.messages.failed', { subject, reason }), { type: 'error' });
          void queryClient.invalidateQueries({ queryKey: unreadNewsQueryKey });
        })
        // A draft deleted meanwhile: nothing to tell.
        .catch(() => undefined);
    }
  }, [rows, serviceId, translate, notify, queryClient]);
}

/** How soon before its start a scheduled mailing is watched for its outcome. */
const IMMINENT_MS = 60_000;

/** A mailing whose row may change by itself soon: being sent, or scheduled to start within a minute (or overdue). */
function isMoving(row: MailingSummary): boolean {
  if (row.status === 'sending') return true;
  return row.status === 'scheduled' && row.start_at !== null && new Date(row.start_at).getTime() - Date.now() < IMMINENT_MS;
}

/** The title of a list of mailings: current, archived, or of one template. */
function listTitle(mode: Mode): string {
  return mode === 'archive' ? 'resources.mailings.archive.title' : mode === 'template' ? 'resources.mailings.actions.template_mailings' : mailingsModule().admin.title;
}

function MailingRows({ mode }: { mode: Mode }) {
  const translate = useTranslate();
  const { service_id: serviceId = '', template_id: templateId } = useParams();
  const [page, setPage] = usePageParam();
  const query = useQuery({
    queryKey: ['mailings', 'summaries', serviceId, mode, templateId, page],
    queryFn: ({ signal }) =>
      fetchSummaries(serviceId, { archived: mode === 'template' ? undefined : mode === 'archive', template_id: mode === 'template' ? templateId : undefined, page, perPage: PER_PAGE }, signal),
    placeholderData: keepPreviousData,
    // Counts move while a mailing is being sent, and a scheduled one starts (or fails) when its time comes.
    refetchInterval: (current) => (current.state.data?.data.some(isMoving) ? 2000 : false),
  });
  useFailureToasts(serviceId, query.data?.data);
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} />;
  const rows = query.data.data;
  if (rows.length === 0) {
    return (
      <Paper sx={{ p: 4, textAlign: 'center' }}>
        <Typography>{translate('app.schema.empty')}</Typography>
      </Paper>
    );
  }
  const editPath = (row: MailingSummary) => (mode === 'template' && templateId ? mailingPaths.templateEdit(serviceId, templateId, row.id) : mailingPaths.edit(serviceId, row.id));
  const columns: RecordColumn<MailingSummary>[] = [
    {
      key: 'subject',
      label: translate('resources.mailings.fields.subject'),
      value: (row) => (
        <Link component={LinkBase} to={mailingPaths.details(serviceId, row.id)}>
          {row.subject}
        </Link>
      ),
    },
    { key: 'status', label: translate('resources.mailings.fields.status'), value: (row) => statusText(translate, row.status, row.status_reason) },
    { key: 'start', label: translate('resources.mailings.fields.start_at'), value: (row) => formatMoment(row.started_at ?? row.start_at) },
    { key: 'progress', label: translate('resources.mailings.progress.label'), value: (row) => `${row.counts.sent} / ${row.counts.total}` },
  ];
  const actions = (row: MailingSummary) => (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      {row.archived ? (
        <Button size="small" component={LinkBase} to={mailingPaths.archived(serviceId, row.id)}>
          {translate('resources.mailings.actions.preview')}
        </Button>
      ) : null}
      {row.status === 'draft' || row.status === 'scheduled' ? (
        <Button size="small" component={LinkBase} to={editPath(row)} aria-label={translate('app.schema.edit_item', { label: row.subject })}>
          {translate('ra.action.edit')}
        </Button>
      ) : null}
      <MailingActions serviceId={serviceId} mailing={row} />
    </Stack>
  );
  return (
    <>
      <RecordTable label={translate(listTitle(mode))} rows={rows} rowKey={(row) => row.id} columns={columns} actions={actions} busy={query.isFetching} />
      <ListPagination page={page} perPage={PER_PAGE} total={query.data.pagination.total} onChange={setPage} />
    </>
  );
}

function MailingListScreen({ mode }: { mode: Mode }) {
  const translate = useTranslate();
  const params = useParams() as Record<string, string>;
  const serviceId = params.service_id;
  const module = mailingsModule();
  const title = listTitle(mode);
  const createPath = mode === 'template' ? mailingPaths.templateCreate(serviceId, params.template_id) : mode === 'current' ? mailingPaths.create(serviceId) : null;
  return (
    <ModuleAccess context={{ module, params }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Typography variant="h4" component="h1">
          {translate(title)}
        </Typography>
        <Stack direction="row" spacing={1}>
          {mode !== 'template' ? (
            <Button component={LinkBase} to={mode === 'archive' ? mailingPaths.list(serviceId) : mailingPaths.archive(serviceId)}>
              {translate(mode === 'archive' ? module.admin.title : 'resources.mailings.actions.archive')}
            </Button>
          ) : null}
          {createPath ? (
            <Button variant="contained" startIcon={<AddIcon />} component={LinkBase} to={createPath}>
              {translate('ra.action.add')}
            </Button>
          ) : null}
        </Stack>
      </Stack>
      <Box>
        <MailingRows mode={mode} />
      </Box>
    </ModuleAccess>
  );
}

export const CurrentMailings = () => <MailingListScreen mode="current" />;
export const ArchivedMailings = () => <MailingListScreen mode="archive" />;
export const TemplateMailings = () => <MailingListScreen mode="template" />;
