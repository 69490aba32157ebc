import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
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
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { LinkBase, useDataProvider, useDelete, useGetList, useTranslate } from 'react-admin';
import { apiPaths, routePath } from '../../common/schema/paths';
import type { AdminColumn, ModuleSchema } from '../../common/schema/types';
import { useConfirm, useToast } from '../notifications';
import { api, errorMessage } from '../providers/http';
import { downloadApiFile } from '../providers/download';
import { LoadFailure, ModuleAccess, useSchemaContext, type SchemaContext } from './access';
import { ActionButton } from './actions';
import { RecordTabs } from './RecordTabs';
import { OptionsFilter, useSettled } from './OptionsFilter';
import { fieldTitleKey } from './registry';
import type { SchemaScreenProps } from './routes';
import { PER_PAGE_OPTIONS, useListQuery } from './useListQuery';
import { displayValue } from './values';
import { useReferenceLabels } from './referenceLabels';
import { LoadingState } from '../screens/common/QueryStates';
import { useTranslateText } from '../providers/useTranslateText';
import { FileUploadList } from '../ui/FileUploadList';

// Only ordered modules' lists need it: its drag and drop code loads with the first of them.
const SortableList = lazy(() => import('../ui/SortableList').then((module) => ({ default: module.SortableList<ListRecord> })));

export interface ListRecord {
  id: number | string;
  [field: string]: unknown;
}


