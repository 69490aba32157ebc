import ArchiveIcon from '@mui/icons-material/Archive';
import CreateNewFolderIcon from '@mui/icons-material/CreateNewFolder';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import DriveFileMoveIcon from '@mui/icons-material/DriveFileMove';
import DriveFileRenameOutlineIcon from '@mui/icons-material/DriveFileRenameOutline';
import FolderIcon from '@mui/icons-material/Folder';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import PublicIcon from '@mui/icons-material/Public';
import {
  Box,
  Breadcrumbs,
  Button,
  Chip,
  IconButton,
  Link,
  Paper,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LinkBase, Navigate, useParams, useTranslate } from 'react-admin';
import { useConfirm, useToast } from '../../../client/notifications';
import { api, errorMessage, isApiError } from '../../../client/providers/http';
import { useTranslateText } from '../../../client/providers/useTranslateText';
import { sendMultipart } from '../../../client/schema/upload';
import { NOT_FOUND_PATH } from '../../../client/schema/access';
import { EmptyState, ErrorState, LoadingState } from '../../../client/screens/common/QueryStates';
import { FileUploadList } from '../../../client/ui/FileUploadList';
import { JobProgress } from '../../../client/ui/JobProgress';
import { PanelPagination } from '../../../client/ui/PanelPagination';
import { RecordTable } from '../../../client/ui/RecordTable';
import { formatBytes, formatDate } from '../../../common/format';
import { downloadFrom } from '../../../client/providers/download';
import { diskCalls, diskKey, diskPaths, type DiskEntry, type DiskEntryDetails } from './diskApi';
import { NameForm } from './NameDialog';

const PER_PAGE = 50;

/** dysk/:folder_id: the folder's breadcrumbs, its folders and files (folders first), and what can be done with them. */
export default function DiskFolderScreen() {
  const { service_id: serviceId = '', folder_id: folderId = '' } = useParams();
  // Another folder starts afresh: its first page, no dialog open, no archive of the previous one.
  return <FolderView key={folderId} serviceId={serviceId} folderId={folderId} />;
}

function FolderView({ serviceId, folderId }: { serviceId: string; folderId: string }) {
  const translate = useTranslate();
  const translateText = useTranslateText();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const folder = useQuery({
    queryKey: [...diskKey(serviceId), 'entry', folderId, page],
    queryFn: ({ signal }) => api<DiskEntryDetails>(diskCalls.entry(serviceId, folderId), { signal, query: { page, per_page: PER_PAGE } }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: diskKey(serviceId) });

  if (folder.isPending) return <LoadingState />;
  if (folder.isError) return isApiError(folder.error, 404) ? <Navigate to={NOT_FOUND_PATH} replace /> : <ErrorState error={folder.error} />;
  const current = folder.data;
  // A file's address opens its folder.
  if (!current.is_dir && current.parent_directory !== null) return <Navigate to={diskPaths.folder(serviceId, current.parent_directory)} replace />;

  return (
    <Box>
      <Breadcrumbs aria-label={translate('resources.disk.breadcrumbs')} sx={{ mb: 1 }}>
        {current.path.map((crumb, index) =>
          index === current.path.length - 1 ? (
            <Typography key={crumb.id} color="text.primary" aria-current="page">
              {crumb.name}
            </Typography>
          ) : (
            <Link key={crumb.id} component={LinkBase} to={diskPaths.folder(serviceId, crumb.id)} underline="hover" color="inherit">
              {crumb.name}
            </Link>
          ),
        )}
      </Breadcrumbs>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {current.name}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'flex-start' } }}>
        <Button variant="contained" startIcon={<CreateNewFolderIcon />} onClick={() => setCreating(true)}>
          {translate('resources.disk.actions.new_folder')}
        </Button>
        <FileUploadList
          label={translate('resources.disk.actions.upload')}
          upload={async (file, onProgress) => {
            try {
              await sendMultipart({ method: 'POST', path: diskCalls.upload(serviceId, current.id), payload: {}, files: { file }, onProgress });
            } catch (error) {
              throw new Error(translateText(errorMessage(error)), { cause: error });
            }
          }}
          onFinished={(sent, failed) => {
            if (sent) toast.success('app.uploads.done', { messageArgs: { smart_count: sent } });
            if (failed) toast.error('app.uploads.failed', { messageArgs: { smart_count: failed } });
            void refresh();
          }}
        />
      </Stack>
      {creating && (
        <NameForm
          dialogTitle={translate('resources.disk.new_folder.title')}
          label={translate('resources.disk.new_folder.name')}
          submitLabel={translate('ra.action.create')}
          save={(name) => api(`${diskCalls.entry(serviceId, current.id)}/new`, { method: 'POST', body: { name } })}
          onSaved={() => {
            setCreating(false);
            toast.success('resources.disk.messages.folder_created');
            void refresh();
          }}
          onCancel={() => setCreating(false)}
        />
      )}
      {current.files.length === 0 && page === 1 ? (
        <Paper sx={{ px: 2 }}>
          <EmptyState text={translate('resources.disk.empty')} />
        </Paper>
      ) : (
        <EntryTable serviceId={serviceId} folder={current} onChanged={refresh} page={page} onPage={setPage} />
      )}
      <FolderArchive serviceId={serviceId} folder={current} />
    </Box>
  );
}

