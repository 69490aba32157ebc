import english from 'ra-language-english';
import { describe, expect, it } from 'vitest';
import { catalogues } from '../../src/common/i18n/catalogues';
import { createTranslate, type Catalogue } from '../../src/common/i18n/translate';

const PLURAL_SEPARATOR = '||||';

/** Every leaf of a catalogue as [dotted key, phrase]. */
function flatten(catalogue: Catalogue, prefix = ''): [string, string][] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === 'string' ? [[prefix + key, value] as [string, string]] : flatten(value, `${prefix}${key}.`),
  );
}

function placeholders(phrase: string): string[] {
  return [...new Set([...phrase.matchAll(/%\{(\w+)\}/g)].map((match) => match[1]))].sort();
}

const polish = new Map(flatten(catalogues.pl));
const englishCatalogue = new Map(flatten(catalogues.en));

describe('the catalogues', () => {
  it('pl.json has every key of en.json', () => {
    expect([...englishCatalogue.keys()].filter((key) => !polish.has(key))).toEqual([]);
  });

  it('en.json has every key of pl.json', () => {
    expect([...polish.keys()].filter((key) => !englishCatalogue.has(key))).toEqual([]);
  });

  it('uses the same placeholders in both languages', () => {
    const mismatched = [...polish]
      .filter(([key]) => englishCatalogue.has(key))
      .filter(([key, phrase]) => placeholders(phrase).join() !== placeholders(englishCatalogue.get(key)!).join())
      .map(([key]) => key);
    expect(mismatched).toEqual([]);
  });

  it('gives every Polish phrase with a count exactly three plural forms', () => {
    const wrong = [...polish]
      .filter(([, phrase]) => phrase.includes('%{smart_count}'))
      .filter(([, phrase]) => phrase.split(PLURAL_SEPARATOR).length !== 3)
      .map(([key]) => key);
    expect(wrong).toEqual([]);
  });

  it('covers every message of react-admin in both languages', () => {
    const reactAdminKeys = flatten({ ra: english.ra } as Catalogue).map(([key]) => key);
    expect(reactAdminKeys.length).toBeGreaterThan(150);
    expect(reactAdminKeys.filter((key) => !polish.has(key))).toEqual([]);
    expect(flatten({ ra: english.ra } as Catalogue).filter(([key, phrase]) => englishCatalogue.get(key) !== phrase)).toEqual(
      [],
    );
  });

  it('picks the Polish plural form by count', () => {
    const translate = createTranslate(catalogues.pl, 'pl');
    expect(translate('ra.notification.deleted', { smart_count: 1 })).toBe('Usunięto 1 element');
    expect(translate('ra.notification.deleted', { smart_count: 3 })).toBe('Usunięto 3 elementy');
    expect(translate('ra.notification.deleted', { smart_count: 12 })).toBe('Usunięto 12 elementów');
    expect(translate('ra.notification.deleted', { smart_count: 22 })).toBe('Usunięto 22 elementy');
    expect(translate('ra.notification.deleted', { smart_count: 25 })).toBe('Usunięto 25 elementów');
  });
});
