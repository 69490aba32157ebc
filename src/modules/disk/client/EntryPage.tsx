import { Box, Button, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { LinkBase, Navigate, useParams, useTranslate } from 'react-admin';
import { isApiError } from '../../../client/providers/http';
import { NOT_FOUND_PATH } from '../../../client/schema/access';
import { ErrorState, LoadingState } from '../../../client/screens/common/QueryStates';
import { diskPaths, useDiskEntry, type DiskEntryDetails } from './diskApi';

export interface EntryPageContext {
  serviceId: string;
  folderId: string;
  entry: DiskEntryDetails;
  /** The folder the page was opened from. */
  backTo: string;
}

/** A page about one entry (dysk/:folder_id/edytuj/:file_id[/...]): it loaded, under a heading, with the way back to its folder. */
export function EntryPage({ title, children }: { title: string; children(context: EntryPageContext): ReactNode }) {
  const { service_id: serviceId = '', folder_id: folderId = '', file_id: fileId } = useParams();
  const translate = useTranslate();
  const entry = useDiskEntry(serviceId, fileId);
  const backTo = diskPaths.folder(serviceId, folderId);

  if (entry.isPending) return <LoadingState />;
  if (entry.isError) return isApiError(entry.error, 404) ? <Navigate to={NOT_FOUND_PATH} replace /> : <ErrorState error={entry.error} />;
  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography sx={{ mb: 2 }} color="text.secondary">
        {entry.data.path.map((crumb) => crumb.name).join(' / ')}
      </Typography>
      <Paper sx={{ p: { xs: 2, sm: 3 } }}>{children({ serviceId, folderId, entry: entry.data, backTo })}</Paper>
      <Button component={LinkBase} to={backTo} sx={{ mt: 2 }}>
        {translate('resources.disk.actions.back')}
      </Button>
    </Box>
  );
}
