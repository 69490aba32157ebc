import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ListPagination } from '../screens/common/ListPagination';
import { EmptyState, ErrorState, LoadingState } from '../screens/common/QueryStates';

/** One page of a hand-written list as the API answers it. */
export interface Page<T> {
  data: T[];
  pagination: { total: number };
}

/** Rows per page of the hand-written reports and logs. */
export const RESULTS_PER_PAGE = 25;

/**
 * One page of a hand-written list's rows: loading, failure and "none" states, else what `children`
 * makes of the rows and the page links under it.
 */
export function PagedResults<T>({
  query,
  page,
  onPage,
  empty,
  children,
}: {
  query: UseQueryResult<Page<T>>;
  page: number;
  onPage(page: number): void;
  empty: string;
  children(rows: T[]): ReactNode;
}) {
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} />;
  const rows = query.data.data;
  if (rows.length === 0) return <EmptyState text={empty} />;
  return (
    <>
      {children(rows)}
      <ListPagination page={page} perPage={RESULTS_PER_PAGE} total={query.data.pagination.total} onChange={onPage} />
    </>
  );
}
