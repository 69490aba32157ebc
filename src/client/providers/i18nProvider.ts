import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'react-admin';
import pl from '../../../i18n/pl.json';

export type AppLocale = 'pl' | 'en';
export const DEFAULT_LOCALE: AppLocale = 'pl';
const LOCALES: AppLocale[] = ['pl', 'en'];

/** Polish is bundled; English is a separate chunk loaded when chosen. */
function messages(locale: string): TranslationMessages | Promise<TranslationMessages> {
  if (locale === 'en') return import('../../../i18n/en.json').then((module) => module.default as unknown as TranslationMessages);
  return pl as unknown as TranslationMessages;
}

function languageName(locale: AppLocale): string {
  return new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
}

export const i18nProvider = polyglotI18nProvider(
  messages,
  DEFAULT_LOCALE,
  LOCALES.map((locale) => ({ locale, name: languageName(locale) })),
  // In development a missing key is reported by polyglot; in production the key itself is shown quietly.
  { allowMissing: !import.meta.env.DEV },
);
