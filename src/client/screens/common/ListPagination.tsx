import { Box, Pagination, Typography } from '@mui/material';
import { useCallback } from 'react';
import { useLocation, useNavigate, useTranslate } from 'react-admin';

/** The 1-based page of a paginated screen, kept in the address (?page=) so back and reload keep it. */
export function usePageParam(): [number, (page: number) => void] {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const parsed = Number.parseInt(new URLSearchParams(search).get('page') ?? '', 10);
  const page = Number.isInteger(parsed) && parsed > 0 ? parsed : 1;
  const setPage = useCallback(
    (next: number) => {
      const params = new URLSearchParams(search);
      if (next > 1) params.set('page', String(next));
      else params.delete('page');
      const query = params.toString();
      navigate({ pathname, search: query ? `?${query}` : '' });
    },
    [navigate, pathname, search],
  );
  return [page, setPage];
}

interface ListPaginationProps {
  page: number;
  perPage: number;
  total: number;
  onChange(page: number): void;
}

/** The "1-10 z 25" range and page links, with react-admin's translated names for each link. */
export function ListPagination({ page, perPage, total, onChange }: ListPaginationProps) {
  const translate = useTranslate();
  const pageCount = Math.ceil(total / perPage);
  if (total === 0) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2, mt: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {translate('ra.navigation.page_range_info', {
          offsetBegin: (page - 1) * perPage + 1,
          offsetEnd: Math.min(page * perPage, total),
          total,
        })}
      </Typography>
      {pageCount > 1 && (
        <Pagination
          page={Math.min(page, pageCount)}
          count={pageCount}
          onChange={(_event, next) => onChange(next)}
          showFirstButton
          showLastButton
          color="primary"
          aria-label={translate('app.pagination.label')}
          getItemAriaLabel={(type, itemPage, selected) => {
            if (type === 'page') {
              return translate(selected ? 'ra.navigation.current_page' : 'ra.navigation.page', { page: itemPage ?? 0 });
            }
            return translate(`ra.navigation.${type}`);
          }}
        />
      )}
    </Box>
  );
}
