/**
 * Texts that SPEC.md quotes word for word. The tests look for these exact strings (not the
 * catalogue's) so that a catalogue entry drifting from the specification fails a test.
 */
export const specTexts = {
  accessDenied: 'Brak dostępu',
  pageNotFound: 'Nie znaleziono strony',
  sessionEnding: 'Kończy się sesja!',
  extendSession: 'Przedłuż',
  invalidForm: 'Proszę poprawnie wypełnić formularz.',
  templateFromMailing: 'Utworzono szablon z mailingu.',
  nameRequired: 'Imię jest wymagane.',
  nameInvalidCharacters: 'Imię zawiera niedozwolone znaki.',
  nameTooShort: 'Imię powinno zawierać co najmniej 3 znaki',
  phoneInvalid: 'Numer telefonu powinien być poprawny.',
  oldPasswordRequired: 'Aktualne hasło jest wymagane.',
  passwordSameAsOld: 'Hasło powinno być inne niż aktualne hasło.',
  confirmationRequired: 'Potwierdzenie hasła jest wymagane.',
  passwordsDiffer: 'Hasła muszą być takie same.',
  moduleAccessDenied: 'Brak dostępu.',
  tagNameRequired: 'Nazwa tagu jest wymagana.',
  tagNameTooShort: 'Nazwa tagu powinna zawierać co najmniej 2 znaki',
  recipientNameRequired: 'Nazwa odbiorcy jest wymagana.',
  recipientEmailRequired: 'Adres e-mail odbiorcy jest wymagany.',
  recipientEmailInvalid: 'Adres e-mail odbiorcy jest nieprawidłowy.',
  senderFromNameRequired: 'Nazwa nadawcy jest wymagana.',
  senderEmailInvalid: 'Adres e-mail jest nieprawidłowy.',
  newsCategoryNameRequired: 'Nazwa kategorii jest wymagana.',
  testMessageSent: 'Sprawdź skrzynkę mailową.',
} as const;
