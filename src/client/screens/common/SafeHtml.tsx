import { Box, type SxProps, type Theme } from '@mui/material';
import { useMemo } from 'react';
import { sanitizeHtml } from '../../layout/sanitize';

/**
 * HTML from the server (news bodies, regulations). The server sanitises what it stores; this is the
 * second line (the shell's rules: DOMPurify plus allow-listed frames), so a slip there cannot run script here.
 */
export function SafeHtml({ html, sx }: { html: string; sx?: SxProps<Theme> }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <Box sx={sx} dangerouslySetInnerHTML={{ __html: clean }} />;
}
