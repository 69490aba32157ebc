/** SPEC 9: toasts stay 5000 ms, plus 50 ms per character beyond 100 in the message and in the description. */
export const TOAST_BASE_DURATION_MS = 5000;
export const TOAST_EXTRA_MS_PER_CHARACTER = 50;
export const TOAST_FREE_CHARACTERS = 100;
export const TOAST_MAX_VISIBLE = 4;
/** SPEC 9: the confirmation of a copy (a link copied to the clipboard) lasts 1500 ms. */
export const COPY_CONFIRMATION_MS = 1500;

function extraFor(text: string | undefined): number {
  return Math.max(0, (text?.length ?? 0) - TOAST_FREE_CHARACTERS) * TOAST_EXTRA_MS_PER_CHARACTER;
}

export function toastDuration(message: string, description?: string): number {
  return TOAST_BASE_DURATION_MS + extraFor(message) + extraFor(description);
}
