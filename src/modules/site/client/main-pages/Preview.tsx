import { Box, Link, Paper, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { publicAddress, type Page } from './api';

const WIDTHS = { phone: 375, desktop: 1024 } as const;
type Width = keyof typeof WIDTHS;

/**
 * The page as the public sees it, drawn by the server (/strona/{domain}/...), at a phone's or a
 * desktop's width: read again whenever `version` changes (every save of the builder).
 */
export function Preview({ page, version }: { page: Page; version: number }) {
  const translate = useTranslate();
  const [width, setWidth] = useState<Width>('desktop');
  const address = publicAddress(page);
  return (
    <Paper component="aside" aria-labelledby="main-page-preview-title" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography id="main-page-preview-title" variant="h6" component="h2">
          {translate('app.main_pages.preview.title')}
        </Typography>
        <ToggleButtonGroup size="small" exclusive value={width} onChange={(_event, next: Width | null) => next && setWidth(next)} aria-label={translate('app.main_pages.preview.width')}>
          {(Object.keys(WIDTHS) as Width[]).map((option) => (
            <ToggleButton key={option} value={option}>
              {translate(`app.main_pages.preview.${option}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      {address ? (
        <>
          {/* Scrolled sideways at a desktop's width: focusable, so the keyboard scrolls it too. */}
          <Box tabIndex={0} role="region" aria-labelledby="main-page-preview-title" sx={{ overflow: 'auto', border: 1, borderColor: 'divider', bgcolor: 'grey.100' }}>
            <Box
              component="iframe"
              key={version}
              src={address}
              title={translate('app.main_pages.preview.frame', { page: page.name })}
              sx={{ display: 'block', border: 0, width: WIDTHS[width], maxWidth: width === 'phone' ? '100%' : 'none', height: 640, bgcolor: 'common.white', mx: 'auto' }}
            />
          </Box>
          <Link href={address} target="_blank" rel="noopener" sx={{ display: 'inline-block', mt: 1 }}>
            {translate('app.main_pages.preview.open')}
          </Link>
        </>
      ) : (
        <Typography color="text.secondary">{translate('app.main_pages.preview.no_domain')}</Typography>
      )}
    </Paper>
  );
}
