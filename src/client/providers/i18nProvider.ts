import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'react-admin';
import pl from '../../../i18n/pl.json';

export type AppLocale = 'pl' | 'en';
export const DEFAULT_LOCALE: AppLocale = 'pl';
const LOCALES: AppLocale[] = ['pl', 'en'];

/** The modules' own texts by locale, once loaded: a build leaves them out of the catalogue the login page loads. */
const moduleTexts: Partial<Record<string, TranslationMessages[string]>> = {};

const moduleTextsOf = (locale: string) => (locale === 'en' ? import('virtual:module-texts/en') : import('virtual:module-texts/pl'));

async function loadedModuleTexts(locale: string): Promise<TranslationMessages[string]> {
  moduleTexts[locale] ??= (await moduleTextsOf(locale)).default;
  return moduleTexts[locale];
}

/** Polish is bundled (the modules' texts joined once loaded); English is a separate chunk loaded when chosen, with its modules' texts. */
function messages(locale: string): TranslationMessages | Promise<TranslationMessages> {
  if (locale === 'en') {
    return Promise.all([import('../../../i18n/en.json'), loadedModuleTexts('en')]).then(
      ([module, resources]) => ({ ...(module.default as unknown as TranslationMessages), resources }) as TranslationMessages,
    );
  }
  const shell = pl as unknown as TranslationMessages;
  return moduleTexts.pl ? ({ ...shell, resources: moduleTexts.pl } as TranslationMessages) : shell;
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

/** The modules' texts of the current locale, loaded before the signed-in layout first shows. */
export async function loadModuleTexts(): Promise<void> {
  const locale = i18nProvider.getLocale();
  if (moduleTexts[locale]) return;
  await loadedModuleTexts(locale);
  await i18nProvider.changeLocale(locale);
}
