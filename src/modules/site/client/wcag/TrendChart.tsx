import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import { SCORED_LEVELS } from '../../common/wcag/catalogue';
import { formatMoment } from '../../../../common/panel-time';
import { wcagApi } from './wcagApi';

/**
 * The trend of the site's scores over its completed analyses: a chart the screen readers skip and,
 * under it, the table it draws (their text alternative, and the keyboard's). Read again when
 * another analysis completes (`latest`, its id).
 */
export function TrendChart({ serviceId, latest }: { serviceId: string; latest: number | undefined }) {
  const translate = useTranslate();
  const captionId = useId();
  const trend = useQuery({ queryKey: ['wcag', serviceId, 'trend', latest], queryFn: () => wcagApi.trend(serviceId) });
  if (!trend.data || trend.data.data.length === 0) return null;
  const rows = trend.data.data.map((point) => ({ label: formatMoment(point.finished_at, { style: 'short' }), A: point.levels.A, AA: point.levels.AA }));
  return (
    <Box component="section" aria-labelledby={captionId} sx={{ mt: 4 }}>
      <Typography id={captionId} variant="h6" component="h2">
        {translate('app.wcag.trend.title')}
      </Typography>
      {rows.length > 1 ? (
        <Box aria-hidden="true">
          <LineChart
            height={260}
            dataset={rows}
            disableKeyboardNavigation
            xAxis={[{ scaleType: 'point', dataKey: 'label' }]}
            yAxis={[{ min: 0, max: 100 }]}
            series={SCORED_LEVELS.map((level) => ({ dataKey: level, label: translate(`app.wcag.levels.${level}`), curve: 'linear' as const }))}
          />
        </Box>
      ) : null}
      <Table size="small">
        <caption>{translate('app.wcag.trend.table')}</caption>
        <TableHead>
          <TableRow>
            <TableCell scope="col">{translate('app.wcag.trend.finished')}</TableCell>
            {SCORED_LEVELS.map((level) => (
              <TableCell key={level} scope="col">
                {translate(`app.wcag.levels.${level}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => (
            <TableRow key={index}>
              <TableCell component="th" scope="row">
                {row.label}
              </TableCell>
              {SCORED_LEVELS.map((level) => (
                <TableCell key={level}>{row[level] === null ? '—' : `${row[level]}%`}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
