/** Levenshtein distance, for "did you mean". */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length];
}

/** The known name nearest to a misspelt one, if near enough to be the one meant. */
export function nearestName(name: string, known: readonly string[]): string | undefined {
  const ranked = known.map((candidate) => ({ candidate, cost: distance(name.toLowerCase(), candidate.toLowerCase()) })).sort((a, b) => a.cost - b.cost);
  const best = ranked[0];
  return best && best.cost <= Math.max(2, Math.floor(name.length / 3)) ? best.candidate : undefined;
}

/** The fix to offer for an unknown name: the one meant, or the list to choose from. */
export function fixFor(name: unknown, known: readonly string[]): string {
  const near = typeof name === 'string' ? nearestName(name, known) : undefined;
  return near ? `did you mean ${near}?` : `one of ${known.join(', ')}`;
}
