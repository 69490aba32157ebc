import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { Button, IconButton, InputAdornment, Stack } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, validatePasswordChange } from '../../../common/validation/password';
import { useToast } from '../../notifications';
import { api } from '../../providers/http';
import { currentUserQueryKey } from '../../providers/session';
import { FormTextField, useSubmitFailure, useValidatedForm } from './formSupport';

interface PasswordValues {
  password_old: string;
  password_new: string;
  password_confirm: string;
}

const emptyValues: PasswordValues = { password_old: '', password_new: '', password_confirm: '' };
const messageParams = { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH };

/** SPEC 5 "Password change", checked here and again by PUT /api/user/password. */
export function PasswordForm() {
  const translate = useTranslate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [visible, setVisible] = useState(false);
  const form = useValidatedForm<PasswordValues>(validatePasswordChange, emptyValues);
  const { onInvalid, onServerError } = useSubmitFailure(form.setError);
  const change = useMutation({
    mutationFn: (values: PasswordValues) => api<{ detail: string }>('/user/password', { method: 'PUT', body: values }),
    onSuccess: async () => {
      form.reset(emptyValues);
      toast.success('app.auth.password_changed');
      // is_password_valid turns true, which lets the guards release a user with a temporary password.
      await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
    onError: onServerError,
  });

  const visibilityToggle = (
    <InputAdornment position="end">
      <IconButton
        onClick={() => setVisible((shown) => !shown)}
        edge="end"
        aria-label={translate(visible ? 'ra.input.password.toggle_visible' : 'ra.input.password.toggle_hidden')}
      >
        {visible ? <VisibilityOff /> : <Visibility />}
      </IconButton>
    </InputAdornment>
  );
  const passwordProps = { type: visible ? 'text' : 'password', required: true, messageParams } as const;

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      aria-labelledby="profile-password-heading"
      onSubmit={form.handleSubmit((values) => change.mutate(values), onInvalid)}
    >
      <FormTextField
        control={form.control}
        name="password_old"
        label="app.profile.password_old"
        autoComplete="current-password"
        slotProps={{ input: { endAdornment: visibilityToggle } }}
        {...passwordProps}
      />
      <FormTextField
        control={form.control}
        name="password_new"
        label="app.profile.password_new"
        autoComplete="new-password"
        helperText={translate('app.profile.password_rules', messageParams)}
        {...passwordProps}
      />
      <FormTextField
        control={form.control}
        name="password_confirm"
        label="app.profile.password_confirm"
        autoComplete="new-password"
        {...passwordProps}
      />
      <div>
        <Button type="submit" variant="contained" loading={change.isPending}>
          {translate('app.profile.change_password')}
        </Button>
      </div>
    </Stack>
  );
}