function RecordList({ context }: { context: SchemaContext }) {
  const { module, params } = context;
  const { admin } = module;
  const translate = useTranslate();
  const toast = useToast();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [deleteOne] = useDelete<ListRecord>(undefined, undefined, { mutationMode: 'pessimistic' });
  const [query, changeQuery] = useListQuery(admin.list);
  const { page, perPage, sort, filters } = query;
  // What the user types: the address (and the server) follow once the typing settles.
  const [search, setSearch] = useState(query.search);
  const [filterInput, setFilterInput] = useState(filters);
  const settledSearch = useSettled(search);
  const settledFilters = useSettled(JSON.stringify(filterInput));
  useEffect(() => {
    const nextFilters = JSON.parse(settledFilters) as Record<string, string>;
    if (settledSearch === query.search && settledFilters === JSON.stringify(query.filters)) return;
    changeQuery({ search: settledSearch, filters: nextFilters, page: 1 }, { replace: true });
    // Only settled typing writes the address; the address changing (Back) resets the inputs below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settledSearch, settledFilters]);
  useEffect(() => {
    setSearch(query.search);
    setFilterInput(query.filters);
  }, [query.search, query.filters]);

  // The route params (service_id) go as meta: the dataProvider fills the API path with them.
  const records = useGetList<ListRecord>(
    admin.resource,
    { pagination: { page, perPage }, sort, filter: { search: query.search || undefined, ...withoutEmpty(filters) }, meta: params },
    { placeholderData: keepPreviousData },
  );

  // A delete (or a shared link to a page past the end) can show an empty page: step back to the last one.
  const rows = records.data ?? [];
  useEffect(() => {
    if (records.isPlaceholderData || !records.data || rows.length > 0 || page <= 1) return;
    const lastPage = Math.max(1, Math.ceil((records.total ?? 0) / perPage));
    changeQuery({ page: Math.min(page - 1, lastPage) }, { replace: true });
  }, [records.data, records.isPlaceholderData, records.total, rows.length, page, perPage, changeQuery]);

  const title = translate(admin.title);
  const columns: AdminColumn[] = admin.list.columns.length ? admin.list.columns : [{ field: admin.list.label }];
  // A record's name as the user reads it: a choice by its title (a block's type), a date in Polish.
  const label = (record: ListRecord) => displayValue(module, admin.list.label, record[admin.list.label], translate) || String(record.id);
  const referenceLabel = useReferenceLabels(module, params, columns.map((column) => column.field));
  const cellText = (field: string, record: ListRecord) => referenceLabel(field, record[field]) ?? displayValue(module, field, record[field], translate);
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

  const toggleSort = (field: string) =>
    changeQuery({ sort: { field, order: sort.field === field && sort.order === 'ASC' ? 'DESC' : 'ASC' }, page: 1 });
  const filtering = Boolean(query.search) || Object.values(filters).some(Boolean);
  // An ordered module is arranged by hand when shown in its own order, unfiltered.
  const canArrange = admin.ordered && !filtering && sort.field === admin.list.sort.field && sort.order === admin.list.sort.order;
  const arrange = useMutation({
    mutationFn: (ids: number[]) => api(`${apiPaths(admin, params).collection}/order`, { method: 'PUT', body: { ids } }),
    onSuccess: () => toast.success('app.schema.order_saved'),
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [admin.resource] }),
  });
  const columnTitle = (column: AdminColumn) => translate(fieldTitleKey(module, column.field));
  const rowActions = admin.actions.filter((action) => action.on === 'row');
  const collectionActions = admin.actions.filter((action) => action.on === 'collection');
  // list.export: the list as filtered and sorted now, every record, as CSV.
  const exporting = useMutation({
    mutationFn: () =>
      downloadApiFile(
        `${apiPaths(admin, params).collection}/export`,
        { sort: sort.field, order: sort.order, search: query.search || undefined, ...withoutEmpty(filters) },
        `${admin.resource}.csv`,
      ),
    onSuccess: () => toast.success('app.schema.exported'),
    onError: (error) => toast.error(errorMessage(error)),
  });
  const actions = (record: ListRecord) => (
    <>
      {rowActions.map((action) => (
        <ActionButton key={action.name} context={context} action={action} record={record} size="small" />
      ))}
      {hasEdit && (
        <IconButton component={LinkBase} to={routePath(admin, 'edit', itemParams(record))} aria-label={translate('app.schema.edit_item', { label: label(record) })}>
          <EditIcon />
        </IconButton>
      )}
      <IconButton onClick={() => void remove(record)} aria-label={translate('app.schema.delete_item', { label: label(record) })}>
        <DeleteIcon />
      </IconButton>
    </>
  );

  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Typography variant="h4" component="h1">
          {title}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {collectionActions.map((action) => (
            <ActionButton key={action.name} context={context} action={action} />
          ))}
          {admin.list.export && (
            <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => exporting.mutate()} disabled={exporting.isPending}>
              {translate('app.schema.export')}
            </Button>
          )}
          {hasCreate && (
            <Button variant="contained" startIcon={<AddIcon />} component={LinkBase} to={routePath(admin, 'create', params)}>
              {translate('ra.action.add')}
            </Button>
          )}
        </Stack>
      </Stack>
      <RecordTabs module={module} params={params} />
      {admin.list.upload && <FilesAsRecords context={context} field={admin.list.upload} />}
      {(admin.list.search?.length || admin.list.filters?.length) ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }} role="search">
          {admin.list.search?.length ? (
            <TextField
              type="search"
              size="small"
              label={translate('ra.action.search')}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          ) : null}
          {admin.list.filters?.map((filter) => {
            const param = filter.param ?? filter.field;
            const label = translate(fieldTitleKey(module, filter.field));
            const change = (value: string) => setFilterInput((current) => ({ ...current, [param]: value }));
            return filter.options ? (
              <OptionsFilter key={param} label={label} options={filter.options} params={params} value={filterInput[param] ?? ''} onChange={change} />
            ) : (
              <TextField key={param} size="small" label={label} value={filterInput[param] ?? ''} onChange={(event) => change(event.target.value)} />
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
      ) : canArrange ? (
        <Paper sx={{ p: 1 }}>
          <Suspense fallback={<LoadingState />}>
            <SortableList
              items={rows}
              getId={(record) => record.id}
              getLabel={label}
              label={title}
              disabled={arrange.isPending}
              onReorder={(ids) => arrange.mutate(ids.map(Number))}
              renderItem={(record) => (
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', flexGrow: 1 }}>
                  <Box>
                    {columns.map((column) => (
                      <Typography key={column.field} component="div" sx={{ overflowWrap: 'anywhere' }}>
                        {cellText(column.field, record)}
                      </Typography>
                    ))}
                  </Box>
                  <Box sx={{ whiteSpace: 'nowrap' }}>{actions(record)}</Box>
                </Stack>
              )}
            />
          </Suspense>
        </Paper>
      ) : (
        <Paper>
          {isPhone ? (
            // On a phone each record is a card: every column labelled, the actions in reach.
            <Stack component="ul" aria-label={title} aria-busy={records.isFetching} spacing={1} sx={{ listStyle: 'none', m: 0, p: 1 }}>
              {rows.map((record) => (
                <Card component="li" key={record.id} variant="outlined">
                  <CardContent sx={{ pb: 0 }}>
                    <Box component="dl" sx={{ m: 0 }}>
                      {columns.map((column) => (
                        <Box key={column.field} sx={{ mb: 1 }}>
                          <Typography component="dt" variant="caption" color="text.secondary">
                            {columnTitle(column)}
                          </Typography>
                          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                            {cellText(column.field, record)}
                          </Typography>
                        </Box>
                      ))}
                    </Box>
                  </CardContent>
                  <CardActions sx={{ justifyContent: 'flex-end' }}>{actions(record)}</CardActions>
                </Card>
              ))}
            </Stack>
          ) : (
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
                            {columnTitle(column)}
                          </TableSortLabel>
                        ) : (
                          columnTitle(column)
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
                        <TableCell key={column.field}>{cellText(column.field, record)}</TableCell>
                      ))}
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {actions(record)}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
          <TablePagination
            component="div"
            count={records.total ?? 0}
            page={page - 1}
            rowsPerPage={perPage}
            rowsPerPageOptions={PER_PAGE_OPTIONS}
            onPageChange={(_event, next) => changeQuery({ page: next + 1 })}
            onRowsPerPageChange={(event) => changeQuery({ perPage: Number(event.target.value), page: 1 })}
            labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
            labelDisplayedRows={({ from, to, count }) => translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })}
            getItemAriaLabel={(type) => translate(`ra.navigation.${type}`)}
          />
        </Paper>
      )}
    </>
  );
}

