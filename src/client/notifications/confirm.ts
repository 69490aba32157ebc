import { useCallback, useSyncExternalStore } from 'react';

export type ConfirmStatus = 'success' | 'error' | 'warning' | 'info' | 'question';

export interface ConfirmOptions {
  /** Texts are catalogue keys or plain texts. */
  title?: string;
  content?: string;
  confirmText?: string;
  cancelText?: string;
  status?: ConfirmStatus;
  showCancel?: boolean;
}

export interface ConfirmRequest extends Required<Omit<ConfirmOptions, 'content'>> {
  content?: string;
  resolve(confirmed: boolean): void;
}

/** SPEC 9 defaults of the confirmation dialog. */
export const confirmDefaults = {
  title: 'app.confirm.title',
  confirmText: 'app.confirm.delete',
  cancelText: 'app.confirm.cancel',
  status: 'warning',
  showCancel: true,
} as const satisfies ConfirmOptions;

export const confirmIconColors: Record<ConfirmStatus, string> = {
  success: '#40B870',
  error: '#C04F4F',
  warning: '#FF9700',
  info: '#00BCD4',
  question: '#9EA1AB',
};

/* One dialog at a time, shared by the whole app: the host renders the head of this queue. */
let queue: ConfirmRequest[] = [];
const listeners = new Set<() => void>();

function setQueue(next: ConfirmRequest[]): void {
  queue = next;
  for (const listener of listeners) listener();
}

export function requestConfirmation(options: ConfirmOptions = {}): Promise<boolean> {
  return new Promise((resolve) => {
    const request: ConfirmRequest = {
      ...confirmDefaults,
      ...Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)),
      resolve: (confirmed) => {
        setQueue(queue.filter((item) => item !== request));
        resolve(confirmed);
      },
    };
    setQueue([...queue, request]);
  });
}

export function usePendingConfirmation(): ConfirmRequest | undefined {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => queue[0],
  );
}

/** Asks the user to confirm; resolves true on confirm, false on cancel or close. */
export function useConfirm(): (options?: ConfirmOptions) => Promise<boolean> {
  return useCallback((options?: ConfirmOptions) => requestConfirmation(options), []);
}
