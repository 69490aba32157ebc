import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Paper, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ListPagination, usePageParam } from '../common/ListPagination';
import { EmptyState, ErrorState, LoadingState } from '../common/QueryStates';
import { newsListQuery } from '../common/queries';
import { NewsListItems } from './NewsListItems';

const NEWS_PER_PAGE = 10;

/** /wiadomosci: the user's news, newest first, unread marked. */
export default function NewsList() {
  const translate = useTranslate();
  const [page, setPage] = usePageParam();
  const news = useQuery({ ...newsListQuery(page, NEWS_PER_PAGE), placeholderData: keepPreviousData });

  return (
    <>
      <Typography component="h1" variant="h4" gutterBottom>
        {translate('app.news.title')}
      </Typography>
      {news.data && news.data.unread_count > 0 && (
        <Typography color="text.secondary" gutterBottom>
          {translate('app.news.unread_count', { smart_count: news.data.unread_count })}
        </Typography>
      )}
      {news.isPending ? (
        <LoadingState />
      ) : news.isError ? (
        <ErrorState error={news.error} />
      ) : news.data.data.length === 0 ? (
        <EmptyState text={translate('app.news.empty')} />
      ) : (
        <>
          <Paper variant="outlined" aria-busy={news.isPlaceholderData}>
            <NewsListItems items={news.data.data} />
          </Paper>
          <ListPagination page={page} perPage={NEWS_PER_PAGE} total={news.data.pagination.total} onChange={setPage} />
        </>
      )}
    </>
  );
}
