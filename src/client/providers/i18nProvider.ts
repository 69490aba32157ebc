import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'react-admin';
import pl from '../../../i18n/pl.json';

export type AppLocale = 'pl' | 'en';
export const DEFAULT_LOCALE: AppLocale = 'pl';
const LOCALES: AppLocale[] = ['pl', 'en'];

type Texts = Record<string, unknown>;

/**
 * The catalogue parts a build leaves out of the one the login page loads (src/tools/build/browserCatalogue.ts):
 * the panel's texts, loaded with the panel, and the modules' own, loaded with the signed-in layout.
 */
export type LaterTexts = 'panel' | 'modules';

const laterTextsOf: Record<LaterTexts, (locale: string) => Promise<{ default: Texts }>> = {
  panel: (locale) => (locale === 'en' ? import('virtual:panel-texts/en') : import('virtual:panel-texts/pl')),
  modules: (locale) => (locale === 'en' ? import('virtual:module-texts/en') : import('virtual:module-texts/pl')),
};

/** The later parts by locale, once loaded. */
const loaded: Record<LaterTexts, Partial<Record<string, Texts>>> = { panel: {}, modules: {} };

async function loadLaterTexts(part: LaterTexts, locale: string): Promise<void> {
  loaded[part][locale] ??= (await laterTextsOf[part](locale)).default;
}

const isTexts = (value: unknown): value is Texts => typeof value === 'object' && value !== null;

/** The shell's catalogue joined with the later parts loaded so far (the panel's texts share top-level keys with it: `app`, `ra`). */
function joined(shell: Texts, locale: string): TranslationMessages {
  const catalogue: Texts = { ...shell };
  for (const [key, value] of Object.entries(loaded.panel[locale] ?? {})) {
    const own = catalogue[key];
    catalogue[key] = isTexts(own) && isTexts(value) ? { ...value, ...own } : (own ?? value);
  }
  if (loaded.modules[locale]) catalogue.resources = loaded.modules[locale];
  return catalogue as TranslationMessages;
}

/** Polish is bundled (joined with the later parts once loaded); English is a separate chunk loaded when chosen, with all its parts. */
function messages(locale: string): TranslationMessages | Promise<TranslationMessages> {
  if (locale === 'en') {
    return Promise.all([import('../../../i18n/en.json'), loadLaterTexts('panel', 'en'), loadLaterTexts('modules', 'en')]).then(([module]) =>
      joined(module.default as Texts, 'en'),
    );
  }
  return joined(pl as Texts, 'pl');
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

/** Loads a later part of the current locale's catalogue, before the screens that need it first show. */
export async function loadTexts(part: LaterTexts): Promise<void> {
  const locale = i18nProvider.getLocale();
  if (loaded[part][locale]) return;
  await loadLaterTexts(part, locale);
  await i18nProvider.changeLocale(locale);
}
