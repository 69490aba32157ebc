import AudiotrackIcon from '@mui/icons-material/Audiotrack';
import MapIcon from '@mui/icons-material/Map';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import VideoLibraryIcon from '@mui/icons-material/VideoLibrary';
import { Box, Chip, List, ListItem, ListItemButton, ListItemText } from '@mui/material';
import { LinkBase as RouterLink, useTranslate } from 'react-admin';
import { formatDate } from '../../../common/format';
import type { NewsSummary } from '../common/types';

const mediaFlags = [
  { flag: 'has_videos', key: 'app.news.has_videos', Icon: VideoLibraryIcon },
  { flag: 'has_galleries', key: 'app.news.has_galleries', Icon: PhotoLibraryIcon },
  { flag: 'has_audios', key: 'app.news.has_audios', Icon: AudiotrackIcon },
  { flag: 'has_maps', key: 'app.news.has_maps', Icon: MapIcon },
] as const;

export function UnreadMarker() {
  const translate = useTranslate();
  return <Chip label={translate('app.news.unread')} color="primary" size="small" sx={{ ml: 1, verticalAlign: 'middle' }} />;
}

/** News entries linking to their pages; unread ones in bold with a marker. Used by the list and the dashboard. */
export function NewsListItems({ items }: { items: NewsSummary[] }) {
  const translate = useTranslate();
  return (
    <List disablePadding>
      {items.map((item) => (
        <ListItem key={item.id} disablePadding divider>
          <ListItemButton component={RouterLink} to={`/wiadomosci/${item.id}`}>
            <ListItemText
              primary={
                <>
                  <Box component="span" sx={{ fontWeight: item.is_read ? 'normal' : 'bold' }}>
                    {item.title}
                  </Box>
                  {!item.is_read && <UnreadMarker />}
                </>
              }
              secondary={
                <>
                  <Box component="time" dateTime={item.date} sx={{ display: 'block' }}>
                    {formatDate(item.date)}
                    {mediaFlags
                      .filter(({ flag }) => item[flag])
                      .map(({ flag, key, Icon }) => (
                        <Icon key={flag} fontSize="inherit" titleAccess={translate(key)} sx={{ ml: 1, verticalAlign: 'middle' }} />
                      ))}
                  </Box>
                  {item.lead && (
                    <Box component="span" sx={{ display: 'block' }}>
                      {item.lead}
                    </Box>
                  )}
                </>
              }
            />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}
