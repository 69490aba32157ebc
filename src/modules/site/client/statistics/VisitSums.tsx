import { Button, ToggleButton, ToggleButtonGroup } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useMutation } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { useToast } from '../../../../client/notifications';
import { downloadApiFile } from '../../../../client/providers/download';
import { errorMessage } from '../../../../client/providers/http';
import { useReportParams } from '../../../newsletter/client/reports/ReportFilters';
import { formatPeriod } from '../../../newsletter/client/reports/reportsApi';
import { dayLabel, FiguresTable, StatisticsPage, useStatistics } from './StatisticsPage';
import { defined, statisticsPath, SUM_GROUPS, type SumGroup, type SumsReport } from './statisticsApi';

/** raporty/statystyki/sumy: visits and unique visitors per day, week, month or year of the period, in a table, with its CSV. */
export default function VisitSumsScreen() {
  const translate = useTranslate();
  const toast = useToast();
  const text = (key: string, options?: object) => translate(`resources.site_statistics.${key}`, options);
  const [group, setGroup] = useGroup();
  const state = useStatistics<SumsReport>('sums', { group });
  const periodLabel = (period: string, shown: SumGroup) => {
    if (shown === 'week') return text('sums.week_of', { day: dayLabel(period) });
    if (shown === 'month') return formatPeriod(period.slice(0, 7), 'month');
    return shown === 'year' ? period.slice(0, 4) : dayLabel(period);
  };
  const exporting = useMutation({
    mutationFn: () => downloadApiFile(`${statisticsPath(state.serviceId, 'sums')}/export`, defined({ group, from: state.values.from, to: state.values.to }), 'statystyki.csv'),
    onSuccess: () => toast.success('app.schema.exported'),
    onError: (error) => toast.error(errorMessage(error)),
  });
  return (
    <StatisticsPage
      screen="sums"
      state={state}
      controls={
        <ToggleButtonGroup exclusive size="small" value={group} aria-label={text('sums.group')} onChange={(_event, next: SumGroup | null) => next && setGroup(next)} sx={{ mb: 2 }}>
          {SUM_GROUPS.map((choice) => (
            <ToggleButton key={choice} value={choice}>
              {text(`sums.by.${choice}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      }
    >
      {(report) => (
        <>
          <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => exporting.mutate()} disabled={exporting.isPending} sx={{ mb: 2 }}>
            {text('sums.export')}
          </Button>
          <FiguresTable
            caption={text(`sums.tables.${report.group}`)}
            head={text(`sums.groups.${report.group}`)}
            rows={report.data.map((row) => ({ key: row.period, head: periodLabel(row.period, report.group), figures: row }))}
            totals={report.totals}
          />
        </>
      )}
    </StatisticsPage>
  );
}

/** The grouping of the address (?group=week…; by day unless told). */
function useGroup(): [SumGroup, (group: SumGroup) => void] {
  const [values, change] = useReportParams();
  const group = SUM_GROUPS.find((choice) => choice === values.group) ?? 'day';
  return [group, (next) => change({ group: next === 'day' ? undefined : next })];
}
