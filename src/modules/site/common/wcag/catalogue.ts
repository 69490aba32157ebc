/**
 * The WCAG 2.2 catalogue: 4 principles, 13 guidelines and their success criteria with levels (4.1.1
 * Parsing is obsolete in 2.2 and left out). Names and descriptions are in the catalogue
 * (app.wcag.catalogue.*, keys by id with underscores), Polish in our own words.
 */
export type Level = 'A' | 'AA' | 'AAA';

export interface Criterion {
  /** '1.4.3' */
  id: string;
  /** '1.4' */
  guideline: string;
  /** '1' */
  principle: string;
  level: Level;
}

/** Guideline: its criteria as 'id:level', in the order of the standard. */
const GUIDELINES: [string, string][] = [
  ['1.1', '1.1.1:A'],
  ['1.2', '1.2.1:A 1.2.2:A 1.2.3:A 1.2.4:AA 1.2.5:AA 1.2.6:AAA 1.2.7:AAA 1.2.8:AAA 1.2.9:AAA'],
  ['1.3', '1.3.1:A 1.3.2:A 1.3.3:A 1.3.4:AA 1.3.5:AA 1.3.6:AAA'],
  ['1.4', '1.4.1:A 1.4.2:A 1.4.3:AA 1.4.4:AA 1.4.5:AA 1.4.6:AAA 1.4.7:AAA 1.4.8:AAA 1.4.9:AAA 1.4.10:AA 1.4.11:AA 1.4.12:AA 1.4.13:AA'],
  ['2.1', '2.1.1:A 2.1.2:A 2.1.3:AAA 2.1.4:A'],
  ['2.2', '2.2.1:A 2.2.2:A 2.2.3:AAA 2.2.4:AAA 2.2.5:AAA 2.2.6:AAA'],
  ['2.3', '2.3.1:A 2.3.2:AAA 2.3.3:AAA'],
  ['2.4', '2.4.1:A 2.4.2:A 2.4.3:A 2.4.4:A 2.4.5:AA 2.4.6:AA 2.4.7:AA 2.4.8:AAA 2.4.9:AAA 2.4.10:AAA 2.4.11:AA 2.4.12:AAA 2.4.13:AAA'],
  ['2.5', '2.5.1:A 2.5.2:A 2.5.3:A 2.5.4:A 2.5.5:AAA 2.5.6:AAA 2.5.7:AA 2.5.8:AA'],
  ['3.1', '3.1.1:A 3.1.2:AA 3.1.3:AAA 3.1.4:AAA 3.1.5:AAA 3.1.6:AAA'],
  ['3.2', '3.2.1:A 3.2.2:A 3.2.3:AA 3.2.4:AA 3.2.5:AAA 3.2.6:A'],
  ['3.3', '3.3.1:A 3.3.2:A 3.3.3:AA 3.3.4:AA 3.3.5:AAA 3.3.6:AAA 3.3.7:A 3.3.8:AA 3.3.9:AAA'],
  ['4.1', '4.1.2:A 4.1.3:AA'],
];

export const CRITERIA: readonly Criterion[] = GUIDELINES.flatMap(([guideline, criteria]) =>
  criteria.split(' ').map((entry) => {
    const [id, level] = entry.split(':');
    return { id, guideline, principle: guideline.split('.')[0], level: level as Level };
  }),
);

export const GUIDELINE_IDS: readonly string[] = GUIDELINES.map(([id]) => id);
export const PRINCIPLE_IDS: readonly string[] = ['1', '2', '3', '4'];

/** The levels an analysis scores (A and AA: what the law asks of public bodies' sites). */
export const SCORED_LEVELS = ['A', 'AA'] as const;
export type ScoredLevel = (typeof SCORED_LEVELS)[number];

/** A catalogue key's segment for a criterion or rule id ('1.4.3' → '1_4_3', 'image-alt' → 'image_alt'). */
export const keyOf = (id: string) => id.replace(/[.-]/g, '_');

/** The criterion an axe tag names ('wcag1412' → '1.4.12'), or undefined for other tags. */
export function criterionOfTag(tag: string): string | undefined {
  const digits = /^wcag(\d)(\d)(\d+)$/.exec(tag);
  return digits ? `${digits[1]}.${digits[2]}.${digits[3]}` : undefined;
}
