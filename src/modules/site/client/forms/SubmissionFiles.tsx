import AttachFileIcon from '@mui/icons-material/AttachFile';
import { Box, Link, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { api } from '../../../../client/providers/http';
import { ErrorState, LoadingState } from '../../../../client/screens/common/QueryStates';

interface SubmittedFile {
  name: string;
  url: string;
}

/**
 * The files a submission brought, below its answers (moduly/formularze/{form_id}/zgloszenia/{submission_id}):
 * each by the name it was sent with, downloaded through a signed link the server gives for a while.
 */
export default function SubmissionFiles({ params }: { params: Record<string, string> }) {
  const translate = useTranslate();
  const path = `/client_service/${encodeURIComponent(params.service_id)}/module/forms/${encodeURIComponent(params.form_id)}/submissions/${encodeURIComponent(params.submission_id)}/files`;
  // Signed links expire: asked anew each time the screen opens.
  const files = useQuery({ queryKey: ['form_submissions', 'files', path], queryFn: ({ signal }) => api<{ data: SubmittedFile[] }>(path, { signal }), staleTime: 0 });
  if (files.isPending) return <LoadingState />;
  if (files.isError) return <ErrorState error={files.error} />;
  return (
    <Box component="section" aria-labelledby="submission-files-heading" sx={{ mt: 3 }}>
      <Typography id="submission-files-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('resources.form_submissions.files.heading')}
      </Typography>
      {files.data.data.length === 0 ? (
        <Typography>{translate('resources.form_submissions.files.none')}</Typography>
      ) : (
        <List dense>
          {files.data.data.map((file) => (
            <ListItem key={file.url} disableGutters>
              <ListItemIcon sx={{ minWidth: 32 }}>
                <AttachFileIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText>
                <Link href={file.url} download={file.name}>
                  {translate('resources.form_submissions.files.download', { name: file.name })}
                </Link>
              </ListItemText>
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
