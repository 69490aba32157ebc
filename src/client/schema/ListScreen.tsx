import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import VisibilityIcon from '@mui/icons-material/Visibility';
import EditIcon from '@mui/icons-material/Edit';
import {
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  IconButton,
  Link as MuiLink,
  MenuItem,
  Paper,
  Tab,
  Tabs,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { keepPreviousData, useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { generatePath } from 'react-router';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { LinkBase, useDataProvider, useDelete, useGetList, useLocation, useRecordSelection, useTranslate } from 'react-admin';
import { apiPaths, fillPath, placeholders, routePath } from '../../common/schema/paths';
import type { AdminBlock, AdminColumn, AdminRouteList, ModuleSchema } from '../../common/schema/types';
import { useConfirm, useToast } from '../notifications';
import { api, errorMessage, isApiError } from '../providers/http';
import { downloadApiFile } from '../providers/download';
import { useRouteTitle } from '../layout/routeTitle';
import { matchRoute, routesByName } from '../routes';
import { LoadFailure, ModuleAccess, useSchemaContext, type SchemaContext } from './access';
import { ActionButton } from './actions';
import { BulkToolbar } from './BulkActions';
import { RecordHeading, RecordTabs } from './RecordTabs';
import { OptionsFilter, useSettled } from './OptionsFilter';
import { changedModule, fieldTitleKey } from './registry';
import { useReferenceLabels } from './references';
import { lockNotice } from './records';
import type { SchemaScreenProps } from './routes';
import { PER_PAGE_OPTIONS, useListQuery } from './useListQuery';
import { PanelPagination } from '../ui/PanelPagination';
import { displayValue } from './values';
import { LoadingState } from '../screens/common/QueryStates';
import { useTranslateText } from '../providers/useTranslateText';
import { FileUploadList } from '../ui/FileUploadList';
import { RecordCards } from '../ui/RecordTable';
import { displayedAsPicture } from './Pictures';
import { InlineEditTable } from './InlineEditTable';
import { ThumbnailCell } from './Thumbnail';

// Only ordered modules' lists need it: its drag and drop code loads with the first of them.
const SortableList = lazy(() => import('../ui/SortableList').then((module) => ({ default: module.SortableList<ListRecord> })));

export interface ListRecord {
  id: number | string;
  [field: string]: unknown;
}


function RecordList({ context, listName }: { context: SchemaContext; listName?: string }) {
  const { module, params } = context;
  const { admin } = module;
  const translate = useTranslate();
  const { pathname } = useLocation();
  const listPage = admin.route.lists.find((candidate) => candidate.name === listName);
  // What the page itself filters by: its own values (the archive), and the route's value of a filter (the category).
  const fixed = useMemo(() => fixedFilters(admin, params, listPage), [admin, params, listPage]);
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
    { pagination: { page, perPage }, sort, filter: { search: query.search || undefined, ...withoutEmpty(filters), ...fixed }, meta: params },
    { placeholderData: keepPreviousData },
  );

  // A delete (or a shared link to a page past the end) can show an empty page: step back to the last one.
  const rows = records.data ?? [];
  useEffect(() => {
    if (records.isPlaceholderData || !records.data || rows.length > 0 || page <= 1) return;
    const lastPage = Math.max(1, Math.ceil((records.total ?? 0) / perPage));
    changeQuery({ page: Math.min(page - 1, lastPage) }, { replace: true });
  }, [records.data, records.isPlaceholderData, records.total, rows.length, page, perPage, changeQuery]);

  const title = useRouteTitle(matchRoute(pathname)?.route, params, listPage?.title ?? admin.title);
  const columns: AdminColumn[] = admin.list.columns.length ? admin.list.columns : [{ field: admin.list.label }];
  // A record's name as the user reads it: a choice by its title (a block's type), a date in Polish.
  const label = (record: ListRecord) => displayValue(module, admin.list.label, record[admin.list.label], translate) || String(record.id);
  // A record's pages may name its own fields too (a news item's category): the record fills what the route lacks.
  const itemParams = (record: ListRecord) => ({ ...stringValues(record), ...params, [admin.route.param]: String(record.id) });
  const hasEdit = admin.writable && admin.route.views.edit !== undefined;
  const hasShow = admin.route.views.show !== undefined;
  const createPath = admin.writable && admin.route.views.create !== undefined ? filledPath(admin, 'create', params) : null;
  const referenceLabels = useReferenceLabels(module, params, admin.list.columns.map((column) => column.field));
  // list.bulk: rows are selected (react-admin's selection) and acted on together. The selection is
  // this screen's: kept in the shared store it would follow the user to another service's list.
  const selectable = Boolean(admin.list.bulk?.length) && !listPage?.inline;
  const [selectedIds, selection] = useRecordSelection<ListRecord>({ resource: admin.resource, disableSyncWithStore: true });
  const pageIds = rows.map((record) => record.id);
  const pageSelected = pageIds.filter((id) => selectedIds.includes(id)).length;
  const selectPage = (
    <Checkbox
      checked={pageSelected > 0 && pageSelected === pageIds.length}
      indeterminate={pageSelected > 0 && pageSelected < pageIds.length}
      onChange={() => (pageSelected === pageIds.length ? selection.unselect(pageIds) : selection.select([...new Set([...selectedIds, ...pageIds])]))}
      slotProps={{ input: { 'aria-label': translate('app.schema.bulk.select_page') } }}
    />
  );
  const selectBox = (record: ListRecord) => (
    <Checkbox
      checked={selectedIds.includes(record.id)}
      onChange={() => selection.toggle(record.id)}
      slotProps={{ input: { 'aria-label': translate('app.schema.bulk.select_item', { label: label(record) }) } }}
    />
  );

  async function remove(record: ListRecord) {
    const confirmed = await confirm({ title: translate('app.schema.delete_confirm', { label: label(record) }) });
    if (!confirmed) return;
    await deleteOne(
      admin.resource,
      { id: record.id, previousData: record, meta: params },
      {
        onSuccess: () => {
          selection.unselect([record.id]);
          if (admin.messages.deleted) toast.success(admin.messages.deleted);
        },
        onError: (error) => toast.error(errorMessage(error)),
        // SPEC 4: deleting refreshes the affected list, whatever the answer.
        onSettled: () => queryClient.invalidateQueries({ queryKey: [admin.resource] }),
      },
    );
  }

  const cell = (record: ListRecord, field: string) => {
    const column = columns.find((candidate) => candidate.field === field);
    if (column?.kind === 'thumbnail') return <ThumbnailCell module={module} column={column} record={record} />;
    const shown = displayedAsPicture(module.schema.properties?.[field], record[field], label(record));
    if (shown) return shown;
    const text = referenceLabels.get(field)?.get(String(record[field])) ?? displayValue(module, field, record[field], translate, () => changedModule(module, record));
    const target = referenceLabels.get(field) ? listOfReference(admin, field) : undefined;
    return target && record[field] != null ? (
      <MuiLink component={LinkBase} to={filledPath(admin, 'list', { ...params, [field]: String(record[field]) }, target) ?? ''}>
        {text}
      </MuiLink>
    ) : (
      text
    );
  };
  const toggleSort = (field: string) =>
    changeQuery({ sort: { field, order: sort.field === field && sort.order === 'ASC' ? 'DESC' : 'ASC' }, page: 1 });
  const filtering = Boolean(query.search) || Object.entries(filters).some(([param, value]) => value && !(param in fixed));
  // The filters a user sets above the list: not the page's own, nor a period (its lists are tabs).
  const typedFilters = (admin.list.filters ?? []).filter((filter) => filter.op !== 'period' && !((filter.param ?? filter.field) in fixed));
  // An ordered module is arranged by hand when shown in its own order, unfiltered.
  const canArrange = admin.ordered && !listPage?.inline && !filtering && sort.field === admin.list.sort.field && sort.order === admin.list.sort.order;
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
  const listLinks = admin.list.links?.filter((link) => link.on === 'list') ?? [];
  const rowLinks = admin.list.links?.filter((link) => link.on === 'row') ?? [];
  const actions = (record: ListRecord) => {
    const locked = lockNotice(admin, record) !== null;
    // A locked record is read on its own page: the details, or (with none) its form, shown read-only.
    const showPath = hasShow ? routePath(admin, 'show', itemParams(record)) : hasEdit && locked ? routePath(admin, 'edit', itemParams(record)) : null;
    return (
      <>
        {selectable && isPhone && selectBox(record)}
        {rowActions.map((action) => (
          <ActionButton key={action.name} context={context} action={action} record={record} size="small" />
        ))}
        {rowLinks.map((link) => {
          const target = routesByName.get(link.route);
          return target ? (
            <Button
              key={link.route}
              size="small"
              component={LinkBase}
              to={generatePath(target.path, itemParams(record))}
              aria-label={translate('app.schema.row_link', { link: translate(link.label), label: label(record) })}
            >
              {translate(link.label)}
            </Button>
          ) : null;
        })}
        {showPath && (
          <IconButton component={LinkBase} to={showPath} aria-label={translate('app.schema.show_item', { label: label(record) })}>
            <VisibilityIcon />
          </IconButton>
        )}
        {hasEdit && !locked && (
          <IconButton component={LinkBase} to={routePath(admin, 'edit', itemParams(record))} aria-label={translate('app.schema.edit_item', { label: label(record) })}>
            <EditIcon />
          </IconButton>
        )}
        {admin.writable && !locked && (
          <IconButton onClick={() => void remove(record)} aria-label={translate('app.schema.delete_item', { label: label(record) })}>
            <DeleteIcon />
          </IconButton>
        )}
      </>
    );
  };

  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <RecordHeading module={module} params={params} sx={{}}>
          {title}
        </RecordHeading>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {collectionActions.map((action) => (
            <ActionButton key={action.name} context={context} action={action} />
          ))}
          {listLinks.map((link) => {
            const target = routesByName.get(link.route);
            return target ? (
              <Button key={link.route} variant="outlined" component={LinkBase} to={generatePath(target.path, params)}>
                {translate(link.label)}
              </Button>
            ) : null;
          })}
          {admin.list.export && (
            <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => exporting.mutate()} disabled={exporting.isPending}>
              {translate('app.schema.export')}
            </Button>
          )}
          {createPath && (
            <Button variant="contained" startIcon={<AddIcon />} component={LinkBase} to={createPath}>
              {translate('ra.action.add')}
            </Button>
          )}
        </Stack>
      </Stack>
      <RecordTabs module={module} params={params} />
      <ListTabs context={context} />
      {selectable && <BulkToolbar context={context} selectedIds={selectedIds} onClear={() => selection.clearSelection()} />}
      {admin.list.upload && admin.writable && !listPage?.inline && <FilesAsRecords context={context} field={admin.list.upload} />}
      {admin.list.search?.length || typedFilters.length ? (
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
          {typedFilters.map((filter) => {
            const param = filter.param ?? filter.field;
            const label = translate(fieldTitleKey(module, filter.field));
            const change = (value: string) => setFilterInput((current) => ({ ...current, [param]: value }));
            return filter.options ? (
              <OptionsFilter key={param} label={label} options={filter.options} params={params} value={filterInput[param] ?? ''} onChange={change} />
            ) : module.schema.properties?.[filter.field]?.type === 'boolean' ? (
              // A yes/no field: any, yes or no.
              <TextField key={param} select size="small" label={label} value={filterInput[param] ?? ''} onChange={(event) => change(event.target.value)} sx={{ minWidth: 160 }}>
                <MenuItem value="">{translate('app.schema.any')}</MenuItem>
                <MenuItem value="true">{translate('ra.boolean.true')}</MenuItem>
                <MenuItem value="false">{translate('ra.boolean.false')}</MenuItem>
              </TextField>
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
                        {cell(record, column.field)}
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
          {listPage?.inline ? (
            <InlineEditTable context={context} rows={rows} fields={listPage.inline} title={title} label={label} />
          ) : isPhone || admin.list.layout === 'cards' ? (
            // On a phone each record is a card: every column labelled, the actions (and its checkbox) in reach.
            <>
              {selectable && <FormControlLabel control={selectPage} label={translate('app.schema.bulk.select_page')} sx={{ px: 2, pt: 1 }} />}
              <RecordCards
                label={title}
                rows={rows}
                rowKey={(record: ListRecord) => record.id}
                columns={columns.map((column) => ({ key: column.field, label: columnTitle(column), value: (record: ListRecord) => cell(record, column.field) }))}
                actions={actions}
                busy={records.isFetching}
                grid={admin.list.layout === 'cards'}
              />
            </>
          ) : (
            <TableContainer>
              <Table aria-label={title} aria-busy={records.isFetching}>
                <TableHead>
                  <TableRow>
                    {selectable && <TableCell padding="checkbox">{selectPage}</TableCell>}
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
                    <TableRow key={record.id} hover selected={selectable && selectedIds.includes(record.id)}>
                      {selectable && <TableCell padding="checkbox">{selectBox(record)}</TableCell>}
                      {columns.map((column) => (
                        <TableCell key={column.field}>{cell(record, column.field)}</TableCell>
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
          <PanelPagination
            total={records.total ?? 0}
            page={page}
            perPage={perPage}
            perPageOptions={PER_PAGE_OPTIONS}
            onPage={(next) => changeQuery({ page: next })}
            onPerPage={(next) => changeQuery({ perPage: next, page: 1 })}
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
export default function ListScreen({ resource, page }: SchemaScreenProps) {
  const context = useSchemaContext(resource);
  return (
    <ModuleAccess context={context}>
      <Box>
        <RecordList context={context} listName={page} />
      </Box>
    </ModuleAccess>
  );
}

/** The filter values a list page fixes: its own (the archive's archived=true) and the route's value of an eq filter (the category's id). */
function fixedFilters(admin: AdminBlock, params: Record<string, string>, listPage?: AdminRouteList): Record<string, string> {
  const fixed: Record<string, string> = { ...listPage?.filters };
  for (const filter of admin.list.filters ?? []) {
    const param = filter.param ?? filter.field;
    if (filter.op === 'eq' && params[param] !== undefined) fixed[param] = params[param];
  }
  return fixed;
}

/** A view's (or a list page's) path when the params fill it, else null (the all-news list has no category to add to). */
function filledPath(admin: AdminBlock, view: 'list' | 'create', params: Record<string, string>, listPage?: AdminRouteList): string | null {
  try {
    return listPage ? fillPath(`${admin.route.path}/${listPage.path}`, params) : routePath(admin, view, params);
  } catch {
    return null;
  }
}

const stringValues = (record: ListRecord) =>
  Object.fromEntries(Object.entries(record).filter(([, value]) => typeof value === 'string' || typeof value === 'number').map(([field, value]) => [field, String(value)]));

/** The list page of a reference column's value: the page whose path ends with that filter's placeholder (a category's news). */
function listOfReference(admin: AdminBlock, field: string): AdminRouteList | undefined {
  const param = admin.list.filters?.find((filter) => filter.op === 'eq' && filter.field === field)?.param ?? field;
  return admin.route.lists.find((candidate) => candidate.path.split('/').at(-1) === `{${param}}`);
}

/**
 * A module's lists as tabs (news: all and pinned; a category's news, its archive and the items to
 * import): those the route's params fill; one whose filters need a feature flag the service lacks
 * (pinning) has no tab, as its page answers 404.
 */
function ListTabs({ context }: { context: SchemaContext }) {
  const { module, params } = context;
  const { admin } = module;
  const translate = useTranslate();
  const { pathname } = useLocation();
  const tabs = [
    ...(admin.route.views.list !== undefined
      ? [{ title: admin.title, path: filledPath(admin, 'list', params), flags: false, filters: {} as Record<string, string>, names: placeholders(admin.route.views.list).join() }]
      : []),
    ...admin.route.lists.map((list) => ({
      title: list.title,
      names: placeholders(list.path).join(),
      path: filledPath(admin, 'list', params, list),
      flags: (admin.list.filters ?? []).some((filter) => (filter.param ?? filter.field) in list.filters && filter.flags?.length),
      filters: fixedFilters(admin, params, list),
    })),
  ].filter((tab): tab is typeof tab & { path: string } => tab.path !== null);
  const flagged = tabs.filter((tab) => tab.flags);
  const shown = useQueries({
    queries: flagged.map((tab) => {
      const address = `${apiPaths(admin, params).collection}?${new URLSearchParams({ ...tab.filters, per_page: '1' }).toString()}`;
      return {
        queryKey: [admin.resource, 'shown', address],
        queryFn: ({ signal }: { signal: AbortSignal }) =>
          api(address, { signal }).then(
            () => true,
            (error: unknown) => {
              if (isApiError(error, 404)) return false;
              throw error;
            },
          ),
        retry: false,
        staleTime: 60_000,
      };
    }),
  });
  const visible = tabs.filter((tab) => !tab.flags || shown[flagged.indexOf(tab)]?.data === true);
  // The lists naming the same things are tabs of each other: a category's pages, or the service-wide ones.
  const current = visible.find((tab) => tab.path === pathname);
  const siblings = current ? visible.filter((tab) => tab.names === current.names) : [];
  if (!current || siblings.length < 2) return null;
  return (
    <Tabs value={current.path} variant="scrollable" allowScrollButtonsMobile aria-label={translate('app.schema.list_pages')} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
      {siblings.map((tab) => (
        <Tab key={tab.path} value={tab.path} label={translate(tab.title)} component={LinkBase} to={tab.path} />
      ))}
    </Tabs>
  );
}


