import { Stack, TableBody, TableCell, TableFooter, TableHead, TableRow, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { useParams } from 'react-router';
import { ModuleAccess } from '../../../../client/schema/access';
import { ErrorState, LoadingState } from '../../../../client/screens/common/QueryStates';
import { mailingsModule } from '../mailingsApi';
import { FilterForm, PeriodField, useReportParams } from './ReportFilters';
import { ReportChart } from './ReportChart';
import { FigureHeads, FiguresRow, ReportTable, useFigureLabel } from './ReportTable';
import { fetchTotals, formatPeriod } from './reportsApi';

const FIGURES = ['sent', 'failed', 'opened', 'clicked', 'unsubscribed'] as const;
type Group = 'day' | 'month';

/** The totals of the period in the address, or of the server's default period when it names none. */
function useTotals(serviceId: string, group: Group, values: Record<string, string>) {
  return useQuery({
    queryKey: ['reports', 'totals', serviceId, group, values.from, values.to],
    queryFn: ({ signal }) => fetchTotals(serviceId, { group, from: values.from, to: values.to }, signal),
    placeholderData: keepPreviousData,
  });
}

function TotalsReport({ query, group }: { query: ReturnType<typeof useTotals>; group: Group }) {
  const translate = useTranslate();
  const label = useFigureLabel();
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} />;
  const { data, totals } = query.data;
  const range = translate('resources.newsletter_reports.totals.range', { from: formatPeriod(query.data.from, group), to: formatPeriod(query.data.to, group) });
  return (
    <>
      <Typography sx={{ mb: 2 }}>{range}</Typography>
      <ReportChart
        kind={group === 'day' ? 'line' : 'bar'}
        caption={translate(`resources.newsletter_reports.totals.chart_${group}`)}
        rows={data.map((row) => ({ ...row, label: formatPeriod(row.period, group) }))}
        series={FIGURES.map((key) => ({ key, label: label(key) }))}
      />
      <ReportTable caption={translate(`resources.newsletter_reports.totals.table_${group}`)}>
        <TableHead>
          <TableRow>
            <TableCell scope="col">{translate(`resources.newsletter_reports.fields.${group}`)}</TableCell>
            <FigureHeads figures={FIGURES} />
          </TableRow>
        </TableHead>
        <TableBody>
          {data.map((row) => (
            <FiguresRow key={row.period} head={formatPeriod(row.period, group)} keys={FIGURES} figures={row} />
          ))}
        </TableBody>
        <TableFooter>
          <FiguresRow head={translate('resources.newsletter_reports.totals.sum')} keys={FIGURES} figures={totals} total />
        </TableFooter>
      </ReportTable>
    </>
  );
}

/** raporty/statystyki_wysylek/sumy: messages sent and recipients' reactions per day or month of a period. */
export default function MailingTotalsScreen() {
  const translate = useTranslate();
  const params = useParams() as Record<string, string>;
  const [values, change] = useReportParams();
  const group: Group = values.group === 'month' ? 'month' : 'day';
  const query = useTotals(params.service_id, group, values);
  // The inputs show the period applied, the server's default one too, once it is known.
  const applied = query.data?.group === group ? query.data : undefined;
  const from = values.from ?? applied?.from;
  const to = values.to ?? applied?.to;
  return (
    <ModuleAccess context={{ module: mailingsModule(), params }}>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {translate('resources.newsletter_reports.totals.title')}
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={group}
          aria-label={translate('resources.newsletter_reports.totals.group')}
          // A day and a month are written differently: the period starts afresh with the grouping.
          onChange={(_event, next: Group | null) => next && change({ group: next === 'day' ? undefined : next, from: undefined, to: undefined })}
          sx={{ mb: 2 }}
        >
          <ToggleButton value="day">{translate('resources.newsletter_reports.totals.by_day')}</ToggleButton>
          <ToggleButton value="month">{translate('resources.newsletter_reports.totals.by_month')}</ToggleButton>
        </ToggleButtonGroup>
        <FilterForm key={JSON.stringify([values, from, to])} label={translate('resources.newsletter_reports.filters.label')} onApply={(next) => change(next)}>
          <PeriodField name="from" type={group === 'day' ? 'date' : 'month'} label={translate('resources.newsletter_reports.filters.from')} value={from} />
          <PeriodField name="to" type={group === 'day' ? 'date' : 'month'} label={translate('resources.newsletter_reports.filters.to')} value={to} />
        </FilterForm>
      </Stack>
      <TotalsReport query={query} group={group} />
    </ModuleAccess>
  );
}
