import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Button, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useToast } from '../notifications';
import { errorMessage } from '../providers/http';

/** A value to take elsewhere (a public link, a key): read-only, with a button that copies it and says so. */
export function CopyableField({ label, value, copyLabel, copiedMessage }: { label: string; value: string; copyLabel: string; copiedMessage: string }) {
  const translate = useTranslate();
  const toast = useToast();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
      <TextField label={label} value={value} fullWidth slotProps={{ htmlInput: { readOnly: true } }} />
      <Button
        startIcon={<ContentCopyIcon />}
        onClick={() =>
          void navigator.clipboard.writeText(value).then(
            () => toast.copied(copiedMessage),
            (error: unknown) => toast.error(errorMessage(error)),
          )
        }
        sx={{ whiteSpace: 'nowrap' }}
      >
        {translate(copyLabel)}
      </Button>
    </Stack>
  );
}
