import { Alert, Box, CircularProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { errorMessage } from '../../providers/http';
import { useTranslateText } from '../../providers/useTranslateText';

export function LoadingState() {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
      <CircularProgress aria-label={translate('ra.page.loading')} />
    </Box>
  );
}

/** The server's detail, or the generic message, for a query that failed. */
export function ErrorState({ error }: { error: unknown }) {
  const message = useTranslateText();
  return (
    <Alert severity="error" sx={{ my: 2 }}>
      {message(errorMessage(error))}
    </Alert>
  );
}

export function EmptyState({ text }: { text: string }) {
  return (
    <Typography color="text.secondary" sx={{ py: 2 }}>
      {text}
    </Typography>
  );
}
