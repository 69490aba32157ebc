import { Box, Container, Grid } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { api } from '../providers/http';
import { usePanelOpen } from '../providers/session';
import { sanitizeHtml } from './sanitize';

interface ContentBlock {
  id: number;
  prefix: string;
  name: string;
  description: string;
  content: string;
  photo_uri: string | null;
}

export const FOOTER_PREFIXES = ['footer_info', 'footer_copyright', 'footer_realization'] as const;

function FooterBlock({ prefix }: { prefix: string }) {
  const open = usePanelOpen();
  const block = useQuery({
    queryKey: ['content', 'prefix', prefix],
    queryFn: () => api<{ data: ContentBlock[] }>(`/content/prefix/${prefix}`),
    staleTime: 10 * 60_000,
    enabled: open,
  });
  const html = useMemo(() => sanitizeHtml((block.data?.data ?? []).map((item) => item.content).join('')), [block.data]);
  return <Box data-footer-block={prefix} sx={{ '& a': { color: 'inherit' }, '& iframe': { maxWidth: '100%' } }} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** The footer: the three content blocks (SPEC 2), sanitised again in the browser. */
export function Footer() {
  const translate = useTranslate();
  return (
    <Box component="footer" aria-label={translate('app.layout.footer')} sx={{ mt: 'auto', py: 3, borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', color: 'text.secondary' }}>
      <Container maxWidth="lg">
        <Grid container spacing={3}>
          {FOOTER_PREFIXES.map((prefix) => (
            <Grid key={prefix} size={{ xs: 12, md: 4 }}>
              <FooterBlock prefix={prefix} />
            </Grid>
          ))}
        </Grid>
      </Container>
    </Box>
  );
}
