import { TablePagination } from '@mui/material';
import { useTranslate } from 'react-admin';

interface PanelPaginationProps {
  /** Rows in the whole list. */
  total: number;
  /** 1-based, as the API counts pages. */
  page: number;
  perPage: number;
  onPage(page: number): void;
  /** Offers these page sizes (and calls onPerPage) when given; one fixed size otherwise. */
  perPageOptions?: number[];
  onPerPage?(perPage: number): void;
}

/** The paging bar under a table, its texts from the panel's catalogue (MUI's own would stay Polish in the English panel). */
export function PanelPagination({ total, page, perPage, onPage, perPageOptions, onPerPage }: PanelPaginationProps) {
  const translate = useTranslate();
  return (
    <TablePagination
      component="div"
      count={total}
      page={page - 1}
      rowsPerPage={perPage}
      rowsPerPageOptions={perPageOptions ?? [perPage]}
      onPageChange={(_event, next) => onPage(next + 1)}
      onRowsPerPageChange={onPerPage && ((event) => onPerPage(Number(event.target.value)))}
      labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
      labelDisplayedRows={({ from, to, count }) => translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })}
      getItemAriaLabel={(type) => translate(`ra.navigation.${type}`)}
    />
  );
}
