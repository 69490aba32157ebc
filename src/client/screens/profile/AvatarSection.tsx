import DeleteIcon from '@mui/icons-material/Delete';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { Avatar, Box, Button, Stack, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ChangeEvent } from 'react';
import { useTranslate } from 'react-admin';
import { useConfirm, useToast } from '../../notifications';
import { api } from '../../providers/http';
import { currentUserQueryKey, fullName, type CurrentUser } from '../../providers/session';
import { IMAGE_TYPES } from '../../../common/schema/registry';
import { FileChooser } from '../../ui/FileChooser';

const AVATAR_SIZE = 96;
// The raster formats the server stores (it checks the bytes itself); anything else is refused here first.
const FILE_ERROR_ID = 'avatar-file-error';

/** A local preview address for the chosen file, released when the choice changes or the section goes away. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return undefined;
    }
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file]);
  return url;
}

/** The profile photo: choose an image, preview it, save it; or remove the current one after confirming. */
export function AvatarSection({ user }: { user: CurrentUser }) {
  const translate = useTranslate();
  const toast = useToast();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [notImage, setNotImage] = useState(false);
  const previewUrl = useObjectUrl(file);
  const refreshUser = () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey });

  const upload = useMutation({
    mutationFn: (image: File) => {
      const body = new FormData();
      body.append('file', image);
      return api<{ avatar_uri: string }>('/user/avatar', { method: 'POST', body });
    },
    onSuccess: async () => {
      setFile(null);
      toast.success('app.profile.avatar_added');
      await refreshUser();
    },
  });
  const remove = useMutation({
    mutationFn: () => api<void>('/user/avatar', { method: 'DELETE' }),
    onSuccess: async () => {
      toast.success('app.profile.avatar_removed');
      await refreshUser();
    },
  });

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    // The same file may be chosen again after cancelling, which must fire change again.
    event.target.value = '';
    if (!chosen) return;
    const isImage = IMAGE_TYPES.includes(chosen.type);
    setNotImage(!isImage);
    setFile(isImage ? chosen : null);
  };

  const askAndRemove = async () => {
    const confirmed = await confirm({ title: 'app.profile.avatar_remove_title', content: 'app.profile.avatar_remove_content' });
    if (confirmed) remove.mutate();
  };

  const name = fullName(user);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' } }}>
      <Avatar
        src={previewUrl ?? user.avatar_uri ?? undefined}
        alt={translate(previewUrl ? 'app.profile.avatar_preview' : 'app.profile.avatar_alt', { name })}
        sx={{ width: AVATAR_SIZE, height: AVATAR_SIZE, fontSize: AVATAR_SIZE / 2.5 }}
      >
        {name.charAt(0).toUpperCase()}
      </Avatar>
      <Box>
        {!user.avatar_uri && !previewUrl && (
          <Typography color="text.secondary" gutterBottom>
            {translate('app.profile.avatar_none')}
          </Typography>
        )}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {file ? (
            <>
              <Button variant="contained" loading={upload.isPending} onClick={() => upload.mutate(file)}>
                {translate('app.profile.avatar_save')}
              </Button>
              <Button onClick={() => setFile(null)} disabled={upload.isPending}>
                {translate('ra.action.cancel')}
              </Button>
            </>
          ) : (
            <FileChooser
              id="avatar-file"
              text={translate(user.avatar_uri ? 'app.profile.avatar_change' : 'app.profile.avatar_choose')}
              icon={<PhotoCameraIcon fontSize="small" />}
              accept={IMAGE_TYPES.join(',')}
              onChange={choose}
              aria-describedby={notImage ? FILE_ERROR_ID : undefined}
            />
          )}
          {user.avatar_uri && !file && (
            <Button color="error" startIcon={<DeleteIcon />} loading={remove.isPending} onClick={askAndRemove}>
              {translate('app.profile.avatar_remove')}
            </Button>
          )}
        </Stack>
        <Typography id={FILE_ERROR_ID} role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
          {notImage ? translate('app.profile.avatar_not_image') : ''}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {translate('app.profile.avatar_hint')}
        </Typography>
      </Box>
    </Stack>
  );
}
