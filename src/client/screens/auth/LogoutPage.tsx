import { CircularProgress, Stack } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router';
import { logoutRedirectPath } from '../../providers/callbackUrl';
import { signOut } from '../../providers/signOut';
import { AuthHeading } from './AuthHeading';

/** /wyloguj: revokes and clears the tokens, then goes to login (carrying callback_url per SPEC 2). */
export default function LogoutPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { search } = useLocation();

  useEffect(() => {
    let active = true;
    void signOut().then(() => {
      queryClient.clear();
      if (active) navigate(logoutRedirectPath(search), { replace: true });
    });
    return () => {
      active = false;
    };
  }, [navigate, queryClient, search]);

  return (
    <Stack spacing={2} sx={{ alignItems: 'center' }}>
      <AuthHeading>{translate('app.auth.logging_out')}</AuthHeading>
      <CircularProgress aria-label={translate('app.auth.logging_out')} />
    </Stack>
  );
}
