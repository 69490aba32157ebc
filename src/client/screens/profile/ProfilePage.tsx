import { Alert, AlertTitle, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { useCurrentUser } from '../../providers/session';
import { LoadingState } from '../common/QueryStates';
import { AvatarSection } from './AvatarSection';
import { PasswordForm } from './PasswordForm';
import { ProfileForm } from './ProfileForm';

function ProfileSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: { xs: 2, md: 3 } }}>
      <Typography id={id} component="h2" variant="h6" gutterBottom>
        {translate(title)}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * /panel/profil: photo, personal data and password. A user whose password is invalid (a temporary one
 * after a reminder) is sent here by the guards; the notice and the password form come first for them.
 */
export default function ProfilePage() {
  const translate = useTranslate();
  const { user } = useCurrentUser();

  const passwordSection = (
    <ProfileSection key="password" id="profile-password-heading" title="app.profile.password_heading">
      <PasswordForm />
    </ProfileSection>
  );

  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <Typography component="h1" variant="h4">
        {translate('app.profile.title')}
      </Typography>
      {!user ? (
        <LoadingState />
      ) : (
        <>
          {!user.is_password_valid && (
            <Alert severity="warning" role="alert">
              <AlertTitle>{translate('app.profile.password_invalid_title')}</AlertTitle>
              {translate('app.profile.password_invalid_text')}
            </Alert>
          )}
          {!user.is_password_valid && passwordSection}
          <ProfileSection id="profile-avatar-heading" title="app.profile.avatar_heading">
            <AvatarSection user={user} />
          </ProfileSection>
          <ProfileSection id="profile-data-heading" title="app.profile.data_heading">
            <ProfileForm key={user.id} user={user} />
          </ProfileSection>
          {user.is_password_valid && passwordSection}
        </>
      )}
    </Stack>
  );
}
