import { Alert, AlertTitle, Box, Button, IconButton, Stack } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { type NotificationPayload, undoableEventEmitter, useNotificationContext, useTakeUndoableMutation, useTranslate } from 'react-admin';
import { TOAST_MAX_VISIBLE, toastDuration } from '../../common/toast';
import { usePendingConfirmation } from './confirm';
import { useTranslateText } from '../providers/useTranslateText';

// The dialog's code loads with the first confirmation, not with the login page.
const ConfirmDialog = lazy(() => import('./ConfirmDialog'));

interface ShownToast {
  id: number;
  payload: NotificationPayload;
}

let nextToastId = 1;

function ToastItem({ toast, onClose, onUndo }: { toast: ShownToast; onClose(): void; onUndo(): void }) {
  const translateText = useTranslateText();
  const translate = useTranslate();
  const { message, type, notificationOptions = {} } = toast.payload;
  const text = typeof message === 'string' ? translateText(message, notificationOptions.messageArgs) : undefined;
  const description = typeof notificationOptions.description === 'string' ? translateText(notificationOptions.description) : undefined;
  const duration =
    notificationOptions.autoHideDuration === null
      ? null
      : (notificationOptions.autoHideDuration ?? toastDuration(text ?? '', description));
  const remaining = useRef(duration);
  const startedAt = useRef(0);
  const [paused, setPaused] = useState(false);

  // The countdown pauses while the pointer or focus is on the toast, so it can be read (WCAG 2.2.1).
  useEffect(() => {
    if (paused || remaining.current === null) return;
    startedAt.current = Date.now();
    const timer = window.setTimeout(onClose, remaining.current);
    return () => {
      window.clearTimeout(timer);
      if (remaining.current !== null) remaining.current -= Date.now() - startedAt.current;
    };
  }, [paused, onClose]);

  return (
    <Alert
      severity={type}
      role={type === 'error' || type === 'warning' ? 'alert' : 'status'}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      sx={{ boxShadow: 3, width: { xs: 'calc(100vw - 32px)', sm: 400 } }}
      action={
        <>
          {notificationOptions.undoable && (
            <Button color="inherit" size="small" onClick={onUndo}>
              {translate('ra.action.undo')}
            </Button>
          )}
          <IconButton aria-label={translate('app.toast.close')} color="inherit" size="small" onClick={onClose}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </>
      }
    >
      {description ? <AlertTitle>{text ?? (message as ReactNode)}</AlertTitle> : (text ?? (message as ReactNode))}
      {description}
    </Alert>
  );
}

/** SPEC 9 toasts: top right, at most four, the newest at the bottom; fed by react-admin's notify(). */
function ToastStack() {
  const translate = useTranslate();
  const { notifications, setNotifications } = useNotificationContext();
  const takeMutation = useTakeUndoableMutation();
  const [toasts, setToasts] = useState<ShownToast[]>([]);

  useEffect(() => {
    if (notifications.length === 0) return;
    const taken = notifications;
    setNotifications((queued) => queued.filter((item) => !taken.includes(item)));
    setToasts((shown) => [...shown, ...taken.map((payload) => ({ id: nextToastId++, payload }))]);
  }, [notifications, setNotifications]);

  const finish = useCallback(
    (toast: ShownToast, isUndo: boolean) => {
      // An undoable mutation runs (or is cancelled) when its toast goes away.
      if (toast.payload.notificationOptions?.undoable) {
        const mutation = takeMutation();
        if (mutation) mutation({ isUndo });
        else undoableEventEmitter.emit('end', { isUndo });
      }
      setToasts((shown) => shown.filter((item) => item.id !== toast.id));
    },
    [takeMutation],
  );

  useEffect(() => {
    if (toasts.length > TOAST_MAX_VISIBLE) finish(toasts[0], false);
  }, [toasts, finish]);

  return (
    <Box
      component="section"
      aria-label={translate('app.toast.region')}
      // Top right, under the top bar so that its buttons stay usable.
      sx={{ position: 'fixed', top: 72, right: 16, zIndex: (theme) => theme.zIndex.snackbar }}
    >
      <Stack spacing={1}>
        {toasts.slice(-TOAST_MAX_VISIBLE).map((toast) => (
          <ToastItem key={toast.id} toast={toast} onClose={() => finish(toast, false)} onUndo={() => finish(toast, true)} />
        ))}
      </Stack>
    </Box>
  );
}

/** Replaces react-admin's <Notification>: the toast stack and the confirmation dialog. */
export function Notifications() {
  const request = usePendingConfirmation();
  return (
    <>
      <ToastStack />
      {request && (
        <Suspense fallback={null}>
          <ConfirmDialog request={request} />
        </Suspense>
      )}
    </>
  );
}
