import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Box, Card, CardActions, CardContent, Grid, Link, Paper, Stack, TableBody, TableHead, TableRow, TableCell, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LinkBase as RouterLink, useTranslate } from 'react-admin';
import { formatDate } from '../../../common/format';
import { ReportChart } from '../../../modules/newsletter/client/reports/ReportChart';
import { FigureHeads, FiguresRow, ReportTable } from '../../../modules/newsletter/client/reports/ReportTable';
import { formatNumber, formatRate } from '../../../modules/newsletter/client/reports/reportsApi';
import { dayLabel, FiguresTable } from '../../../modules/site/client/statistics/StatisticsPage';
import { FIGURES as VISIT_FIGURES } from '../../../modules/site/client/statistics/statisticsApi';
import { ListPagination, usePageParam } from '../common/ListPagination';
import { EmptyState, QueryContent } from '../common/QueryStates';
import { SiteSize } from '../services/SiteSize';
import type { MailingSummary } from '../../../modules/newsletter/common/reports';
import { reportLinks, REPORTS_PER_PAGE, type ServiceReport, userReportsQuery, type VisitSummary, type WcagSummary } from './userReportsApi';

/** Small charts: a card's glance, the service's own report has the full one. */
const CHART_HEIGHT = 160;

/**
 * /raporty: each service the user may open with the last 30 days' figures its modules give the user
 * (mailings, visits, the latest WCAG score, disk use), each linking to the service's own report.
 */
export default function UserReports() {
  const translate = useTranslate();
  const [page, setPage] = usePageParam();
  const reports = useQuery({ ...userReportsQuery(page), placeholderData: keepPreviousData });
  return (
    <Stack spacing={3}>
      <Typography component="h1" variant="h4">
        {translate('app.user_reports.title')}
      </Typography>
      <QueryContent query={reports} isEmpty={(answer) => answer.data.length === 0} empty={translate('app.user_reports.empty')}>
        {(answer) => (
          <>
            <Typography>{translate('app.user_reports.intro', { from: dayLabel(answer.from), to: dayLabel(answer.to) })}</Typography>
            {answer.data.map((service) => (
              <ServiceSection key={service.service_id} service={service} />
            ))}
            <ListPagination page={page} perPage={REPORTS_PER_PAGE} total={answer.pagination.total} onChange={setPage} />
          </>
        )}
      </QueryContent>
    </Stack>
  );
}

function ServiceSection({ service }: { service: ServiceReport }) {
  const translate = useTranslate();
  const headingId = `reports-service-${service.service_id}`;
  const id = service.service_id;
  const figures = [
    service.mailings !== undefined && <MailingsCard key="mailings" serviceId={id} summary={service.mailings} />,
    service.visits !== undefined && <VisitsCard key="visits" serviceId={id} summary={service.visits} />,
    service.wcag !== undefined && <WcagCard key="wcag" serviceId={id} summary={service.wcag} />,
    service.disk !== undefined && (
      <FigureCard key="disk" serviceId={id} figure="disk">
        <SiteSize used={service.disk?.used ?? null} available={service.disk?.available ?? null} labelId={`reports-disk-${id}`} />
      </FigureCard>
    ),
  ].filter(Boolean);
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, md: 3 } }}>
      <Typography id={headingId} component="h2" variant="h5">
        <Link component={RouterLink} to={`/usluga/${id}`}>
          {service.name}
        </Link>
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {service.service_type.name}
      </Typography>
      {figures.length === 0 ? (
        <EmptyState text={translate('app.user_reports.no_figures')} />
      ) : (
        <Grid container spacing={2}>
          {figures.map((figure, index) => (
            <Grid key={index} size={{ xs: 12, lg: 6 }}>
              {figure}
            </Grid>
          ))}
        </Grid>
      )}
    </Paper>
  );
}

type Figure = keyof typeof reportLinks;

/** One figure of a service: its heading, what it says (or its empty state), and the link to the service's own report. */
function FigureCard({ serviceId, figure, children }: { serviceId: number; figure: Figure; children: ReactNode }) {
  const translate = useTranslate();
  const headingId = `reports-${figure}-${serviceId}`;
  return (
    <Card variant="outlined" component="article" aria-labelledby={headingId} sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography id={headingId} component="h3" variant="h6" gutterBottom>
          {translate(`app.user_reports.${figure}.title`)}
        </Typography>
        {children}
      </CardContent>
      <CardActions>
        <Link component={RouterLink} to={reportLinks[figure](serviceId)}>
          {translate(`app.user_reports.${figure}.link`)}
        </Link>
      </CardActions>
    </Card>
  );
}

