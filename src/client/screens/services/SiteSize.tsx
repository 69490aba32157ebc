import { LinearProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatBytes, formatPercentage, percentageOf } from '../../../common/format';
import { EmptyState } from '../common/QueryStates';

// Past these shares of the quota the bar changes colour, so a nearly full site stands out.
const WARNING_PERCENTAGE = 75;
const CRITICAL_PERCENTAGE = 90;

/** A service's disk use against its quota: a bar named by the heading `labelId`, and the figures in words. */
export function SiteSize({ used, available, labelId }: { used: number | null; available: number | null; labelId: string }) {
  const translate = useTranslate();
  if (!available) return <EmptyState text={translate('app.services.site_size_unknown')} />;
  const percentage = formatPercentage(used, available);
  const value = Math.min(100, percentageOf(used, available) ?? 0);
  const sizes = { used: formatBytes(used ?? 0, translate), available: formatBytes(available, translate) };
  return (
    <>
      <LinearProgress
        variant="determinate"
        value={value}
        color={value >= CRITICAL_PERCENTAGE ? 'error' : value >= WARNING_PERCENTAGE ? 'warning' : 'primary'}
        aria-labelledby={labelId}
        sx={{ height: 10, borderRadius: 5, mb: 1 }}
      />
      <Typography>
        {percentage ? translate('app.services.site_size_usage', { ...sizes, percentage }) : translate('app.services.site_size_usage_none', sizes)}
      </Typography>
    </>
  );
}
