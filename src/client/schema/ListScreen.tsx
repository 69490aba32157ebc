import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import {
  Box,
  Button,
  IconButton,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  TextField,
  Typography,
} from '@mui/material';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { LinkBase, useDelete, useGetList, useTranslate } from 'react-admin';
import { routePath } from '../../common/schema/paths';
import type { AdminColumn } from '../../common/schema/types';
import { useConfirm, useToast } from '../notifications';
import { errorMessage } from '../providers/http';
import { LoadFailure, ModuleAccess, useSchemaContext, type SchemaContext } from './access';
import { OptionsFilter, useSettled } from './OptionsFilter';
import { fieldTitleKey } from './registry';
import type { SchemaScreenProps } from './routes';
import { displayValue } from './values';
import { LoadingState } from '../screens/common/QueryStates';

export interface ListRecord {
  id: number | string;
  [field: string]: unknown;
}

export const PER_PAGE_OPTIONS = [10, 25, 50, 100];
const DEFAULT_PER_PAGE = 25;

function RecordList({ context }: { context: SchemaContext }) {
  const { module, params } = context;
  const { admin } = module;
  const translate = useTranslate();
  const toast = useToast();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [deleteOne] = useDelete<ListRecord>(undefined, undefined, { mutationMode: 'pessimistic' });
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(DEFAULT_PER_PAGE);
  const [sort, setSort] = useState(admin.list.sort);
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<Record<string, string>>({});
  const settledSearch = useSettled(search);
  const settledFilters = useSettled(JSON.stringify(filters));

  // The route params (service_id) go as meta: the dataProvider fills the API path with them.
  const records = useGetList<ListRecord>(
    admin.resource,
    { pagination: { page, perPage }, sort, filter: { search: settledSearch || undefined, ...(JSON.parse(settledFilters) as Record<string, string>) }, meta: params },
    { placeholderData: keepPreviousData },
  );

  // A delete can empty the last page: step back to the one before.
  const rows = records.data ?? [];
  useEffect(() => {
    if (!records.isPlaceholderData && records.data && rows.length === 0 && page > 1) setPage(page - 1);
  }, [records.data, records.isPlaceholderData, rows.length, page]);

  const title = translate(admin.title);
  const columns: AdminColumn[] = admin.list.columns.length ? admin.list.columns : [{ field: admin.list.label }];
  const label = (record: ListRecord) => String(record[admin.list.label] ?? record.id);
  const itemParams = (record: ListRecord) => ({ ...params, [admin.route.param]: record.id });
  const hasEdit = admin.route.views.edit !== undefined;
  const hasCreate = admin.route.views.create !== undefined;

  async function remove(record: ListRecord) {
    const confirmed = await confirm({ title: translate('app.schema.delete_confirm', { label: label(record) }) });
    if (!confirmed) return;
    await deleteOne(
      admin.resource,
      { id: record.id, previousData: record, meta: params },
      {
        onSuccess: () => {
          if (admin.messages.deleted) toast.success(admin.messages.deleted);
        },
        onError: (error) => toast.error(errorMessage(error)),
        // SPEC 4: deleting refreshes the affected list, whatever the answer.
        onSettled: () => queryClient.invalidateQueries({ queryKey: [admin.resource] }),
      },
    );
  }

  const toggleSort = (field: string) => {
    setSort((current) => ({ field, order: current.field === field && current.order === 'ASC' ? 'DESC' : 'ASC' }));
    setPage(1);
  };
  const filtering = Boolean(settledSearch) || Object.values(filters).some(Boolean);

  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Typography variant="h4" component="h1">
          {title}
        </Typography>
        {hasCreate && (
          <Button variant="contained" startIcon={<AddIcon />} component={LinkBase} to={routePath(admin, 'create', params)}>
            {translate('ra.action.add')}
          </Button>
        )}
      </Stack>
      {(admin.list.search?.length || admin.list.filters?.length) ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }} role="search">
          {admin.list.search?.length ? (
            <TextField
              type="search"
              size="small"
              label={translate('ra.action.search')}
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                setPage(1);
              }}
            />
          ) : null}
          {admin.list.filters?.map((filter) => {
            const param = filter.param ?? filter.field;
            const label = translate(fieldTitleKey(module, filter.field));
            const change = (value: string) => {
              setFilters((current) => ({ ...current, [param]: value }));
              setPage(1);
            };
            return filter.options ? (
              <OptionsFilter key={param} label={label} options={filter.options} scope={admin.scope} params={params} value={filters[param] ?? ''} onChange={change} />
            ) : (
              <TextField key={param} size="small" label={label} value={filters[param] ?? ''} onChange={(event) => change(event.target.value)} />
            );
          })}
        </Stack>
      ) : null}
      {records.isPending ? (
        <LoadingState />
      ) : records.isError ? (
        <LoadFailure error={records.error} />
      ) : rows.length === 0 ? (
        <Paper sx={{ p: 4, textAlign: 'center' }}>
          <Typography>{translate(filtering ? 'app.schema.no_results' : 'app.schema.empty')}</Typography>
        </Paper>
      ) : (
        <Paper>
          <TableContainer>
            <Table aria-label={title} aria-busy={records.isFetching}>
              <TableHead>
                <TableRow>
                  {columns.map((column) => (
                    <TableCell key={column.field} sortDirection={sort.field === column.field ? (sort.order === 'ASC' ? 'asc' : 'desc') : false}>
                      {column.sortable ? (
                        <TableSortLabel
                          active={sort.field === column.field}
                          direction={sort.field === column.field && sort.order === 'DESC' ? 'desc' : 'asc'}
                          onClick={() => toggleSort(column.field)}
                        >
                          {translate(fieldTitleKey(module, column.field))}
                        </TableSortLabel>
                      ) : (
                        translate(fieldTitleKey(module, column.field))
                      )}
                    </TableCell>
                  ))}
                  <TableCell align="right">{translate('app.schema.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((record) => (
                  <TableRow key={record.id} hover>
                    {columns.map((column) => (
                      <TableCell key={column.field}>{displayValue(module, column.field, record[column.field], translate)}</TableCell>
                    ))}
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {hasEdit && (
                        <IconButton component={LinkBase} to={routePath(admin, 'edit', itemParams(record))} aria-label={translate('app.schema.edit_item', { label: label(record) })}>
                          <EditIcon />
                        </IconButton>
                      )}
                      <IconButton onClick={() => void remove(record)} aria-label={translate('app.schema.delete_item', { label: label(record) })}>
                        <DeleteIcon />
                      </IconButton>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={records.total ?? 0}
            page={page - 1}
            rowsPerPage={perPage}
            rowsPerPageOptions={PER_PAGE_OPTIONS}
            onPageChange={(_event, next) => setPage(next + 1)}
            onRowsPerPageChange={(event) => {
              setPerPage(Number(event.target.value));
              setPage(1);
            }}
            labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
            labelDisplayedRows={({ from, to, count }) => translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })}
            getItemAriaLabel={(type) => translate(`ra.navigation.${type}`)}
          />
        </Paper>
      )}
    </>
  );
}

/** The list screen of a schema module: x-admin's columns, sort, search and filters over the server's pages. */
export default function ListScreen({ resource }: SchemaScreenProps) {
  const context = useSchemaContext(resource);
  return (
    <ModuleAccess context={context}>
      <Box>
        <RecordList context={context} />
      </Box>
    </ModuleAccess>
  );
}