/** A record made from a file is named by the file's name, when the module names its records by a text (a layout picture's name). */
function namedAfter(module: ModuleSchema, file: File): Record<string, string> {
  const { label } = module.admin.list;
  const property = module.schema.properties?.[label];
  if (property?.type !== 'string') return {};
  return { [label]: typeof property.maxLength === 'number' ? file.name.slice(0, property.maxLength) : file.name };
}

/** list.upload: many files at once, each sent as a new record of the module with that file. */
function FilesAsRecords({ context, field }: { context: SchemaContext; field: string }) {
  const { module, params } = context;
  const translate = useTranslate();
  const translateText = useTranslateText();
  const toast = useToast();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider();
  return (
    <Box sx={{ mb: 2 }}>
      <FileUploadList
        label={translate('app.uploads.choose')}
        accept={module.admin.files[field].accept}
        upload={(file, onUploadProgress) =>
          dataProvider
            .create(module.admin.resource, { data: namedAfter(module, file), meta: { ...params, files: { [field]: { file, removed: false } }, onUploadProgress } })
            .then(
              () => undefined,
              (error: unknown) => {
                throw new Error(translateText(errorMessage(error)));
              },
            )
        }
        onFinished={(sent, failed) => {
          if (sent) toast.success('app.uploads.done', { messageArgs: { smart_count: sent } });
          if (failed) toast.error('app.uploads.failed', { messageArgs: { smart_count: failed } });
          void queryClient.invalidateQueries({ queryKey: [module.admin.resource] });
        }}
      />
    </Box>
  );
}

const withoutEmpty = (values: Record<string, string>) => Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));

/**
 * The list screen of a schema module: x-admin's columns, sort, search and filters over the server's
 * pages, kept in the address (useListQuery); a table, or cards on a phone.
 */
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


