import { Alert, Box, Button, Link, Stack, TextField, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { api, errorMessage } from '../../providers/http';
import { AuthHeading } from './AuthHeading';
import { useTranslateText } from '../../providers/useTranslateText';

/** /logowanie/przypomnij_haslo: asks for the e-mail with the reset link; the answer never tells whether the user exists. */
export default function PasswordReminderPage() {
  const translate = useTranslateText();
  const [username, setUsername] = useState('');
  const [missing, setMissing] = useState(false);
  const reminder = useMutation({
    mutationFn: (name: string) => api<{ detail: string }>('/password_reminder', { method: 'POST', body: { username: name } }),
    onError: () => undefined,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMissing(!username.trim());
    if (username.trim()) reminder.mutate(username.trim());
  };

  const failure = reminder.error ? errorMessage(reminder.error) : null;
  return (
    <Stack spacing={2}>
      <AuthHeading>{translate('app.auth.reminder_title')}</AuthHeading>
      {reminder.isSuccess ? (
        <Alert severity="success" role="status">
          {reminder.data?.detail ?? translate('app.auth.reminder_sent')}
        </Alert>
      ) : (
        <Box component="form" onSubmit={submit} noValidate aria-label={translate('app.auth.reminder_title')}>
          <Stack spacing={2}>
            <Typography color="text.secondary">{translate('app.auth.reminder_intro')}</Typography>
            {failure && <Alert severity="error">{translate(failure)}</Alert>}
            <TextField
              id="reminder-username"
              label={translate('ra.auth.username')}
              value={username}
              onChange={(event) => setUsername(event.target.value)}
              error={missing}
              helperText={missing ? translate('app.auth.username_required') : undefined}
              autoComplete="username"
              slotProps={{ htmlInput: { 'aria-required': true } }}
              fullWidth
              autoFocus
            />
            <Button type="submit" variant="contained" disabled={reminder.isPending}>
              {translate('app.auth.reminder_submit')}
            </Button>
          </Stack>
        </Box>
      )}
      <Link component={RouterLink} to="/logowanie" sx={{ alignSelf: 'center' }}>
        {translate('app.auth.back_to_login')}
      </Link>
    </Stack>
  );
}