function EntryTable({ serviceId, folder, onChanged, page, onPage }: { serviceId: string; folder: DiskEntryDetails; onChanged(): Promise<unknown>; page: number; onPage(page: number): void }) {
  const translate = useTranslate();
  const toast = useToast();
  const confirm = useConfirm();

  async function download(entry: DiskEntry) {
    try {
      const { url } = await api<{ url: string }>(`${diskCalls.entry(serviceId, entry.id)}/download`);
      downloadFrom(url);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  async function remove(entry: DiskEntry) {
    const confirmed = await confirm({ content: translate(entry.is_dir ? 'resources.disk.confirm.delete_folder' : 'resources.disk.confirm.delete_file', { name: entry.name }) });
    if (!confirmed) return;
    try {
      await api(diskCalls.entry(serviceId, entry.id), { method: 'DELETE' });
      toast.success('resources.disk.messages.deleted');
      await onChanged();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  const total = folder.pagination?.total ?? folder.files.length;
  const column = (key: string) => translate(`resources.disk.columns.${key}`);
  return (
    <>
      <RecordTable<DiskEntry>
        label={translate('resources.disk.table_label', { name: folder.name })}
        rows={folder.files}
        rowKey={(entry) => entry.id}
        columns={[
          {
            key: 'name',
            label: column('name'),
            value: (entry) => (
              <Stack direction="row" spacing={1} component="span" sx={{ alignItems: 'center' }}>
                {entry.is_dir ? (
                  <FolderIcon color="primary" titleAccess={translate('resources.disk.kinds.folder')} />
                ) : (
                  <InsertDriveFileIcon color="action" titleAccess={translate('resources.disk.kinds.file')} />
                )}
                {entry.is_dir ? (
                  <Link component={LinkBase} to={diskPaths.folder(serviceId, entry.id)}>
                    {entry.name}
                  </Link>
                ) : (
                  <span>{entry.name}</span>
                )}
              </Stack>
            ),
          },
          { key: 'size', label: column('size'), value: (entry) => (entry.is_dir ? '' : formatBytes(entry.size, translate)) },
          { key: 'updated_at', label: column('updated_at'), value: (entry) => formatDate(entry.updated_at, true) },
          { key: 'public', label: column('public'), value: (entry) => <PublicState entry={entry} /> },
        ]}
        actions={(entry) => (
          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            {!entry.is_dir && (
              <Action label={translate('resources.disk.actions.download', { name: entry.name })} onClick={() => void download(entry)}>
                <DownloadIcon />
              </Action>
            )}
            <Action label={translate('resources.disk.actions.rename', { name: entry.name })} to={diskPaths.rename(serviceId, folder.id, entry.id)}>
              <DriveFileRenameOutlineIcon />
            </Action>
            {!entry.is_dir && (
              <Action label={translate('resources.disk.actions.publish', { name: entry.name })} to={diskPaths.publish(serviceId, folder.id, entry.id)}>
                <PublicIcon />
              </Action>
            )}
            <Action label={translate('resources.disk.actions.move', { name: entry.name })} to={diskPaths.move(serviceId, folder.id, entry.id)}>
              <DriveFileMoveIcon />
            </Action>
            <Action label={translate('resources.disk.actions.delete', { name: entry.name })} onClick={() => void remove(entry)}>
              <DeleteIcon />
            </Action>
          </Box>
        )}
      />
      {total > PER_PAGE && (
        <PanelPagination total={total} page={page} perPage={PER_PAGE} onPage={onPage} />
      )}
    </>
  );
}

/** An icon button named for screen readers (its tooltip says the same): a link to a page or an action. */
function Action({ label, to, onClick, children }: { label: string; to?: string; onClick?(): void; children: React.ReactNode }) {
  return (
    <Tooltip title={label}>
      {to ? (
        <IconButton component={LinkBase} to={to} aria-label={label} size="small">
          {children}
        </IconButton>
      ) : (
        <IconButton onClick={onClick} aria-label={label} size="small">
          {children}
        </IconButton>
      )}
    </Tooltip>
  );
}

export function PublicState({ entry }: { entry: DiskEntry }) {
  const translate = useTranslate();
  if (!entry.public) return null;
  if (entry.public_end_date && new Date(entry.public_end_date) <= new Date()) {
    return <Chip size="small" label={translate('resources.disk.public.expired', { date: formatDate(entry.public_end_date, true) })} />;
  }
  return (
    <Chip
      size="small"
      color="success"
      variant="outlined"
      label={entry.public_end_date ? translate('resources.disk.public.until', { date: formatDate(entry.public_end_date, true) }) : translate('resources.disk.public.yes')}
    />
  );
}

/** The folder as a ZIP: PUT .../prepare queues it (its job's progress shown), GET .../download links it, DELETE .../download/{n} removes it. */
function FolderArchive({ serviceId, folder }: { serviceId: string; folder: DiskEntryDetails }) {
  const translate = useTranslate();
  const toast = useToast();
  const [jobId, setJobId] = useState<string | null>(null);
  const [archiveId, setArchiveId] = useState<number | null>(null);
  const call = diskCalls.entry(serviceId, folder.id);

  async function run(action: () => Promise<void>) {
    try {
      await action();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  return (
    <Paper component="section" aria-labelledby="disk-archive-heading" sx={{ mt: 3, p: 2 }}>
      <Typography id="disk-archive-heading" variant="h6" component="h2">
        {translate('resources.disk.archive.heading')}
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {translate('resources.disk.archive.intro')}
      </Typography>
      {jobId && (
        <Box sx={{ mb: 2 }}>
          <JobProgress jobId={jobId} />
        </Box>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button
          variant="outlined"
          startIcon={<ArchiveIcon />}
          onClick={() =>
            void run(async () => {
              const archive = await api<{ id: number; job_id: string }>(`${call}/prepare`, { method: 'PUT' });
              setJobId(archive.job_id);
              setArchiveId(archive.id);
              toast.success('resources.disk.messages.archive_queued');
            })
          }
        >
          {translate('resources.disk.actions.prepare')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={() =>
            void run(async () => {
              const link = await api<{ url: string; archive: number }>(`${call}/download`);
              setArchiveId(link.archive);
              downloadFrom(link.url);
            })
          }
        >
          {translate('resources.disk.actions.download_archive')}
        </Button>
        {archiveId !== null && (
          <Button
            color="secondary"
            startIcon={<DeleteIcon />}
            onClick={() =>
              void run(async () => {
                await api(`${call}/download/${archiveId}`, { method: 'DELETE' });
                setArchiveId(null);
                setJobId(null);
                toast.success('resources.disk.messages.archive_deleted');
              })
            }
          >
            {translate('resources.disk.actions.delete_archive')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
