import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, LinearProgress, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { FileChooser } from './FileChooser';

interface Upload {
  file: File;
  /** 0 to 1 while sent; null before. */
  progress: number | null;
  state: 'waiting' | 'sending' | 'done' | 'failed';
  error?: string;
}

export interface FileUploadListProps {
  /** The button's text. */
  label: string;
  accept?: string[];
  /** Sends one file, telling its progress (0 to 1); rejects with the text to show. */
  upload(file: File, onProgress: (fraction: number) => void): Promise<void>;
  /** After the last file: how many were sent and how many failed. */
  onFinished?(sent: number, failed: number): void;
  disabled?: boolean;
}

/**
 * Many files chosen at once, sent one after another, each with its own progress bar and outcome;
 * a failed one says why and does not stop the rest. Keyboard and screen reader friendly: the
 * panel's file button, the list a live region.
 */
export function FileUploadList({ label, accept, upload, onFinished, disabled = false }: FileUploadListProps) {
  const translate = useTranslate();
  const inputId = useId();
  const listId = useId();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const busy = uploads.some((item) => item.state === 'waiting' || item.state === 'sending');

  async function send(files: File[]) {
    const queued: Upload[] = files.map((file) => ({ file, progress: null, state: 'waiting' }));
    setUploads(queued);
    const update = (index: number, change: Partial<Upload>) => setUploads((current) => current.map((item, at) => (at === index ? { ...item, ...change } : item)));
    let failed = 0;
    for (const [index, { file }] of queued.entries()) {
      update(index, { state: 'sending', progress: 0 });
      try {
        await upload(file, (progress) => update(index, { progress }));
        update(index, { state: 'done', progress: 1 });
      } catch (error) {
        failed += 1;
        update(index, { state: 'failed', error: error instanceof Error ? error.message : String(error) });
      }
    }
    onFinished?.(files.length - failed, failed);
  }

  return (
    <Box>
      <FileChooser
        id={inputId}
        text={label}
        icon={<UploadFileIcon fontSize="small" />}
        multiple
        accept={accept?.join(',')}
        disabled={disabled || busy}
        aria-controls={listId}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length) void send(files);
        }}
      />
      <List id={listId} dense aria-live="polite" aria-label={translate('app.uploads.list')}>
        {uploads.map((item, index) => (
          <ListItem key={`${index}:${item.file.name}`} disableGutters>
            <ListItemIcon sx={{ minWidth: 36 }}>
              {item.state === 'done' ? <CheckCircleIcon color="success" /> : item.state === 'failed' ? <ErrorIcon color="error" /> : <UploadFileIcon color="action" />}
            </ListItemIcon>
            <ListItemText
              primary={item.file.name}
              secondary={
                item.state === 'failed' ? (
                  <Typography component="span" variant="body2" color="error">
                    {item.error}
                  </Typography>
                ) : (
                  <LinearProgress
                    variant={item.progress === null ? 'indeterminate' : 'determinate'}
                    value={Math.round((item.progress ?? 0) * 100)}
                    aria-label={translate(item.state === 'done' ? 'app.uploads.sent' : 'app.uploads.sending', { name: item.file.name })}
                  />
                )
              }
              slotProps={{ secondary: { component: 'div' } }}
            />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
