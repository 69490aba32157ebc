import { Box, Link, List, ListItem, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { keyOf } from '../../common/wcag/catalogue';
import type { Finding } from '../../common/wcag/scoring';

/** A criterion's findings: per rule, how to fix it, then the pages and the elements (selector, HTML). */
export function CriterionFindings({ findings, heading }: { findings: Finding[]; heading: string }) {
  const translate = useTranslate();
  if (findings.length === 0) return null;
  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="subtitle2" component="h3">
        {heading}
      </Typography>
      {findings.map((finding) => (
        <Box key={finding.rule} sx={{ mt: 1 }}>
          <Typography variant="body2">
            <strong>{finding.rule}</strong>: {translate(`app.wcag.fixes.${keyOf(finding.rule)}`, { _: '' })}
          </Typography>
          <List dense disablePadding>
            {finding.pages.map((page) => (
              <ListItem key={page.id} sx={{ display: 'block' }}>
                <Link href={page.url} target="_blank" rel="noopener noreferrer">
                  {page.url}
                </Link>
                <List dense disablePadding aria-label={translate('app.wcag.scores.elements')}>
                  {page.nodes.map((node, index) => (
                    <ListItem key={index} sx={{ display: 'block', pl: 2 }}>
                      <Typography variant="body2" component="code" sx={{ display: 'block', wordBreak: 'break-all' }}>
                        {node.target}
                      </Typography>
                      <Typography variant="body2" component="code" color="text.secondary" sx={{ display: 'block', wordBreak: 'break-all' }}>
                        {node.html}
                      </Typography>
                    </ListItem>
                  ))}
                </List>
              </ListItem>
            ))}
          </List>
        </Box>
      ))}
    </Box>
  );
}
