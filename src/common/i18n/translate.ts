import { polishPluralIndex } from '../plural';

/** A catalogue as in i18n/*.json: nested objects of polyglot strings. */
export interface Catalogue {
  [key: string]: string | Catalogue;
}

export type TranslateParams = Record<string, string | number>;
export type Translate = (key: string, params?: TranslateParams) => string;

export function lookup(catalogue: Catalogue, key: string): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const pluralIndexByLocale: Record<string, (n: number) => number> = {
  pl: polishPluralIndex,
  en: (n) => (n === 1 ? 0 : 1),
};

/**
 * Polyglot-compatible translation (the syntax react-admin's i18nProvider reads), for code that
 * runs outside React: the server's Polish messages and shared validators. Unknown keys come back as is.
 */
export function createTranslate(catalogue: Catalogue, locale: 'pl' | 'en' = 'pl'): Translate {
  const pluralIndex = pluralIndexByLocale[locale];
  return (key, params = {}) => {
    const phrase = lookup(catalogue, key);
    if (phrase === undefined) return key;
    const forms = phrase.split('||||').map((s) => s.trim());
    const count = params.smart_count;
    const chosen =
      forms.length > 1 && typeof count === 'number' ? forms[Math.min(pluralIndex(count), forms.length - 1)] : forms[0];
    return chosen.replace(/%\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
  };
}
