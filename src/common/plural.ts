/** Polish plural form index: 0 one, 1 few (ends in 2-4 but not 12-14), 2 many. */
export function polishPluralIndex(count: number): 0 | 1 | 2 {
  const n = Math.abs(Math.trunc(count));
  if (n === 1) return 0;
  const lastDigit = n % 10;
  const lastTwo = n % 100;
  if (lastDigit >= 2 && lastDigit <= 4 && (lastTwo < 12 || lastTwo > 14)) return 1;
  return 2;
}

/** Picks one of the three Polish forms for count. */
export function pluralize(count: number, one: string, few: string, many: string): string {
  return [one, few, many][polishPluralIndex(count)];
}
