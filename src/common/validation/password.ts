/**
 * SPEC 5 "Password change", shared by the profile form and PUT /api/user/password. Errors are
 * catalogue keys (validation.password.*) so each side translates them with its own catalogue.
 */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 32;

export type PasswordChangeField = 'password_old' | 'password_new' | 'password_confirm';
export type PasswordChangeValues = Partial<Record<PasswordChangeField, unknown>>;
export type PasswordChangeErrors = Partial<Record<PasswordChangeField, string>>;

// Each rule of a new password, in the order the user should fix them; the first failure is shown.
const newPasswordRules: { key: string; passes: (password: string) => boolean }[] = [
  {
    key: 'validation.password.length',
    passes: (password) => {
      const length = Array.from(password).length;
      return length >= PASSWORD_MIN_LENGTH && length <= PASSWORD_MAX_LENGTH;
    },
  },
  { key: 'validation.password.no_spaces', passes: (password) => !/\s/u.test(password) },
  { key: 'validation.password.uppercase', passes: (password) => /\p{Lu}/u.test(password) },
  { key: 'validation.password.lowercase', passes: (password) => /\p{Ll}/u.test(password) },
  { key: 'validation.password.digit', passes: (password) => /\p{Nd}/u.test(password) },
  { key: 'validation.password.special', passes: (password) => /[^\p{L}\p{N}\s]/u.test(password) },
];

/** The catalogue key of the first rule a new password breaks, or undefined when it is acceptable. */
export function newPasswordError(password: string): string | undefined {
  return newPasswordRules.find((rule) => !rule.passes(password))?.key;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** Field errors (catalogue keys) of a password change form; an empty object when it may be sent. */
export function validatePasswordChange(values: PasswordChangeValues): PasswordChangeErrors {
  const passwordOld = text(values.password_old);
  const passwordNew = text(values.password_new);
  const passwordConfirm = text(values.password_confirm);
  const errors: PasswordChangeErrors = {};

  if (!passwordOld) errors.password_old = 'validation.password.old_required';

  if (!passwordNew) errors.password_new = 'validation.password.new_required';
  else {
    const ruleError = newPasswordError(passwordNew);
    if (ruleError) errors.password_new = ruleError;
    else if (passwordNew === passwordOld) errors.password_new = 'validation.password.same_as_old';
  }

  if (!passwordConfirm) errors.password_confirm = 'validation.password.confirm_required';
  else if (passwordConfirm !== passwordNew) errors.password_confirm = 'validation.password.mismatch';

  return errors;
}
