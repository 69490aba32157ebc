import { describe, expect, it } from 'vitest';
import { customFormats } from '../../src/common/schema/formats';
import { isNip, isRegon } from '../../src/common/validation/registers';

describe('NIP: ten digits and their check digit', () => {
  it('takes valid numbers, with or without dashes and spaces', () => {
    for (const good of ['1234563218', '123-456-32-18', '123-45-63-218', '123 456 32 18', '5260250274']) expect(isNip(good), good).toBe(true);
  });

  it('refuses a wrong check digit, a remainder of 10, wrong lengths and other characters', () => {
    // 1234563217: the check digit is 8; 1234567890: the weighted sum gives 10, never issued.
    for (const bad of ['1234563217', '1234567890', '123456321', '12345632180', 'PL1234563218', '123-456-32-1a', '-1234563218', '123--4563218', '']) {
      expect(isNip(bad), bad).toBe(false);
    }
  });
});

describe('REGON: nine digits or fourteen, each with a check digit', () => {
  it('takes valid numbers', () => {
    for (const good of ['123456785', '12345678512347', '000000000']) expect(isRegon(good), good).toBe(true);
  });

  it('refuses a wrong check digit, a 14-digit number on a wrong 9-digit base, and other lengths or characters', () => {
    for (const bad of ['123456784', '12345678512346', '12345678412341', '1234567851', '12345678', '123-456-785', '']) expect(isRegon(bad), bad).toBe(false);
  });
});

describe('the shared formats', () => {
  it('are the checks the browser and the server both run', () => {
    expect(customFormats.nip('1234563218')).toBe(true);
    expect(customFormats.regon('123456785')).toBe(true);
    expect(customFormats['postal-code']('00-950')).toBe(true);
    expect(customFormats['postal-code']('00950')).toBe(true);
    expect(customFormats['postal-code']('00-95')).toBe(false);
    expect(customFormats.phone('+48 22 123 45 67')).toBe(true);
    expect(customFormats.phone('123')).toBe(false);
  });
});
