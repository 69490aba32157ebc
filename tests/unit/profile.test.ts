import { describe, expect, it } from 'vitest';
import { catalogues } from '../../src/common/i18n/catalogues';
import { createTranslate } from '../../src/common/i18n/translate';
import { validateProfile } from '../../src/common/validation/profile';

const translate = createTranslate(catalogues.pl, 'pl');
/** The Polish messages a user would see for these values. */
const messages = (values: Parameters<typeof validateProfile>[0]) =>
  Object.fromEntries(Object.entries(validateProfile(values)).map(([field, key]) => [field, translate(key)]));

describe('validateProfile (SPEC 5 "Profile")', () => {
  it('accepts capitalised names with Polish letters and hyphens, and an optional phone', () => {
    for (const values of [
      { name: 'Jan', surname: 'Kowalski' },
      { name: 'Łucja', surname: 'Żółkiewska-Śmigły', phone: '' },
      { name: 'Anna-Maria', surname: 'Ćwik', phone: '600100200' },
      { name: 'Ola', surname: 'Nowak', phone: '+48 600 100 200' },
      { name: 'Ewa', surname: 'Kot', phone: '0048-12-345-67-89' },
      { name: ' Jan ', surname: 'Kowalski', phone: null },
    ]) {
      expect(validateProfile(values), JSON.stringify(values)).toEqual({});
    }
  });

  it('requires name and surname', () => {
    expect(messages({})).toEqual({ name: 'Imię jest wymagane.', surname: 'Nazwisko jest wymagane.' });
    expect(messages({ name: '  ', surname: 42 })).toEqual({ name: 'Imię jest wymagane.', surname: 'Nazwisko jest wymagane.' });
  });

  it('refuses characters other than capitalised letter words and hyphens', () => {
    for (const bad of ['jan', 'Jan2', 'Jan Maria', 'JAN', 'Jan_', 'Jan-', '-Jan', "O'Neil", 'Jan<script>']) {
      expect(messages({ name: bad, surname: bad }), bad).toEqual({
        name: 'Imię zawiera niedozwolone znaki.',
        surname: 'Nazwisko zawiera niedozwolone znaki.',
      });
    }
  });

  it('needs at least 3 characters', () => {
    expect(messages({ name: 'Al', surname: 'Li' })).toEqual({
      name: 'Imię powinno zawierać co najmniej 3 znaki',
      surname: 'Nazwisko powinno zawierać co najmniej 3 znaki',
    });
    expect(validateProfile({ name: 'Ala', surname: 'Łoś' })).toEqual({});
  });

  it('accepts 8 to 10 digits with an optional prefix as a phone', () => {
    const phone = (value: string) => messages({ name: 'Jan', surname: 'Kowalski', phone: value }).phone;
    for (const good of ['12345678', '1234567890', '+48123456789', '0048 123 456 789']) expect(phone(good), good).toBeUndefined();
    for (const bad of ['1234567', '12345678901', 'telefon', '+48', '++48123456789', '600 100 20a']) {
      expect(phone(bad), bad).toBe('Numer telefonu powinien być poprawny.');
    }
  });
});
