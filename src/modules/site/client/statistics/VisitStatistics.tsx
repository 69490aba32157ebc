import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ReportChart } from '../../../newsletter/client/reports/ReportChart';
import { dayLabel, FiguresTable, StatisticsPage, useStatistics } from './StatisticsPage';
import { FIGURES, type VisitsReport } from './statisticsApi';

/** raporty/statystyki: visits and unique visitors per day of the period, a chart with its table, and the most visited pages. */
export default function VisitStatisticsScreen() {
  const translate = useTranslate();
  const text = (key: string) => translate(`resources.site_statistics.${key}`);
  const state = useStatistics<VisitsReport>('visits');
  return (
    <StatisticsPage screen="visits" state={state}>
      {(report) => (
        <>
          <ReportChart
            kind="line"
            caption={text('visits.chart')}
            rows={report.data.map((row) => ({ ...row, label: dayLabel(row.period) }))}
            series={FIGURES.map((key) => ({ key, label: text(`figures.${key}`) }))}
          />
          <Box sx={{ mb: 3 }}>
            <FiguresTable
              caption={text('visits.table')}
              head={text('visits.day')}
              rows={report.data.map((row) => ({ key: row.period, head: dayLabel(row.period), figures: row }))}
              totals={report.totals}
            />
          </Box>
          <FiguresTable caption={text('visits.pages')} head={text('visits.page')} rows={report.pages.map((page) => ({ key: page.path, head: decodePath(page.path), figures: page }))} />
        </>
      )}
    </StatisticsPage>
  );
}

/** A page's path as people read it (stored percent-encoded): /aktualności rather than /aktualno%C5%9Bci. */
function decodePath(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}
