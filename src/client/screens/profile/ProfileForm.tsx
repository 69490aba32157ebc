import { Button, Stack, TextField } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { PROFILE_NAME_MIN_LENGTH, validateProfile } from '../../../common/validation/profile';
import { useToast } from '../../notifications';
import { api } from '../../providers/http';
import { currentUserQueryKey, type CurrentUser } from '../../providers/session';
import { FormTextField, useSubmitFailure, useValidatedForm } from './formSupport';

interface ProfileValues {
  name: string;
  surname: string;
  phone: string;
}

const profileValues = (user: CurrentUser): ProfileValues => ({
  name: user.name ?? '',
  surname: user.surname ?? '',
  phone: user.phone ?? '',
});

const messageParams = { min: PROFILE_NAME_MIN_LENGTH };

/** Name, surname and phone (SPEC 5 "Profile", checked here and again by PUT /api/user); e-mail is read-only. */
export function ProfileForm({ user }: { user: CurrentUser }) {
  const translate = useTranslate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const form = useValidatedForm<ProfileValues>(validateProfile, profileValues(user));
  const { onInvalid, onServerError } = useSubmitFailure(form.setError);
  const save = useMutation({
    mutationFn: (values: ProfileValues) =>
      api<CurrentUser>('/user', { method: 'PUT', body: { name: values.name.trim(), surname: values.surname.trim(), phone: values.phone.trim() } }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(currentUserQueryKey, saved);
      form.reset(profileValues(saved));
      toast.success('app.profile.saved');
      await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
    onError: onServerError,
  });

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      aria-labelledby="profile-data-heading"
      onSubmit={form.handleSubmit((values) => save.mutate(values), onInvalid)}
    >
      <FormTextField control={form.control} name="name" label="app.profile.name" autoComplete="given-name" required messageParams={messageParams} />
      <FormTextField
        control={form.control}
        name="surname"
        label="app.profile.surname"
        autoComplete="family-name"
        required
        messageParams={messageParams}
      />
      <FormTextField control={form.control} name="phone" label="app.profile.phone" autoComplete="tel" type="tel" />
      <TextField
        id="field-email"
        label={translate('app.profile.email')}
        value={user.email ?? ''}
        helperText={translate('app.profile.email_read_only')}
        slotProps={{ htmlInput: { readOnly: true } }}
        fullWidth
      />
      <div>
        <Button type="submit" variant="contained" loading={save.isPending}>
          {translate('app.profile.save')}
        </Button>
      </div>
    </Stack>
  );
}
