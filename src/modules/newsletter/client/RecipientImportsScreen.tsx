import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LinkBase, useParams, useTranslate } from 'react-admin';
import { api } from '../../../client/providers/http';
import { formatMoment } from '../../../common/panel-time';
import { QueryContent } from '../../../client/screens/common/QueryStates';
import { JobProgress } from '../../../client/ui/JobProgress';
import { PanelPagination } from '../../../client/ui/PanelPagination';
import { ErrorsDownload, ImportStatus, importsPath, importsScreenPath, isFinished, type RecipientImport } from './imports';

const PER_PAGE = 25;
const COLUMNS = ['file_name', 'status', 'created_at', 'consent', 'rows_total', 'rows_created', 'rows_merged', 'rows_failed', 'actions'] as const;

/** admin/importy (root users): the service's recipient imports, newest first; running ones show their progress. */
export default function RecipientImportsScreen() {
  const { service_id: serviceId = '' } = useParams();
  const translate = useTranslate();
  const [page, setPage] = useState(1);
  const imports = useQuery({
    queryKey: ['recipient_imports', serviceId, 'list', page],
    queryFn: ({ signal }) => api<{ data: RecipientImport[]; pagination: { total: number } }>(importsPath(serviceId), { signal, query: { page, per_page: PER_PAGE } }),
    placeholderData: keepPreviousData,
    // While an import runs, its counts change: the list follows until every shown one ended.
    refetchInterval: (query) => (query.state.data?.data.some((record) => !isFinished(record)) ? 2000 : false),
  });
  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Typography variant="h4" component="h1">
          {translate('app.service_admin.imports.title')}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} component={LinkBase} to={`${importsScreenPath(serviceId)}/dodaj`}>
          {translate('app.service_admin.imports.create')}
        </Button>
      </Stack>
      <QueryContent query={imports} isEmpty={(answer) => answer.data.length === 0} empty={translate('app.service_admin.imports.empty')}>
        {(answer) => (
          <Paper>
            <TableContainer>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    {COLUMNS.map((column) => (
                      <TableCell key={column}>{translate(`app.service_admin.imports.columns.${column}`)}</TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {answer.data.map((record) => (
                    <TableRow key={record.id}>
                      <TableCell>{record.file_name}</TableCell>
                      <TableCell>
                        <ImportStatus record={record} />
                        {record.failure && <Typography variant="body2">{record.failure}</Typography>}
                      </TableCell>
                      <TableCell>{formatMoment(record.created_at)}</TableCell>
                      <TableCell>
                        {record.consent_at
                          ? translate('app.service_admin.imports.consent_stated', { user: record.consent_by ?? '', at: formatMoment(record.consent_at) })
                          : translate('app.service_admin.imports.consent_not_stated')}
                      </TableCell>
                      {isFinished(record) || !record.job_id ? (
                        <>
                          <TableCell>{record.rows_total}</TableCell>
                          <TableCell>{record.rows_created}</TableCell>
                          <TableCell>{record.rows_merged}</TableCell>
                          <TableCell>{record.rows_failed}</TableCell>
                        </>
                      ) : (
                        <TableCell colSpan={4}>
                          <JobProgress jobId={record.job_id} />
                        </TableCell>
                      )}
                      <TableCell>
                        <ErrorsDownload serviceId={serviceId} record={record} size="small" />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            <PanelPagination total={answer.pagination.total} page={page} perPage={PER_PAGE} onPage={setPage} />
          </Paper>
        )}
      </QueryContent>
    </Box>
  );
}
