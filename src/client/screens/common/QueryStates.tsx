import { Alert, Box, CircularProgress, Typography } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
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

/**
 * What a query's part of a screen shows: loading, then its failure, the "none" text when `isEmpty`
 * says the answer holds nothing, or what `children` makes of the answer.
 */
export function QueryContent<T>({ query, isEmpty, empty, children }: { query: UseQueryResult<T>; isEmpty?(data: T): boolean; empty?: string; children(data: T): ReactNode }) {
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} />;
  if (empty !== undefined && isEmpty?.(query.data)) return <EmptyState text={empty} />;
  return <>{children(query.data)}</>;
}
