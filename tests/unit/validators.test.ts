import { describe, expect, it } from 'vitest';
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
