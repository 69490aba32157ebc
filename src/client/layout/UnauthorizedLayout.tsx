import { Box, Container, Paper, Typography } from '@mui/material';
import { Suspense, type ReactNode } from 'react';
import { Loading, useTranslate } from 'react-admin';
import { useLocation } from 'react-router';
import { GuestGuard } from '../guards/GuestGuard';
import type { AppRoute } from '../routes';
import { ErrorBoundary } from './ErrorBoundary';
import { useDocumentTitle } from './useDocumentTitle';

/**
 * The guest layout (SPEC 2): the logo and the product title above the routed content. It is given
 * its route's title rather than looking it up in the route table, which the login page does not load.
 */
export function UnauthorizedLayout({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  useDocumentTitle(title);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'grey.100' }}>
      <Box component="header" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1.5, py: 4 }}>
        <img src="/favicon.svg" alt="" width={48} height={48} />
        <Typography component="p" variant="h5" sx={{ fontWeight: 600 }}>
          {translate('app.layout.product')}
        </Typography>
      </Box>
      <Container component="main" maxWidth="sm" sx={{ flexGrow: 1, pb: 4 }}>
        <Paper sx={{ p: { xs: 3, sm: 4 } }}>
          <ErrorBoundary message={translate('errors.unexpected')} resetKey={pathname}>
            <Suspense fallback={<Loading />}>{children}</Suspense>
          </ErrorBoundary>
        </Paper>
      </Container>
    </Box>
  );
}

/** A guests' route (the login family) as the shell and the panel both render it. */
export function guestRouteElement({ title, screen: { Component } }: AppRoute) {
  return (
    <UnauthorizedLayout title={title}>
      <GuestGuard>
        <Component />
      </GuestGuard>
    </UnauthorizedLayout>
  );
}
