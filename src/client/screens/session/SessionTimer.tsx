import TimerOutlinedIcon from '@mui/icons-material/TimerOutlined';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useEffect, useState } from 'react';
import { useLogout, useTranslate } from 'react-admin';
import { errorMessage } from '../../providers/http';
import { refreshSession } from '../../providers/refresh';
import { useSession } from '../../providers/tokens';
import { restoreSession, secondsLeft } from '../../providers/tokens';
import { useToast } from '../../notifications';
import {
  ANNOUNCE_AT_SECONDS,
  formatRemaining,
  isTimerVisible,
  isWarningDue,
  TICK_MS,
  WARNING_AUTO_CLOSE_MS,
} from './timer';
import { visuallyHidden } from '../../ui/visuallyHidden';

/**
 * SPEC 4 session timer: ticks each second; shows mm:ss at 180 s or fewer (a click extends); under
 * 60 s the 'Kończy się sesja!' dialog offers 'Przedłuż' and closes by itself after 60 s; at 0 the
 * user is signed out, unless another tab refreshed (a different token in the cookie): then the
 * session is taken from the cookie.
 */
export function SessionTimer() {
  const translate = useTranslate();
  const logout = useLogout();
  const toast = useToast();
  const session = useSession();
  const [now, setNow] = useState(() => Date.now());
  const [warnedToken, setWarnedToken] = useState<string | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [extending, setExtending] = useState(false);
  const left = secondsLeft(session, now);

  useEffect(() => {
    const timer = window.setInterval(() => {
      // Another tab may have refreshed (new cookie) or signed out (no cookie): follow it.
      restoreSession();
      setNow(Date.now());
    }, TICK_MS);
    return () => window.clearInterval(timer);
  }, []);

  useEffect(() => {
    if (session && left === 0) void logout();
  }, [session, left, logout]);

  // The warning opens once per token; a refresh (new token) re-arms it.
  if (session && isWarningDue(left) && warnedToken !== session.accessToken) {
    setWarnedToken(session.accessToken);
    setDialogOpen(true);
  }

  useEffect(() => {
    if (!dialogOpen) return;
    const timer = window.setTimeout(() => setDialogOpen(false), WARNING_AUTO_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [dialogOpen]);

  const extend = async () => {
    setExtending(true);
    try {
      await refreshSession();
      setDialogOpen(false);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setExtending(false);
    }
  };

  if (!session) return null;
  const remaining = formatRemaining(left);
  const announce = ANNOUNCE_AT_SECONDS.includes(left) ? translate('app.session.remaining', { time: remaining }) : '';

  return (
    <>
      <Box component="span" aria-live="polite" sx={visuallyHidden}>
        {announce}
      </Box>
      {isTimerVisible(left) && (
        <Button
          color="inherit"
          onClick={extend}
          disabled={extending}
          startIcon={<TimerOutlinedIcon aria-hidden />}
          aria-label={translate('app.session.timer_label', { time: remaining })}
          sx={{ fontVariantNumeric: 'tabular-nums' }}
        >
          <span role="timer">{remaining}</span>
        </Button>
      )}
      <Dialog open={dialogOpen} onClose={() => setDialogOpen(false)} aria-labelledby="session-warning-title" aria-describedby="session-warning-text">
        <DialogTitle id="session-warning-title">{translate('app.session.ending_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="session-warning-text">
            {translate('app.session.ending_text')}
          </DialogContentText>
          <Box component="p" role="timer" sx={{ typography: 'h4', textAlign: 'center', fontVariantNumeric: 'tabular-nums', m: 0, mt: 2 }}>
            {remaining}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDialogOpen(false)} color="secondary">
            {translate('app.session.close')}
          </Button>
          <Button onClick={extend} variant="contained" disabled={extending} autoFocus>
            {translate('app.session.extend')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
