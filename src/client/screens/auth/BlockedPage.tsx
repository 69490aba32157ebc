import { Alert, Link, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { AuthHeading } from './AuthHeading';

/** /logowanie/blokada: the account is blocked. */
export default function BlockedPage() {
  const translate = useTranslate();
  return (
    <Stack spacing={2}>
      <AuthHeading>{translate('app.auth.blocked_title')}</AuthHeading>
      <Alert severity="error">{translate('app.auth.blocked_text')}</Alert>
      <Link component={RouterLink} to="/logowanie" sx={{ alignSelf: 'center' }}>
        {translate('app.auth.back_to_login')}
      </Link>
    </Stack>
  );
}
