import { Box, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { useId } from 'react';
import { formatNumber } from './reportsApi';

interface ChartSeries {
  key: string;
  label: string;
}

/**
 * A report's chart (bars, or lines for a run of days). It shows what the table under it lists, so
 * it is a figure named by its caption whose drawing screen readers skip: the table is its text.
 */
export function ReportChart({
  caption,
  rows,
  series,
  kind = 'bar',
  height = 300,
}: {
  caption: string;
  rows: Array<Record<string, string | number>>;
  series: ChartSeries[];
  kind?: 'bar' | 'line';
  height?: number;
}) {
  const captionId = useId();
  const common = {
    dataset: rows,
    height,
    // Hidden from screen readers, so out of the tab order too: the table carries the figures for keyboards.
    disableKeyboardNavigation: true,
    series: series.map(({ key, label }) => ({ dataKey: key, label, valueFormatter: (value: number | null) => (value === null ? '' : formatNumber(value)) })),
    yAxis: [{ valueFormatter: (value: number) => formatNumber(value), tickMinStep: 1 }],
  };
  return (
    <Box component="figure" aria-labelledby={captionId} sx={{ m: 0, mb: 3 }}>
      <Typography component="figcaption" id={captionId} variant="h6">
        {caption}
      </Typography>
      <Box aria-hidden="true">
        {kind === 'line' ? (
          <LineChart {...common} series={common.series.map((line) => ({ ...line, curve: 'linear' as const }))} xAxis={[{ scaleType: 'point', dataKey: 'label' }]} />
        ) : (
          <BarChart {...common} xAxis={[{ scaleType: 'band', dataKey: 'label' }]} />
        )}
      </Box>
    </Box>
  );
}
