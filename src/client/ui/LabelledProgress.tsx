import { Box, LinearProgress, Typography, type LinearProgressProps } from '@mui/material';
import { useId, type ReactNode } from 'react';

/**
 * A named progress bar with "how far" in words, both on screen and to assistive technology (the
 * bar's name and value text); without a percent it runs indeterminate. Anything more to say about
 * the progress (`children`) follows the summary.
 */
export function LabelledProgress({
  label,
  summary,
  percent,
  failed = false,
  sx,
  children,
}: {
  label: string;
  summary: string;
  percent: number | undefined;
  failed?: boolean;
  sx?: LinearProgressProps['sx'];
  children?: ReactNode;
}) {
  const labelId = useId();
  return (
    <Box>
      <Typography id={labelId} variant="body2">
        {label}
      </Typography>
      <LinearProgress
        aria-labelledby={labelId}
        aria-valuetext={summary || undefined}
        variant={percent === undefined ? 'indeterminate' : 'determinate'}
        value={percent}
        color={failed ? 'error' : 'primary'}
        sx={[{ my: 1 }, ...(Array.isArray(sx) ? sx : [sx])]}
      />
      <Typography variant="body2" color="text.secondary">
        {summary}
      </Typography>
      {children}
    </Box>
  );
}
