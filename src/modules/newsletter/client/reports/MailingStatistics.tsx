import { Button, Link, Stack, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LinkBase, useTranslate } from 'react-admin';
import { useParams } from 'react-router';
import { ModuleAccess } from '../../../../client/schema/access';
import { PagedResults, RESULTS_PER_PAGE } from '../../../../client/ui/PagedResults';
import { formatMoment } from '../../../../common/panel-time';
import { mailingsModule } from '../mailingsApi';
import { FilterForm, pageOf, PeriodField, useReportParams } from './ReportFilters';
import { ReportChart } from './ReportChart';
import { FigureHeads, ReportTable, useFigureLabel } from './ReportTable';
import { fetchStatistics, formatNumber, formatRate, type MailingStatistics, reportPaths } from './reportsApi';

const FIGURES = ['sent', 'failed', 'skipped', 'opened', 'clicked', 'unsubscribed'] as const;
/** Figures shown as counts alone: the rates are of the messages sent. */
const COUNTS_ONLY = new Set<(typeof FIGURES)[number]>(['sent', 'skipped']);
/** A subject on the chart's axis is cut to this many characters (the table gives it whole). */
const AXIS_LABEL = 24;

function StatisticsRows({ serviceId, values, onPage }: { serviceId: string; values: Record<string, string>; onPage(page: number): void }) {
  const translate = useTranslate();
  const label = useFigureLabel();
  const page = pageOf(values);
  const query = useQuery({
    queryKey: ['reports', 'mailings', serviceId, values],
    queryFn: ({ signal }) => fetchStatistics(serviceId, { search: values.search, from: values.from, to: values.to, page, per_page: RESULTS_PER_PAGE }, signal),
    placeholderData: keepPreviousData,
  });
  const withRate = (row: MailingStatistics, key: (typeof FIGURES)[number]) =>
    COUNTS_ONLY.has(key) ? formatNumber(row[key]) : `${formatNumber(row[key])} (${formatRate(row.rates[key as keyof MailingStatistics['rates']])})`;
  return (
    <PagedResults query={query} page={page} onPage={onPage} empty={translate('resources.newsletter_reports.statistics.empty')}>
      {(rows) => (
        <>
          <ReportChart
            caption={translate('resources.newsletter_reports.statistics.chart')}
            rows={rows.map((row) => ({ label: row.subject.length > AXIS_LABEL ? `${row.subject.slice(0, AXIS_LABEL - 1)}…` : row.subject, ...Object.fromEntries(FIGURES.map((key) => [key, row[key]])) }))}
            series={FIGURES.map((key) => ({ key, label: label(key) }))}
          />
          <ReportTable caption={translate('resources.newsletter_reports.statistics.table')}>
            <TableHead>
              <TableRow>
                <TableCell scope="col">{translate('resources.newsletter_reports.fields.subject')}</TableCell>
                <TableCell scope="col">{translate('resources.newsletter_reports.fields.started_at')}</TableCell>
                <FigureHeads figures={FIGURES} />
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
          </ReportTable>
        </>
      )}
    </PagedResults>
  );
}

/** raporty/statystyki_wysylek: the started mailings with their figures, a chart of them and the table it draws. */
export default function MailingStatisticsScreen() {
  const translate = useTranslate();
  const params = useParams() as Record<string, string>;
  const serviceId = params.service_id;
  const [values, change] = useReportParams();
  return (
    <ModuleAccess context={{ module: mailingsModule(), params }}>
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
