import { useCallback } from 'react';
import { useTranslate } from 'react-admin';

/** Keys are translated; texts that are not keys (the server's details) come back unchanged. */
export function useTranslateText(): (text: string, args?: Record<string, unknown>) => string {
  const translate = useTranslate();
  return useCallback((text, args) => translate(text, { _: text, ...args }), [translate]);
}
