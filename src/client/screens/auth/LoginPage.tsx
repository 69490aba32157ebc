import { Alert, Box, Button, Link, Stack } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { BLOCKED_PATH, isAccountBlocked, signIn } from '../../providers/signIn';
import { afterLoginPath, CALLBACK_PARAM } from '../../providers/callbackUrl';
import { errorMessage } from '../../providers/http';
import { OutlinedTextField } from '../../ui/OutlinedTextField';
import { AuthHeading } from './AuthHeading';
import { useTranslateText } from '../../providers/useTranslateText';

type Field = 'username' | 'password';

/**
 * /logowanie: after signing in, the callback_url when it is on this origin, else the dashboard.
 * Rendered outside react-admin (App.tsx), so it signs in through signIn(), not useLogin().
 */
export default function LoginPage() {
  const translate = useTranslateText();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [values, setValues] = useState<Record<Field, string>>({ username: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: Partial<Record<Field, string>> = {};
    if (!values.username.trim()) missing.username = translate('app.auth.username_required');
    if (!values.password) missing.password = translate('app.auth.password_required');
    setFieldErrors(missing);
    setFailure(null);
    if (Object.keys(missing).length > 0) return;
    setSubmitting(true);
    try {
      await signIn({ username: values.username.trim(), password: values.password });
      navigate(afterLoginPath(search.get(CALLBACK_PARAM), window.location.origin));
    } catch (error) {
      if (isAccountBlocked(error)) {
        navigate(BLOCKED_PATH);
        return;
      }
      const message = errorMessage(error);
      setFailure(translate(message));
    } finally {
      setSubmitting(false);
    }
  };

  const field = (name: Field) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues({ ...values, [name]: event.target.value }),
    error: Boolean(fieldErrors[name]),
    helperText: fieldErrors[name],
    required: true,
  });

  return (
    <Box component="form" onSubmit={submit} noValidate aria-labelledby="login-title">
      <AuthHeading>
        <span id="login-title">{translate('app.auth.login_title')}</span>
      </AuthHeading>
      <Stack spacing={2} sx={{ mt: 2 }}>
        {failure && <Alert severity="error">{failure}</Alert>}
        <OutlinedTextField {...field('username')} id="login-username" label={translate('ra.auth.username')} autoComplete="username" autoFocus />
        <OutlinedTextField {...field('password')} id="login-password" type="password" label={translate('ra.auth.password')} autoComplete="current-password" />
        <Button type="submit" variant="contained" size="large" disabled={submitting}>
          {translate('ra.auth.sign_in')}
        </Button>
        <Link component={RouterLink} to="/logowanie/przypomnij_haslo" sx={{ alignSelf: 'center' }}>
          {translate('app.auth.forgot_password')}
        </Link>
      </Stack>
    </Box>
  );
}
