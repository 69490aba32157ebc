/**
 * SPEC 5 "Profile", shared by the profile form and PUT /api/user. Errors are catalogue keys
 * (validation.profile.*) so each side translates them with its own catalogue.
 */
export const PROFILE_NAME_MIN_LENGTH = 3;

export type ProfileField = 'name' | 'surname' | 'phone';
export type ProfileValues = Partial<Record<ProfileField, unknown>>;
export type ProfileErrors = Partial<Record<ProfileField, string>>;

// Capitalised words of letters (Polish diacritics included) joined by hyphens: "Anna-Maria", "Żółć".
const CAPITALISED_WORDS = /^\p{Lu}\p{Ll}*(?:-\p{Lu}\p{Ll}*)*$/u;
// 8 to 10 digits, optionally after an international prefix (+48 or 0048); spaces and hyphens between groups.
const PHONE = /^(?:(?:\+|00)\d{1,3})?\d{8,10}$/;

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

const NAME_MESSAGES = {
  name: {
    required: 'validation.profile.name_required',
    invalid: 'validation.profile.name_invalid',
    tooShort: 'validation.profile.name_too_short',
  },
  surname: {
    required: 'validation.profile.surname_required',
    invalid: 'validation.profile.surname_invalid',
    tooShort: 'validation.profile.surname_too_short',
  },
};

function personNameError(field: 'name' | 'surname', value: string): string | undefined {
  const messages = NAME_MESSAGES[field];
  if (!value) return messages.required;
  if (!CAPITALISED_WORDS.test(value)) return messages.invalid;
  if (Array.from(value).length < PROFILE_NAME_MIN_LENGTH) return messages.tooShort;
  return undefined;
}

export function isValidPhone(phone: string): boolean {
  return PHONE.test(phone.replace(/[\s-]/g, ''));
}

/** Field errors (catalogue keys) of the profile form; an empty object when it may be sent. */
export function validateProfile(values: ProfileValues): ProfileErrors {
  const errors: ProfileErrors = {};
  for (const field of ['name', 'surname'] as const) {
    const error = personNameError(field, text(values[field]));
    if (error) errors[field] = error;
  }
  const phone = text(values.phone);
  if (phone && !isValidPhone(phone)) errors.phone = 'validation.profile.phone_invalid';
  return errors;
}
