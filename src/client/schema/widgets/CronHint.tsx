import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { describeCron, isCronExpression, nextRuns } from '../../../common/cron';
import { formatDate } from '../../../common/format';

/**
 * Under a cron expression's input (`"format": "cron"`): the expression in Polish words and its next five
 * runs in Polish time, following what is typed; nothing while it is not a valid one (the form's
 * check names the fault with the server's own message).
 */
export function CronHint({ id, value }: { id: string; value: unknown }) {
  const translate = useTranslate();
  const expression = typeof value === 'string' ? value : '';
  if (!isCronExpression(expression)) return null;
  const description = describeCron(expression);
  return (
    <Box id={id} aria-live="polite" sx={{ mt: 1 }}>
      <Typography>{translate(description.key, description.params)}</Typography>
      <Typography id={`${id}-next`} variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {translate('cron.next_runs')}
      </Typography>
      <Box component="ul" aria-labelledby={`${id}-next`} sx={{ m: 0, pl: 3 }}>
        {nextRuns(expression).map((run) => (
          <Typography component="li" variant="body2" key={run.toISOString()}>
            {formatDate(run, true)}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}
