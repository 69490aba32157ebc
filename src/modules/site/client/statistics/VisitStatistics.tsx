import { Box, TableBody, TableFooter, TableHead } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ReportChart } from '../../../newsletter/client/reports/ReportChart';
import { ReportTable } from '../../../newsletter/client/reports/ReportTable';
import { dayLabel, FiguresHead, FiguresRow, StatisticsPage, totalRowSx, useStatistics } from './StatisticsPage';
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
            <ReportTable caption={text('visits.table')}>
              <TableHead>
                <FiguresHead head={text('visits.day')} />
              </TableHead>
              <TableBody>
                {report.data.map((row) => (
                  <FiguresRow key={row.period} head={dayLabel(row.period)} figures={row} />
                ))}
              </TableBody>
              <TableFooter>
                <FiguresRow head={text('sums.total')} figures={report.totals} sx={totalRowSx} />
              </TableFooter>
            </ReportTable>
          </Box>
          <ReportTable caption={text('visits.pages')}>
            <TableHead>
              <FiguresHead head={text('visits.page')} />
            </TableHead>
            <TableBody>
              {report.pages.map((page) => (
                <FiguresRow key={page.path} head={decodePath(page.path)} figures={page} />
              ))}
            </TableBody>
          </ReportTable>
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