/** Figures as a list of terms and values. */
function FigureList({ entries }: { entries: Array<[label: string, value: string]> }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0, mb: 2, '& dd': { m: 0, fontWeight: 'bold' } }}>
      {entries.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt">{label}</Typography>
          <Typography component="dd">{value}</Typography>
        </Box>
      ))}
    </Box>
  );
}

/** A chart's figures as a table, folded under it: what screen readers and keyboards read instead of the drawing. */
function ChartTable({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Accordion disableGutters variant="outlined" slotProps={{ transition: { unmountOnExit: true } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>{translate('app.user_reports.show_table')}</AccordionSummary>
      <AccordionDetails>{children}</AccordionDetails>
    </Accordion>
  );
}

function MailingsCard({ serviceId, summary }: { serviceId: number; summary: MailingSummary | null }) {
  const translate = useTranslate();
  const text = (key: string) => translate(`app.user_reports.mailings.${key}`);
  const rate = (value: number | undefined, count: number) => (value === undefined ? text('no_rate') : translate('app.user_reports.mailings.rate', { rate: formatRate(value), count: formatNumber(count) }));
  return (
    <FigureCard serviceId={serviceId} figure="mailings">
      {summary === null ? (
        <EmptyState text={text('empty')} />
      ) : (
        <>
          <FigureList
            entries={[
              [text('started'), formatNumber(summary.mailings)],
              [text('sent'), formatNumber(summary.sent)],
              [text('opened'), rate(summary.rates?.opened, summary.opened)],
              [text('clicked'), rate(summary.rates?.clicked, summary.clicked)],
            ]}
          />
          <ReportChart
            caption={text('chart')}
            height={CHART_HEIGHT}
            rows={summary.days.map((day) => ({ ...day, label: dayLabel(day.period) }))}
            series={[{ key: 'sent', label: translate('resources.newsletter_reports.figures.sent') }]}
          />
          <ChartTable>
            <ReportTable caption={text('chart')}>
              <TableHead>
                <TableRow>
                  <TableCell scope="col">{text('day')}</TableCell>
                  <FigureHeads figures={['sent']} />
                </TableRow>
              </TableHead>
              <TableBody>
                {summary.days.map((day) => (
                  <FiguresRow key={day.period} head={dayLabel(day.period)} keys={['sent']} figures={day} />
                ))}
              </TableBody>
            </ReportTable>
          </ChartTable>
        </>
      )}
    </FigureCard>
  );
}

function VisitsCard({ serviceId, summary }: { serviceId: number; summary: VisitSummary | null }) {
  const translate = useTranslate();
  const text = (key: string) => translate(`app.user_reports.visits.${key}`);
  const figure = (key: string) => translate(`resources.site_statistics.figures.${key}`);
  return (
    <FigureCard serviceId={serviceId} figure="visits">
      {summary === null ? (
        <EmptyState text={text('empty')} />
      ) : (
        <>
          <FigureList entries={VISIT_FIGURES.map((key) => [figure(key), formatNumber(summary.totals[key])])} />
          <ReportChart
            kind="line"
            caption={text('chart')}
            height={CHART_HEIGHT}
            rows={summary.days.map((day) => ({ ...day, label: dayLabel(day.period) }))}
            series={VISIT_FIGURES.map((key) => ({ key, label: figure(key) }))}
          />
          <ChartTable>
            <FiguresTable caption={text('chart')} head={text('day')} rows={summary.days.map((day) => ({ key: day.period, head: dayLabel(day.period), figures: day }))} totals={summary.totals} />
          </ChartTable>
        </>
      )}
    </FigureCard>
  );
}

function WcagCard({ serviceId, summary }: { serviceId: number; summary: WcagSummary | null }) {
  const translate = useTranslate();
  const text = (key: string) => translate(`app.user_reports.wcag.${key}`);
  const score = (value: number | null) => (value === null ? text('no_score') : translate('app.user_reports.wcag.score', { score: formatNumber(value) }));
  return (
    <FigureCard serviceId={serviceId} figure="wcag">
      {summary === null ? (
        <EmptyState text={text('empty')} />
      ) : (
        <>
          <FigureList entries={(['A', 'AA'] as const).map((level) => [translate(`app.wcag.levels.${level}`), score(summary.levels[level])])} />
          <Typography variant="body2" color="text.secondary">
            {translate('app.user_reports.wcag.finished', { at: formatDate(summary.finished_at, true) })}
          </Typography>
        </>
      )}
    </FigureCard>
  );
}
