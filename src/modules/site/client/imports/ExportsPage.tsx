import { Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams, useTranslate } from 'react-admin';
import { apiPaths } from '../../../../common/schema/paths';
import { PanelPagination } from '../../../../client/ui/PanelPagination';
import { api } from '../../../../client/providers/http';
import { moduleOf } from '../../../../client/schema/registry';
import { IMPORTS, SectionBody, SectionPage } from './sections';

interface Export {
  id: number;
  client_service_name: string;
  category_name: string;
  export_category_name: string;
  published: boolean;
}

const PER_PAGE = 25;

/** konfiguracja/importy/eksporty: the imports other services take from this one (GET .../exports). */
function Exports() {
  const translate = useTranslate();
  const params = useParams() as Record<string, string>;
  const [page, setPage] = useState(1);
  const collection = apiPaths(moduleOf(IMPORTS).admin, params).collection;
  const exports = useQuery({
    queryKey: [IMPORTS, 'exports', collection, page],
    queryFn: ({ signal }) => api<{ data: Export[]; pagination: { total: number } }>(`${collection}/exports`, { query: { page, per_page: PER_PAGE }, signal }),
    placeholderData: keepPreviousData,
  });
  const title = translate('app.imports.exports.title');
  const columns = ['service', 'category', 'export_category', 'published'] as const;
  return (
    <SectionBody title={title} query={exports} isEmpty={(answer) => answer.data.length === 0} empty={translate('app.imports.exports.empty')}>
      {(answer) => (
        <Paper>
          <TableContainer>
            <Table aria-label={title} aria-busy={exports.isFetching}>
              <TableHead>
                <TableRow>
                  {columns.map((column) => (
                    <TableCell key={column}>{translate(`app.imports.exports.${column}`)}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {answer.data.map((row) => (
                  <TableRow key={row.id}>
                    <TableCell>{row.client_service_name}</TableCell>
                    <TableCell>{row.category_name}</TableCell>
                    <TableCell>{row.export_category_name}</TableCell>
                    <TableCell>{translate(row.published ? 'ra.boolean.true' : 'ra.boolean.false')}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <PanelPagination total={answer.pagination.total} page={page} perPage={PER_PAGE} onPage={setPage} />
        </Paper>
      )}
    </SectionBody>
  );
}

export default function ExportsPage() {
  return (
    <SectionPage section="exports">
      <Exports />
    </SectionPage>
  );
}
