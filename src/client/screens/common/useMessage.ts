import { useCallback } from 'react';
import { useTranslate } from 'react-admin';

/**
 * Translates a message that is either a catalogue key (browser-side validation, errors.unexpected)
 * or a text the server already translated (its detail and field errors), which is shown as it is.
 */
export function useMessage(): (message: string, params?: Record<string, unknown>) => string {
  const translate = useTranslate();
  return useCallback((message, params) => translate(message, { _: message, ...params }), [translate]);
}
