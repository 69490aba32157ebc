import { Box, TableBody, TableFooter, TableHead } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ReportChart } from '../../../newsletter/client/reports/ReportChart';
import { ReportTable } from '../../../newsletter/client/reports/ReportTable';
import { FiguresHead, FiguresRow, StatisticsPage, totalRowSx, useStatistics } from './StatisticsPage';
import { FIGURES, type SourcesReport } from './statisticsApi';

/** raporty/statystyki/zrodla: visits by kind of source (a chart with its table) and by source, the largest first. */
export default function VisitSourcesScreen() {
  const translate = useTranslate();
  const text = (key: string) => translate(`resources.site_statistics.${key}`);
  const state = useStatistics<SourcesReport>('sources');
  const kind = (name: string) => text(`sources.kinds.${name}`);
  return (
    <StatisticsPage screen="sources" state={state}>
      {(report) => (
        <>
          <ReportChart
            caption={text('sources.chart')}
            rows={report.kinds.map((row) => ({ ...row, label: kind(row.kind) }))}
            series={FIGURES.map((key) => ({ key, label: text(`figures.${key}`) }))}
          />
          <Box sx={{ mb: 3 }}>
            <ReportTable caption={text('sources.kinds_table')}>
              <TableHead>
                <FiguresHead head={text('sources.kind')} />
              </TableHead>
              <TableBody>
                {report.kinds.map((row) => (
                  <FiguresRow key={row.kind} head={kind(row.kind)} figures={row} />
                ))}
              </TableBody>
              <TableFooter>
                <FiguresRow head={text('sums.total')} figures={report.totals} sx={totalRowSx} />
              </TableFooter>
            </ReportTable>
          </Box>
          <ReportTable caption={text('sources.table')}>
            <TableHead>
              <FiguresHead head={text('sources.name')} />
            </TableHead>
            <TableBody>
              {report.data.map((row) => (
                <FiguresRow key={`${row.kind}:${row.name}`} head={`${row.name || text('sources.direct')} (${kind(row.kind)})`} figures={row} />
              ))}
            </TableBody>
          </ReportTable>
        </>
      )}
    </StatisticsPage>
  );
}
