import { useCallback, useMemo } from 'react';
import { useNotify } from 'react-admin';
import { COPY_CONFIRMATION_MS } from '../../common/toast';

export interface ToastOptions {
  messageArgs?: Record<string, unknown>;
  /** A second line under the message (a catalogue key or text). */
  description?: string;
}

export interface Toast {
  success(messageKey: string, options?: ToastOptions): void;
  error(messageOrKey: string, options?: ToastOptions): void;
  /** The confirmation of a copy to the clipboard, shown for SPEC 9's shorter time. */
  copied(messageKey: string, options?: ToastOptions): void;
}

/**
 * SPEC 9 toasts, through react-admin's notify() so that its own notifications share the stack.
 * Messages are catalogue keys or texts from the server (shown as they are).
 */
export function useToast(): Toast {
  const notify = useNotify();
  const show = useCallback(
    (type: 'success' | 'error', message: string, options: ToastOptions = {}, autoHideDuration?: number) =>
      notify(message, { type, messageArgs: options.messageArgs, description: options.description, autoHideDuration }),
    [notify],
  );
  return useMemo(
    () => ({
      success: (message, options) => show('success', message, options),
      error: (message, options) => show('error', message, options),
      copied: (message, options) => show('success', message, options, COPY_CONFIRMATION_MS),
    }),
    [show],
  );
}
