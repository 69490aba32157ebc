import { catalogues } from '../../../common/i18n/catalogues';
import { createTranslate, type TranslateParams } from '../../../common/i18n/translate';

/** Server messages come from the Polish catalogue, like the browser's. */
export const t = createTranslate(catalogues.pl, 'pl');

/**
 * An error the client is meant to see: status plus a Polish detail and, for forms, field messages;
 * `code` tells the browser which of its screens the answer leads to (account_blocked, regulations_required, ...).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly errors?: Record<string, string>,
    readonly code?: string,
  ) {
    super(detail);
  }
}

/** An HttpError with a code the browser acts on; its detail is the catalogue's errors.<code>. */
export function codedError(statusCode: number, code: string): HttpError {
  return new HttpError(statusCode, t(`errors.${code}`), undefined, code);
}

/** Builds an HttpError whose detail is a catalogue key. */
export function httpError(statusCode: number, key: string, params?: TranslateParams, errors?: Record<string, string>): HttpError {
  return new HttpError(statusCode, t(key, params), errors);
}

/** The 400 of an invalid form, fieldKeys giving each field's catalogue key. */
export function formError(fieldKeys: Record<string, string>): HttpError {
  return new HttpError(400, t('validation.form_invalid'), Object.fromEntries(Object.entries(fieldKeys).map(([field, key]) => [field, t(key)])));
}

/** Throws the 400 of an invalid form when fieldKeys ({field: catalogue key}) is not empty. */
export function assertValidForm(fieldKeys: Record<string, string>): void {
  if (Object.keys(fieldKeys).length > 0) throw formError(fieldKeys);
}
