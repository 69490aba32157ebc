import { Box, Chip, Link, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router';
import type { CriterionState } from '../../common/wcag/scoring';

const STATE_COLORS: Record<CriterionState, 'error' | 'warning' | 'success' | 'default'> = {
  failed: 'error',
  needs_review: 'warning',
  passed: 'success',
  not_applicable: 'default',
  not_tested: 'default',
};

/** A criterion's status in words (colour only repeats it). */
export function StateChip({ state }: { state: CriterionState }) {
  const translate = useTranslate();
  return <Chip size="small" variant={STATE_COLORS[state] === 'default' ? 'outlined' : 'filled'} color={STATE_COLORS[state]} label={translate(`app.wcag.states.${state}`)} />;
}

/** The assistant's page heading and its links to the other pages (analysis, scores, catalogue, FAQ). */
export function WcagPage({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  const { service_id: serviceId } = useParams() as { service_id: string };
  const base = `/usluga/${serviceId}/moduly/wcag`;
  const links = [
    { to: base, label: 'app.wcag.analysis.title' },
    { to: `${base}/wynik/site`, label: 'app.wcag.scores.title' },
    { to: `${base}/kryteria`, label: 'app.wcag.criteria.title' },
    { to: `${base}/faq`, label: 'app.wcag.faq.title' },
    { to: `${base}/deklaracja`, label: 'resources.wcag_statement.title' },
  ];
  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Stack component="nav" aria-label={translate('app.wcag.nav')} direction="row" spacing={2} useFlexGap sx={{ mb: 3, flexWrap: 'wrap' }}>
        {links.map((link) => (
          <Link key={link.to} component={RouterLink} to={link.to}>
            {translate(link.label)}
          </Link>
        ))}
      </Stack>
      {children}
    </Box>
  );
}
