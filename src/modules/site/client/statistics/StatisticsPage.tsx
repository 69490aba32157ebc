import { Button, Stack, TableBody, TableCell, TableFooter, TableHead, TableRow, Typography } from '@mui/material';
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LinkBase, useTranslate } from 'react-admin';
import { useParams } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../../../client/screens/common/QueryStates';
import { FilterForm, PeriodField, useReportParams } from '../../../newsletter/client/reports/ReportFilters';
import { FiguresRow, ReportTable } from '../../../newsletter/client/reports/ReportTable';
import { formatPeriod } from '../../../newsletter/client/reports/reportsApi';
import { fetchReport, FIGURES, type PeriodQuery, statisticsPaths, type VisitFigures } from './statisticsApi';

type Call = 'visits' | 'sums' | 'sources';

/** A report of the period in the address (or the server's default one), with the other parameters given. */
export function useStatistics<T extends { from: string; to: string; totals: VisitFigures }>(call: Call, extra: PeriodQuery = {}) {
  const serviceId = (useParams() as { service_id: string }).service_id;
  const [values, change] = useReportParams();
  const query = useQuery({
    queryKey: ['site-statistics', call, serviceId, values.from, values.to, extra],
    queryFn: ({ signal }) => fetchReport<T>(serviceId, call, { from: values.from, to: values.to, ...extra }, signal),
    placeholderData: keepPreviousData,
  });
  return { serviceId, values, change, query };
}

export const dayLabel = (day: string) => formatPeriod(day, 'day');

/**
 * A table of figures (a chart's text alternative, or a list of pages or sources): what its rows
 * are, the rows each with its head, and with `totals` a sum row at its foot.
 */
export function FiguresTable({ caption, head, rows, totals }: { caption: string; head: string; rows: { key: string; head: ReactNode; figures: VisitFigures }[]; totals?: VisitFigures }) {
  const translate = useTranslate();
  return (
    <ReportTable caption={caption}>
      <TableHead>
        <TableRow>
          <TableCell scope="col">{head}</TableCell>
          {FIGURES.map((key) => (
            <TableCell key={key} scope="col" align="right">
              {translate(`resources.site_statistics.figures.${key}`)}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <FiguresRow key={row.key} head={row.head} keys={FIGURES} figures={row.figures} />
        ))}
      </TableBody>
      {totals && (
        <TableFooter>
          <FiguresRow head={translate('resources.site_statistics.sums.total')} keys={FIGURES} figures={totals} total />
        </TableFooter>
      )}
    </ReportTable>
  );
}

/**
 * A statistics screen: its heading, links to the two others, the period (the inputs show the one
 * applied, the server's default too once it is known), `controls` beside it, and the report, or its
 * loading, failure or empty state.
 */
export function StatisticsPage<T extends { from: string; to: string; totals: VisitFigures }>({
  screen,
  state,
  controls,
  children,
}: {
  screen: keyof typeof statisticsPaths;
  state: ReturnType<typeof useStatistics<T>>;
  controls?: ReactNode;
  children(report: T): ReactNode;
}) {
  const translate = useTranslate();
  const { serviceId, values, change, query } = state;
  const text = (key: string) => translate(`resources.site_statistics.${key}`);
  const applied = query.data;
  const from = values.from ?? applied?.from;
  const to = values.to ?? applied?.to;
  const others = (['visits', 'sums', 'sources'] as const).filter((other) => other !== screen);
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Typography variant="h4" component="h1">
          {text(`${screen}.title`)}
        </Typography>
        <Stack direction="row" spacing={1} component="nav" aria-label={text('nav')}>
          {others.map((other) => (
            <Button key={other} component={LinkBase} to={statisticsPaths[other](serviceId)}>
              {text(`${other}.title`)}
            </Button>
          ))}
        </Stack>
      </Stack>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}>
        {controls}
        <FilterForm key={JSON.stringify([values, from, to])} label={text('filters.label')} onApply={(next) => change(next)}>
          <PeriodField name="from" label={text('filters.from')} value={from} />
          <PeriodField name="to" label={text('filters.to')} value={to} />
        </FilterForm>
      </Stack>
      <Report query={query}>{children}</Report>
    </>
  );
}

function Report<T extends { from: string; to: string; totals: VisitFigures }>({ query, children }: { query: UseQueryResult<T>; children(report: T): ReactNode }) {
  const translate = useTranslate();
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} />;
  const report = query.data;
  return (
    <>
      <Typography sx={{ mb: 2 }}>{translate('resources.site_statistics.range', { from: dayLabel(report.from), to: dayLabel(report.to) })}</Typography>
      {report.totals.visits === 0 ? <EmptyState text={translate('resources.site_statistics.empty')} /> : children(report)}
    </>
  );
}
