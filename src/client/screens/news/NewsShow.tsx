import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Button, Paper, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { LinkBase as RouterLink, Navigate, useParams, useTranslate } from 'react-admin';
import { formatDate } from '../../../common/format';
import { api, isApiError } from '../../providers/http';
import { ErrorState, LoadingState } from '../common/QueryStates';
import { newsItemQuery, newsQueryKey } from '../common/queries';
import { SafeHtml } from '../common/SafeHtml';
import { NewsMedia } from './NewsMedia';
import { UnreadMarker } from './NewsListItems';

/** /wiadomosci/:news_id: one news item; opening an unread one marks it read and refreshes the badge. */
export default function NewsShow() {
  const translate = useTranslate();
  const { news_id: newsId = '' } = useParams();
  const queryClient = useQueryClient();
  const news = useQuery(newsItemQuery(newsId));
  const markRead = useMutation({
    mutationFn: (id: number) => api<void>(`/news/${id}/set_read`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: newsQueryKey }),
  });
  // Remembered across renders (and StrictMode's double effects) so each item is marked once.
  const markedIds = useRef(new Set<number>());
  const item = news.data;
  const { mutate } = markRead;

  useEffect(() => {
    if (item && !item.is_read && !markedIds.current.has(item.id)) {
      markedIds.current.add(item.id);
      mutate(item.id);
    }
  }, [item, mutate]);

  if (isApiError(news.error, 404)) return <Navigate to="/error/404" replace />;

  return (
    <>
      <Button component={RouterLink} to="/wiadomosci" startIcon={<ArrowBackIcon />} sx={{ mb: 2 }}>
        {translate('app.news.back')}
      </Button>
      {news.isPending ? (
        <LoadingState />
      ) : news.isError ? (
        <ErrorState error={news.error} />
      ) : (
        <Paper component="article" variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
          <Typography component="h1" variant="h4" gutterBottom>
            {news.data.title}
            {!news.data.is_read && <UnreadMarker />}
          </Typography>
          <Typography color="text.secondary" gutterBottom>
            <time dateTime={news.data.date}>{formatDate(news.data.date)}</time>
          </Typography>
          {news.data.lead && (
            <Typography sx={{ fontWeight: 'bold', my: 2 }} component="p">
              {news.data.lead}
            </Typography>
          )}
          {news.data.body && <SafeHtml html={news.data.body} sx={{ '& img': { maxWidth: '100%', height: 'auto' } }} />}
          <NewsMedia title={news.data.title} photos={news.data.photos ?? []} attachments={news.data.attachments ?? []} />
        </Paper>
      )}
    </>
  );
}
