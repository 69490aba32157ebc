import { describe, expect, it } from 'vitest';
import { nameProblem, sanitisedName } from '../../src/modules/disk/common/names';

describe('disk names (SPEC 5 "File/folder name")', () => {
  it('takes letters with Polish ones, digits, underscore, dot, parentheses, space, apostrophe, brackets and hyphen', () => {
    for (const name of ['Zdjęcia', 'ŻÓŁW_źdźbło', 'raport (v2) [final].pdf', "O'Neil - 2026.txt", ' przycięta ']) expect(nameProblem(name), name).toBeNull();
  });

  it('says what is wrong: nothing given, another character, a dot path, too long', () => {
    expect(nameProblem(undefined)).toBe('resources.disk.validation.name_required');
    expect(nameProblem('  ')).toBe('resources.disk.validation.name_required');
    for (const name of ['a/b', 'a\\b', 'a:b', '<b>', 'ü', '..', '.']) expect(nameProblem(name), name).toBe('resources.disk.validation.name_invalid');
    expect(nameProblem('a'.repeat(256))).toBe('resources.disk.validation.name_too_long');
    expect(nameProblem('a'.repeat(255))).toBeNull();
  });

  it("makes an upload's own name fit the rule, keeping its extension", () => {
    expect(sanitisedName('C:\\Users\\jan\\raport?.txt', 'plik')).toBe('raport_.txt');
    expect(sanitisedName('../../etc/passwd', 'plik')).toBe('passwd');
    expect(sanitisedName('zdjęcie  z   wakacji.jpg', 'plik')).toBe('zdjęcie z wakacji.jpg');
    expect(sanitisedName('..', 'plik')).toBe('plik');
    expect(sanitisedName('', 'plik')).toBe('plik');
    const long = sanitisedName(`${'a'.repeat(300)}.xlsx`, 'plik');
    expect(long).toHaveLength(255);
    expect(long.endsWith('.xlsx')).toBe(true);
    expect(nameProblem(long)).toBeNull();
  });
});
