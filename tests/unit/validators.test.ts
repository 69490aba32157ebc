import { describe, expect, it } from 'vitest';
import { isCalendarDate, parseDateTime } from '../../src/common/validation/dates';
import { isEmail, isPostalCode, isUrl } from '../../src/common/validation/generic';

describe('generic validators (SPEC 5 "Generic")', () => {
  it('e-mail', () => {
    for (const good of ['jan@example.com', 'jan.kowalski+news@poczta.example.pl', 'ą@żółw.pl']) expect(isEmail(good), good).toBe(true);
    for (const bad of ['', 'jan', 'jan@', '@example.com', 'jan@example', 'jan kowalski@example.com', 'jan@@example.com', 'jan@example.c']) {
      expect(isEmail(bad), bad).toBe(false);
    }
  });

  it('URL: absolute http or https with a host', () => {
    for (const good of ['https://example.com', 'http://example.com/a?b=c#d', 'https://sub.example.pl:8443/x']) expect(isUrl(good), good).toBe(true);
    for (const bad of ['', 'example.com', '/relative', 'javascript:alert(1)', 'ftp://example.com', 'https://', 'mailto:jan@example.com']) {
      expect(isUrl(bad), bad).toBe(false);
    }
  });

  it('postal code: 5 digits or NN-NNN', () => {
    for (const good of ['00950', '00-950', '31-011']) expect(isPostalCode(good), good).toBe(true);
    for (const bad of ['', '0095', '009500', '009-50', '00 950', 'ab-cde', '00-9500']) expect(isPostalCode(bad), bad).toBe(false);
  });
});

describe('dates: one parser for the browser and the server', () => {
  it('a calendar day that exists, years 0001–9999', () => {
    for (const good of ['2026-11-23', '2096-02-29', '2000-02-29', '0001-01-01', '9999-12-31']) expect(isCalendarDate(good), good).toBe(true);
    for (const bad of ['2099-02-30', '2100-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '0000-01-01', '10000-01-01', '2026-1-01', '2026-11-23T10:00:00Z', '']) {
      expect(isCalendarDate(bad), bad).toBe(false);
    }
  });

  it('a moment with its offset, read as the instant it names', () => {
    expect(parseDateTime('2026-11-23T10:15:00+01:00')?.toISOString()).toBe('2026-11-23T09:15:00.000Z');
    expect(parseDateTime('2026-03-29t01:30:00.123456z')?.toISOString()).toBe('2026-03-29T01:30:00.123Z');
    expect(parseDateTime('0050-06-01T00:00:00Z')?.toISOString()).toBe('0050-06-01T00:00:00.000Z');
    expect(parseDateTime('9999-12-31T23:59:59+01:00')?.toISOString()).toBe('9999-12-31T22:59:59.000Z');
    for (const bad of [
      '2099-02-30T10:00:00Z',
      '10000-01-01T00:00:00Z',
      '0000-06-01T00:00:00Z',
      '0001-01-01T00:00:00+01:00',
      '9999-12-31T23:59:59-14:00',
      '2026-06-30T23:59:60Z',
      '2026-01-01T24:00:00Z',
      '2026-01-01T10:00:00',
      '2026-01-01T10:00Z',
      '2026-01-01T10:00:00+24:00',
      '2026-01-01 10:00:00Z',
      '2026-01-01',
    ]) {
      expect(parseDateTime(bad), bad).toBeUndefined();
    }
  });
});
