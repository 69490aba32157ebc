import { Box, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';

/** The widths a document is previewed at: an e-mail client on a desktop, and a phone. */
const WIDTHS = { desktop: 800, phone: 375 } as const;
type Width = keyof typeof WIDTHS;

/**
 * An HTML document (a newsletter template) in a sandboxed frame: no script runs, no form is sent,
 * nothing reaches the panel's origin. A toggle shows it at a desktop or a phone width.
 */
export function DocumentPreview({ html, title }: { html: string; title: string }) {
  const translate = useTranslate();
  const [width, setWidth] = useState<Width>('desktop');
  return (
    <Box>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={width}
        onChange={(_event, next: Width | null) => next && setWidth(next)}
        aria-label={translate('app.preview.width')}
        sx={{ mb: 2 }}
      >
        {(Object.keys(WIDTHS) as Width[]).map((option) => (
          <ToggleButton key={option} value={option}>
            {translate(`app.preview.${option}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Box sx={{ overflowX: 'auto', bgcolor: 'grey.100', p: 1, borderRadius: 1 }}>
        <Box
          component="iframe"
          title={title}
          sandbox=""
          srcDoc={html}
          data-width={width}
          sx={{ display: 'block', mx: 'auto', width: WIDTHS[width], maxWidth: 'none', height: 640, border: 0, bgcolor: 'common.white' }}
        />
      </Box>
    </Box>
  );
}
