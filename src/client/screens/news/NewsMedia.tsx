import AttachFileIcon from '@mui/icons-material/AttachFile';
import { Box, Link, List, ListItem, ListItemIcon, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { NewsAttachment, NewsPhoto } from '../common/types';

/** A news item's photos (each opening its full size) and attachments (downloads), below its body; nothing when it has none. */
export function NewsMedia({ title, photos, attachments }: { title: string; photos: NewsPhoto[]; attachments: NewsAttachment[] }) {
  const translate = useTranslate();
  const shownPhotos = photos.filter((photo) => photo.photo_uri);
  const shownAttachments = attachments.filter((attachment) => attachment.file_uri);
  return (
    <>
      {shownPhotos.length > 0 && (
        <Box component="section" aria-labelledby="news-photos" sx={{ mt: 3 }}>
          <Typography id="news-photos" component="h2" variant="h6" gutterBottom>
            {translate('app.news.photos')}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 2 }}>
            {shownPhotos.map((photo) => (
              <Box component="li" key={photo.id}>
                <Box component="figure" sx={{ m: 0 }}>
                  <Link href={photo.photo_uri!} target="_blank" rel="noopener">
                    <Box component="img" src={photo.photo_thumbnails?.small ?? photo.photo_uri!} alt={photo.caption || translate('app.news.photo_of', { title })} sx={{ maxWidth: 320, height: 'auto', display: 'block' }} />
                  </Link>
                  {photo.caption && <Typography component="figcaption" variant="body2">{photo.caption}</Typography>}
                </Box>
              </Box>
            ))}
          </Box>
        </Box>
      )}
      {shownAttachments.length > 0 && (
        <Box component="section" aria-labelledby="news-attachments" sx={{ mt: 3 }}>
          <Typography id="news-attachments" component="h2" variant="h6" gutterBottom>
            {translate('app.news.attachments')}
          </Typography>
          <List dense>
            {shownAttachments.map((attachment) => (
              <ListItem key={attachment.id} disableGutters>
                <ListItemIcon sx={{ minWidth: 32 }}>
                  <AttachFileIcon fontSize="small" aria-hidden />
                </ListItemIcon>
                <Link href={attachment.file_uri!} download>
                  {attachment.name || translate('app.news.attachment')}
                </Link>
              </ListItem>
            ))}
          </List>
        </Box>
      )}
    </>
  );
}
