import { Box, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';

/** The widths a document is previewed at: an e-mail client on a desktop, and a phone. */
const WIDTHS = { desktop: 800, phone: 375 } as const;
type Width = keyof typeof WIDTHS;

/**
 * An HTML document (a newsletter template) in a sandboxed frame: no script runs, no form is sent,
 * nothing reaches the panel's origin. A toggle shows it at a desktop or a phone width.
 * `sandbox` may grant the frame its origin for a document the panel drew itself (a site's home
 * page, every text escaped): still no script, form or navigation, and browser automation then
 * follows the frame's loading (an opaque-origin frame appearing just after the page loaded leaves
 * Playwright's network-idle wait, which the accessibility checks use, never ending).
 */
export function DocumentPreview({ html, title, sandbox = '' }: { html: string; title: string; sandbox?: '' | 'allow-same-origin' }) {
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
      {/* Wider than a narrow column: focusable, so the keyboard scrolls it too. */}
      <Box tabIndex={0} role="region" aria-label={title} sx={{ overflowX: 'auto', bgcolor: 'grey.100', p: 1, borderRadius: 1 }}>
        <Box
          component="iframe"
          title={title}
          sandbox={sandbox}
          srcDoc={html}
          data-width={width}
          sx={{ display: 'block', mx: 'auto', width: WIDTHS[width], maxWidth: 'none', height: 640, border: 0, bgcolor: 'common.white' }}
        />
      </Box>
    </Box>
  );
}
