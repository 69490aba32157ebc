import { Button, Link, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LinkBase, useTranslate } from 'react-admin';
import { useParams } from 'react-router';
import { ModuleAccess } from '../../../../client/schema/access';
import { moduleOf } from '../../../../client/schema/registry';
import { ListPagination } from '../../../../client/screens/common/ListPagination';
import { EmptyState, ErrorState, LoadingState } from '../../../../client/screens/common/QueryStates';
import { FilterForm, pageOf, PeriodField, useReportParams } from './ReportFilters';
import { ReportChart } from './ReportChart';
import { fetchStatistics, formatMoment, formatNumber, formatRate, type MailingStatistics, PER_PAGE, reportPaths } from './reportsApi';

const FIGURES = ['sent', 'failed', 'opened', 'clicked', 'unsubscribed'] as const;
/** A subject on the chart's axis is cut to this many characters (the table gives it whole). */
const AXIS_LABEL = 24;

function StatisticsRows({ serviceId, values, onPage }: { serviceId: string; values: Record<string, string>; onPage(page: number): void }) {
  const translate = useTranslate();
  const page = pageOf(values);
  const query = useQuery({
    queryKey: ['reports', 'mailings', serviceId, values],
    queryFn: ({ signal }) => fetchStatistics(serviceId, { search: values.search, from: values.from, to: values.to, page, per_page: PER_PAGE }, signal),
    placeholderData: keepPreviousData,
  });
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} />;
  const rows = query.data.data;
  if (rows.length === 0) return <EmptyState text={translate('resources.newsletter_reports.statistics.empty')} />;
  const label = (key: string) => translate(`resources.newsletter_reports.figures.${key}`);
  const withRate = (row: MailingStatistics, key: (typeof FIGURES)[number]) =>
    key === 'sent' ? formatNumber(row.sent) : `${formatNumber(row[key])} (${formatRate(row.rates[key])})`;
  return (
    <>
      <ReportChart
        caption={translate('resources.newsletter_reports.statistics.chart')}
        rows={rows.map((row) => ({ label: row.subject.length > AXIS_LABEL ? `${row.subject.slice(0, AXIS_LABEL - 1)}…` : row.subject, ...Object.fromEntries(FIGURES.map((key) => [key, row[key]])) }))}
        series={FIGURES.map((key) => ({ key, label: label(key) }))}
      />
      <TableContainer component={Paper}>
        <Table size="small">
          <caption>{translate('resources.newsletter_reports.statistics.table')}</caption>
          <TableHead>
            <TableRow>
              <TableCell scope="col">{translate('resources.newsletter_reports.fields.subject')}</TableCell>
              <TableCell scope="col">{translate('resources.newsletter_reports.fields.started_at')}</TableCell>
              {FIGURES.map((key) => (
                <TableCell key={key} scope="col" align="right">
                  {label(key)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id}>
                <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                  <Link component={LinkBase} to={reportPaths.logs(serviceId, row.id)} aria-label={translate('resources.newsletter_reports.statistics.logs_of', { subject: row.subject })}>
                    {row.subject}
                  </Link>
                </TableCell>
                <TableCell>{formatMoment(row.started_at)}</TableCell>
                {FIGURES.map((key) => (
                  <TableCell key={key} align="right">
                    {withRate(row, key)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <ListPagination page={page} perPage={PER_PAGE} total={query.data.pagination.total} onChange={onPage} />
    </>
  );
}

/** raporty/statystyki_wysylek: the started mailings with their figures, a chart of them and the table it draws. */
export default function MailingStatisticsScreen() {
  const translate = useTranslate();
  const params = useParams() as Record<string, string>;
  const serviceId = params.service_id;
  const [values, change] = useReportParams();
  return (
    <ModuleAccess context={{ module: moduleOf('mailings'), params }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Typography variant="h4" component="h1">
          {translate('resources.newsletter_reports.statistics.title')}
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button component={LinkBase} to={reportPaths.totals(serviceId)}>
            {translate('resources.newsletter_reports.totals.title')}
          </Button>
          <Button component={LinkBase} to={reportPaths.logs(serviceId)}>
            {translate('resources.newsletter_reports.logs.title')}
          </Button>
        </Stack>
      </Stack>
      <FilterForm key={JSON.stringify(values)} label={translate('resources.newsletter_reports.filters.label')} onApply={(applied) => change(applied)}>
        <TextField name="search" type="search" label={translate('resources.newsletter_reports.filters.subject')} defaultValue={values.search ?? ''} size="small" sx={{ width: 260 }} />
        <PeriodField name="from" label={translate('resources.newsletter_reports.filters.started_from')} value={values.from} />
        <PeriodField name="to" label={translate('resources.newsletter_reports.filters.started_to')} value={values.to} />
      </FilterForm>
      <StatisticsRows serviceId={serviceId} values={values} onPage={(page) => change({ page: String(page) })} />
    </ModuleAccess>
  );
}
