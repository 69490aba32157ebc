import { Link, Paper, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { answerError, apiHeaders, apiUrl, parseAnswer } from '../../../../client/providers/http';
import { QueryContent } from '../../../../client/screens/common/QueryStates';
import { DocumentPreview } from '../../../../client/ui/DocumentPreview';
import { publicAddress, useBuilderPaths, type Page } from './api';

/**
 * The page as the public sees it, drawn by the server (the HTML of /strona/{domain}/...), at a
 * desktop's or a phone's width in a sandboxed frame: read again whenever `version` changes (every
 * save of the builder), the last drawing shown until the next arrives.
 */
export function Preview({ page, version }: { page: Page; version: number }) {
  const translate = useTranslate();
  const { key, collection } = useBuilderPaths();
  const path = `${collection}/${encodeURIComponent(page.prefix)}/preview`;
  const html = useQuery({
    queryKey: [...key, 'preview', page.prefix, version],
    // HTML, not JSON: read as text, an error answer's JSON detail kept.
    queryFn: async ({ signal }) => {
      const response = await fetch(apiUrl(path), { headers: await apiHeaders('GET'), signal, credentials: 'same-origin' });
      const body = await response.text();
      if (!response.ok) throw answerError(response.status, parseAnswer(body));
      return body;
    },
    placeholderData: keepPreviousData,
  });
  const address = publicAddress(page);
  return (
    <Paper component="aside" aria-labelledby="main-page-preview-title" sx={{ p: 2 }}>
      <Typography id="main-page-preview-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('app.main_pages.preview.title')}
      </Typography>
      <QueryContent query={html}>
        {(answer) => (
          <DocumentPreview html={answer} sandbox="allow-same-origin" title={translate('app.main_pages.preview.frame', { page: page.name })} />
        )}
      </QueryContent>
      {address && (
        <Link href={address} target="_blank" rel="noopener" sx={{ display: 'inline-block', mt: 1 }}>
          {translate('app.main_pages.preview.open')}
        </Link>
      )}
    </Paper>
  );
}
