import { Alert, Box, Button } from '@mui/material';
import { useTranslate } from 'react-admin';

/** The last-resort screen when rendering fails outside a page (the pages have their own boundary). */
export function AppError({ resetErrorBoundary }: { resetErrorBoundary: (args?: unknown) => void }) {
  const translate = useTranslate();
  return (
    <Box component="main" sx={{ p: 4 }}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => resetErrorBoundary()}>
            {translate('ra.action.refresh')}
          </Button>
        }
      >
        {translate('errors.unexpected')}
      </Alert>
    </Box>
  );
}
