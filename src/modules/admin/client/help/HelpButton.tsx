import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { api } from '../../../../client/providers/http';
import { usePanelOpen } from '../../../../client/providers/session';
import { SafeHtml } from '../../../../client/screens/common/SafeHtml';
import { HELP_PAGES, USER_HELP_PATH, type HelpPage } from '../../common/help';

/**
 * The top bar's help button: shown on a screen whose route root gave a published help page, it opens
 * the page in a dialog (focus moved in, Esc closes, focus back on the button). The published pages are
 * read once and kept, so moving between screens asks the server nothing.
 */
export function HelpButton({ routeName }: { routeName: string | undefined }) {
  const translate = useTranslate();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const help = useQuery({
    // Under the module's resource, which every write of its screens invalidates.
    queryKey: [HELP_PAGES, 'published'],
    queryFn: ({ signal }) => api<{ data: HelpPage[] }>(USER_HELP_PATH, { signal }),
    staleTime: 5 * 60_000,
    enabled: usePanelOpen(),
  });
  const page = routeName ? help.data?.data.find((candidate) => candidate.route === routeName) : undefined;
  if (!page) return null;
  const close = () => setOpen(false);
  return (
    <>
      <IconButton color="inherit" onClick={() => setOpen(true)} aria-label={translate('app.help.button')} aria-haspopup="dialog">
        <HelpOutlineIcon aria-hidden />
      </IconButton>
      <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="md" scroll="paper">
        <DialogTitle id={titleId}>{page.title}</DialogTitle>
        <DialogContent dividers>
          <SafeHtml html={page.content} />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate('app.help.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
