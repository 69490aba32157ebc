import { Alert, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { api, errorMessage } from '../../providers/http';
import { AuthHeading } from './AuthHeading';
import { useTranslateText } from '../../providers/useTranslateText';

/**
 * /logowanie/przypomnij_haslo/aktywuj/:username/:confirm_code: confirms the reminder; the server
 * e-mails a temporary password and the panel asks for a new one after the next login.
 */
export default function PasswordReminderConfirmPage() {
  const translate = useTranslateText();
  const { username = '', confirm_code: confirmCode = '' } = useParams();
  const confirmation = useMutation({
    mutationFn: () => api<{ detail: string }>('/password_reminder', { method: 'PUT', body: { username, confirm_code: confirmCode } }),
    onError: () => undefined,
  });
  const { mutate } = confirmation;
  const confirmedFor = useRef<string | null>(null);

  // The code is single use: confirm once per address (not again on a re-run of the effect).
  useEffect(() => {
    const key = `${username}/${confirmCode}`;
    if (confirmedFor.current === key) return;
    confirmedFor.current = key;
    mutate();
  }, [mutate, username, confirmCode]);

  const failure = confirmation.error ? errorMessage(confirmation.error) : null;
  return (
    <Stack spacing={2}>
      <AuthHeading>{translate('app.auth.reminder_confirm_title')}</AuthHeading>
      {confirmation.isPending && <CircularProgress aria-label={translate('ra.page.loading')} sx={{ alignSelf: 'center' }} />}
      {confirmation.isSuccess && (
        <Alert severity="success" role="status">
          <Typography>{translate('app.auth.temporary_password_sent')}</Typography>
          <Typography>{translate('app.auth.new_password_after_login')}</Typography>
        </Alert>
      )}
      {failure && <Alert severity="error">{translate(failure)}</Alert>}
      <Link component={RouterLink} to="/logowanie" sx={{ alignSelf: 'center' }}>
        {translate('app.auth.back_to_login')}
      </Link>
    </Stack>
  );
}
