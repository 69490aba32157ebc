import { useState } from 'react';
import type { useTranslate } from 'react-admin';
import { isApiError } from '../../../../client/providers/http';

type Translate = ReturnType<typeof useTranslate>;

/** SPEC 5 and 9: a section's name is required, 3 to 64 characters; the schema's messages. */
export const NAME_MIN = 3;
export const NAME_MAX = 64;

export function nameError(name: string, translate: Translate): Record<string, string> {
  const length = name.trim().length;
  if (length === 0) return { name: translate('validation.main_page_sections.name_required') };
  if (length < NAME_MIN) return { name: translate('validation.main_page_sections.name_min', { min: NAME_MIN, smart_count: NAME_MIN }) };
  if (name.length > NAME_MAX) return { name: translate('validation.main_page_sections.name_max', { max: NAME_MAX, smart_count: NAME_MAX }) };
  return {};
}

/** A form's field messages: its own checks', or those of the server's 400 answer. */
export function useFieldErrors() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const fromServer = (error: unknown) => {
    if (isApiError(error, 400) && error.body.errors) setErrors(error.body.errors as Record<string, string>);
  };
  return { errors, setErrors, fromServer };
}
