/** SPEC 5 "Generic" validators, shared by the browser forms and the server. */

// One @, no spaces, a dotted domain with a TLD of at least two letters (what people mistype, not RFC 5322).
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)*\.\p{L}{2,}$/u;
const POSTAL_CODE = /^(?:\d{5}|\d{2}-\d{3})$/;

export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value);
}

/** An absolute http(s) address with a host. */
export function isUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
}

/** Five digits or NN-NNN. */
export function isPostalCode(value: string): boolean {
  return POSTAL_CODE.test(value);
}
