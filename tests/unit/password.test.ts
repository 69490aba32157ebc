import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catalogues } from '../../src/common/i18n/catalogues';
import { lookup } from '../../src/common/i18n/translate';
import { newPasswordError, validatePasswordChange } from '../../src/common/validation/password';
import { generateTemporaryPassword } from '../../src/server/platform/auth/passwords';

const VALID = 'Poprawne-Haslo-1';

describe('validatePasswordChange', () => {
  it('accepts a complete, valid change', () => {
    expect(validatePasswordChange({ password_old: 'Stare-Haslo-1', password_new: VALID, password_confirm: VALID })).toEqual({});
  });

  it('requires every field', () => {
    expect(validatePasswordChange({})).toEqual({
      password_old: 'validation.password.old_required',
      password_new: 'validation.password.new_required',
      password_confirm: 'validation.password.confirm_required',
    });
    expect(validatePasswordChange({ password_old: 5, password_new: null, password_confirm: '' })).toEqual({
      password_old: 'validation.password.old_required',
      password_new: 'validation.password.new_required',
      password_confirm: 'validation.password.confirm_required',
    });
  });

  it('wants the new password to differ from the old one and the confirmation to match', () => {
    expect(validatePasswordChange({ password_old: VALID, password_new: VALID, password_confirm: VALID })).toEqual({
      password_new: 'validation.password.same_as_old',
    });
    expect(validatePasswordChange({ password_old: 'Stare-Haslo-1', password_new: VALID, password_confirm: `${VALID} ` })).toEqual({
      password_confirm: 'validation.password.mismatch',
    });
  });

  it('reports a broken rule before a sameness that does not matter yet', () => {
    expect(validatePasswordChange({ password_old: 'krotkie', password_new: 'krotkie', password_confirm: 'krotkie' })).toEqual({
      password_new: 'validation.password.length',
    });
  });
});

describe('newPasswordError', () => {
  it.each([
    ['Aa1!aaaaaaa', 'validation.password.length'],
    ['Aa1!aaaaaaaa', undefined],
    [`Aa1!${'a'.repeat(28)}`, undefined],
    [`Aa1!${'a'.repeat(29)}`, 'validation.password.length'],
    ['Aa1! aaaaaaaa', 'validation.password.no_spaces'],
    ['Aa1!\taaaaaaaa', 'validation.password.no_spaces'],
    ['aa1!aaaaaaaa', 'validation.password.uppercase'],
    ['AA1!AAAAAAAA', 'validation.password.lowercase'],
    ['Aab!aaaaaaaa', 'validation.password.digit'],
    ['Aa1aaaaaaaaa', 'validation.password.special'],
    ['Źdźbło-trawy-7', undefined],
    ['źdźbło-trawy-7', 'validation.password.uppercase'],
    ['ŹDŹBŁO-TRAWY-7', 'validation.password.lowercase'],
  ])('%j -> %s', (password, expected) => {
    expect(newPasswordError(password)).toBe(expected);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(newPasswordError(`Aa1!${'😀'.repeat(28)}`)).toBeUndefined();
  });

  it('accepts any password built from every character class, and none once it holds whitespace', () => {
    const from = (alphabet: string) => fc.constantFrom(...Array.from(alphabet));
    const password = fc
      .tuple(
        from('ABCŻŹĆĄŚĘŁÓŃ'),
        from('abcżźćąśęłóń'),
        from('0123456789'),
        from('!@#$%^&*()-_=+[]{};:,.<>/?~'),
        fc.array(fc.oneof(from('xyzXYZ019'), from('.-_!')), { minLength: 8, maxLength: 28 }),
      )
      .map(([upper, lower, digit, special, rest]) => [upper, lower, digit, special, ...rest].join(''));
    fc.assert(
      fc.property(password, fc.nat(), from(' \t\n\u00a0'), (valid, at, space) => {
        expect(newPasswordError(valid)).toBeUndefined();
        const position = at % valid.length;
        expect(newPasswordError(valid.slice(0, position) + space + valid.slice(position + 1))).toBe('validation.password.no_spaces');
      }),
    );
  });

  it('has a Polish and an English message for every key it can return', () => {
    const keys = [
      ...new Set([
        ...Object.values(validatePasswordChange({})),
        ...Object.values(validatePasswordChange({ password_old: VALID, password_new: VALID, password_confirm: 'x' })),
        ...['x', 'Aa1! aaaaaaaa', 'aa1!aaaaaaaa', 'AA1!AAAAAAAA', 'Aab!aaaaaaaa', 'Aa1aaaaaaaaa'].map(newPasswordError),
        'validation.password.old_invalid',
      ]),
    ] as string[];
    expect(keys).toHaveLength(12);
    for (const key of keys) {
      expect(lookup(catalogues.pl, key), key).toEqual(expect.any(String));
      expect(lookup(catalogues.en, key), key).toEqual(expect.any(String));
    }
    expect(lookup(catalogues.pl, 'validation.password.old_required')).toBe('Aktualne hasło jest wymagane.');
    expect(lookup(catalogues.pl, 'validation.password.same_as_old')).toBe('Hasło powinno być inne niż aktualne hasło.');
    expect(lookup(catalogues.pl, 'validation.password.confirm_required')).toBe('Potwierdzenie hasła jest wymagane.');
    expect(lookup(catalogues.pl, 'validation.password.mismatch')).toBe('Hasła muszą być takie same.');
  });
});

describe('generateTemporaryPassword', () => {
  it('makes distinct passwords that meet the rules', () => {
    const passwords = Array.from({ length: 200 }, generateTemporaryPassword);
    for (const password of passwords) expect(newPasswordError(password)).toBeUndefined();
    expect(new Set(passwords).size).toBe(passwords.length);
  });
});
