import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ReportChart } from '../../../newsletter/client/reports/ReportChart';
import { FiguresTable, StatisticsPage, useStatistics } from './StatisticsPage';
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
            <FiguresTable
              caption={text('sources.kinds_table')}
              head={text('sources.kind')}
              rows={report.kinds.map((row) => ({ key: row.kind, head: kind(row.kind), figures: row }))}
              totals={report.totals}
            />
          </Box>
          <FiguresTable
            caption={text('sources.table')}
            head={text('sources.name')}
            rows={report.data.map((row) => ({ key: `${row.kind}:${row.name}`, head: `${row.name || text('sources.direct')} (${kind(row.kind)})`, figures: row }))}
          />
        </>
      )}
    </StatisticsPage>
  );
}
