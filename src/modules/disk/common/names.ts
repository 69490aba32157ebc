/**
 * SPEC 5 "File/folder name": letters (with the Polish ones), digits, underscore, dot, parentheses,
 * space, apostrophe, brackets and hyphen. Shared by the server's checks and the browser's forms.
 */
const ALLOWED = /^[A-Za-z0-9ĄĆĘŁŃÓŚŹŻąćęłńóśźż_.() '[\]-]+$/;
const DISALLOWED = /[^A-Za-z0-9ĄĆĘŁŃÓŚŹŻąćęłńóśźż_.() '[\]-]+/g;
export const NAME_MAX_LENGTH = 255;

/** The catalogue key of what is wrong with a name, or null when it may be used (after trimming). */
export function nameProblem(raw: unknown): string | null {
  const name = typeof raw === 'string' ? raw.trim() : '';
  if (!name) return 'resources.disk.validation.name_required';
  if (!ALLOWED.test(name) || name === '.' || name === '..') return 'resources.disk.validation.name_invalid';
  if (name.length > NAME_MAX_LENGTH) return 'resources.disk.validation.name_too_long';
  return null;
}

/** An uploaded file's own name made to fit the rule: other characters become '_', the extension kept within the length. */
export function sanitisedName(raw: string, fallback: string): string {
  const base = raw.replace(/^.*[\\/]/, '').normalize('NFC').replace(DISALLOWED, '_').replace(/\s+/g, ' ').trim();
  const name = base && base !== '.' && base !== '..' ? base : fallback;
  if (name.length <= NAME_MAX_LENGTH) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
  return name.slice(0, NAME_MAX_LENGTH - extension.length) + extension;
}
