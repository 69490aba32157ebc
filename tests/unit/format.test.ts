import { describe, expect, it } from 'vitest';
import { formatBytes, formatDate, formatNumber, formatPercentage, percentageOf, pluralize, polishPluralIndex } from '../../src/common/format';
import { catalogues } from '../../src/common/i18n/catalogues';
import { createTranslate } from '../../src/common/i18n/translate';

/** Intl separates digit groups with a non-breaking space; tests write plain spaces. */
const plain = (text: string) => text.replace(/\u00a0|\u202f/g, ' ');

describe('pluralize', () => {
  const files = (count: number) => pluralize(count, 'plik', 'pliki', 'plików');

  it.each([
    [1, 'plik'],
    [2, 'pliki'],
    [4, 'pliki'],
    [5, 'plików'],
    [12, 'plików'],
    [13, 'plików'],
    [14, 'plików'],
    [22, 'pliki'],
    [24, 'pliki'],
    [25, 'plików'],
    [101, 'plików'],
    [102, 'pliki'],
    [112, 'plików'],
    [0, 'plików'],
    [1001, 'plików'],
  ])('%i -> %s', (count, form) => {
    expect(files(count)).toBe(form);
  });

  it('numbers the forms one, few, many', () => {
    expect([1, 3, 11].map(polishPluralIndex)).toEqual([0, 1, 2]);
  });
});

describe('formatNumber', () => {
  it('groups digits in threes with spaces', () => {
    expect(plain(formatNumber(1234567))).toBe('1 234 567');
    expect(plain(formatNumber(1234))).toBe('1 234');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(0)).toBe('0');
  });

  it('uses a decimal comma', () => {
    expect(plain(formatNumber(12345.5))).toBe('12 345,5');
    expect(formatNumber(3.14159, 2)).toBe('3,14');
    expect(formatNumber(2, 2)).toBe('2,00');
    expect(plain(formatNumber(-1500))).toBe('-1 500');
  });
});

describe('percentage', () => {
  it('gives the ratio as a percentage with 2 decimals', () => {
    expect(formatPercentage(1, 4)).toBe('25,00');
    expect(formatPercentage(1, 3)).toBe('33,33');
    expect(formatPercentage(2, 3)).toBe('66,67');
    expect(formatPercentage(5, 5)).toBe('100,00');
    expect(formatPercentage(3, 2)).toBe('150,00');
  });

  it('is empty when either input is falsy', () => {
    expect(formatPercentage(0, 100)).toBe('');
    expect(formatPercentage(10, 0)).toBe('');
    expect(formatPercentage(undefined, 100)).toBe('');
    expect(formatPercentage(10, null)).toBe('');
    expect(formatPercentage(Number.NaN, 100)).toBe('');
  });

  it('gives the raw value for progress bars', () => {
    expect(percentageOf(512, 1024)).toBe(50);
    expect(percentageOf(0, 1024)).toBeNull();
  });
});

describe('formatBytes', () => {
  const translate = createTranslate(catalogues.pl, 'pl');
  const size = (bytes: number) => plain(formatBytes(bytes, translate));

  it('picks the largest binary unit that keeps the value at least 1', () => {
    expect(size(0)).toBe('0 B');
    expect(size(512)).toBe('512 B');
    expect(size(1023)).toBe('1 023 B');
    expect(size(1024)).toBe('1 KB');
    expect(size(1536)).toBe('1,5 KB');
    expect(size(5 * 1024 ** 2)).toBe('5 MB');
    expect(size(1.25 * 1024 ** 3)).toBe('1,3 GB');
    expect(size(3 * 1024 ** 4)).toBe('3 TB');
    expect(size(2048 * 1024 ** 4)).toBe('2 048 TB');
  });

  it('moves to the next unit when rounding reaches it', () => {
    expect(size(1024 ** 2 - 1)).toBe('1 MB');
  });
});

describe('formatDate', () => {
  it('writes dates the Polish way', () => {
    expect(formatDate('2026-11-21T10:05:00Z')).toBe('21 listopada 2026');
    expect(formatDate('2026-01-03T09:07:00+01:00', true)).toBe('3 stycznia 2026 09:07');
  });

  it('shows a moment in Polish time, whatever the browser zone (lists as the forms)', () => {
    expect(formatDate('2026-07-01T22:30:00Z', true)).toBe('2 lipca 2026 00:30');
    expect(formatDate('2026-12-31T23:30:00Z', true)).toBe('1 stycznia 2027 00:30');
  });

  it('is empty for an unreadable date', () => {
    expect(formatDate('not a date')).toBe('');
  });
});
