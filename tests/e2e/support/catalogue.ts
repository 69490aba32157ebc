import { readFileSync } from 'node:fs';
import { type Catalogue, createTranslate, lookup, type TranslateParams } from '../../../src/common/i18n/translate';

// Read as a file: Playwright's ESM loader refuses JSON imports without an import attribute.
const pl = JSON.parse(readFileSync(new URL('../../../i18n/pl.json', import.meta.url), 'utf8')) as Catalogue;
const translate = createTranslate(pl, 'pl');

/** The Polish text of a catalogue key, as the app shows it; a missing key fails the test. */
export function text(key: string, params?: TranslateParams): string {
  if (lookup(pl, key) === undefined) throw new Error(`i18n/pl.json has no key ${key}`);
  return translate(key, params);
}

/** The Polish texts of every key under a namespace (e.g. the demo data's `demo.*`). */
export function textsUnder(namespace: string): string[] {
  const node = namespace.split('.').reduce<unknown>((at, part) => (at as Record<string, unknown> | undefined)?.[part], pl);
  if (node === undefined) throw new Error(`i18n/pl.json has no namespace ${namespace}`);
  const collect = (value: unknown): string[] =>
    typeof value === 'string' ? [value] : Object.values(value as Record<string, unknown>).flatMap(collect);
  return collect(node);
}
