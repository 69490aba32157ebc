import HomeIcon from '@mui/icons-material/Home';
import { Box, Button, Typography } from '@mui/material';
import { LinkBase as RouterLink, useTranslate } from 'react-admin';

export interface ErrorPageProps {
  status: 401 | 403 | 404;
}

/** SPEC 2 "Errors": 401 and 403 'Brak dostępu', 404 'Nie znaleziono strony', with a way home. */
export default function ErrorPage({ status }: ErrorPageProps) {
  const translate = useTranslate();
  const kind = status === 404 ? 'not_found' : 'access_denied';
  return (
    <Box sx={{ textAlign: 'center', py: 8, px: 2 }}>
      <Typography variant="h2" component="p" color="text.secondary" aria-hidden="true">
        {status}
      </Typography>
      <Typography variant="h4" component="h1" gutterBottom>
        {translate(`app.errors.${kind}`)}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {translate(`app.errors.${kind}_description`)}
      </Typography>
      <Button component={RouterLink} to="/" variant="contained" startIcon={<HomeIcon />}>
        {translate('app.errors.go_home')}
      </Button>
    </Box>
  );
}
