/**
 * Polish register numbers, checked by their check digits (the browser's forms and the server alike):
 * NIP (tax identification number) and REGON (statistical number, 9 digits or 14 for a local unit).
 */

/** The weighted sum of the leading digits modulo 11, as both registers compute their check digit. */
function weightedRemainder(digits: string, weights: readonly number[]): number {
  return weights.reduce((sum, weight, index) => sum + weight * Number(digits[index]), 0) % 11;
}

const NIP_WEIGHTS = [6, 5, 7, 2, 3, 4, 5, 6, 7];
const REGON_9_WEIGHTS = [8, 9, 2, 3, 4, 5, 6, 7];
const REGON_14_WEIGHTS = [2, 4, 8, 5, 0, 9, 7, 3, 6, 1, 2, 4, 8];

// NIP is written with dashes as often as without (123-456-32-18, 123-45-67-819): the grouping is not checked, the digits are.
const NIP = /^\d(?:[- ]?\d){9}$/;

/** Ten digits (dashes or spaces between them allowed) whose check digit matches; a remainder of 10 is never issued. */
export function isNip(value: string): boolean {
  if (!NIP.test(value)) return false;
  const digits = value.replace(/[- ]/g, '');
  const remainder = weightedRemainder(digits, NIP_WEIGHTS);
  return remainder !== 10 && remainder === Number(digits[9]);
}

/** The check digit of a REGON: the remainder, 10 counting as 0. */
function regonCheckDigit(digits: string, weights: readonly number[]): number {
  return weightedRemainder(digits, weights) % 10;
}

/** Nine digits, or fourteen whose first nine are a REGON too; each with its check digit. */
export function isRegon(value: string): boolean {
  if (!/^(?:\d{9}|\d{14})$/.test(value)) return false;
  const baseValid = regonCheckDigit(value, REGON_9_WEIGHTS) === Number(value[8]);
  return value.length === 9 ? baseValid : baseValid && regonCheckDigit(value, REGON_14_WEIGHTS) === Number(value[13]);
}
