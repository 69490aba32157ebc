import { CRITERIA, type Criterion, SCORED_LEVELS, type ScoredLevel } from './catalogue';
import type { AxeNode, PageResults } from './results';

/**
 * A criterion's status in an analysis: failed (a rule found a problem), needs_review (a rule could
 * not decide: a person must look), passed (its rules passed where they applied), not_applicable
 * (nothing its rules check is on the pages), not_tested (no automatic rule covers it: a person checks it).
 */
export const CRITERION_STATES = ['failed', 'needs_review', 'passed', 'not_applicable', 'not_tested'] as const;
export type CriterionState = (typeof CRITERION_STATES)[number];

export type Impact = 'critical' | 'serious' | 'moderate' | 'minor';
/** Lighthouse weighs its accessibility audits by axe's impact of the rule; so do we. */
export const IMPACT_WEIGHTS: Record<Impact, number> = { critical: 10, serious: 7, moderate: 3, minor: 1 };

/** An axe rule the analysis runs, the catalogue criteria its wcagXYZ tags name, and its impact. */
export interface AxeRule {
  id: string;
  criteria: string[];
  impact: Impact;
}

export interface AnalysedPage {
  id: number;
  url: string;
  results: PageResults;
}

export interface ManualCheck {
  criterion_id: string;
  status: 'passed' | 'failed';
  note: string;
  checked_by: string | null;
  checked_at: string | Date;
}

/** A rule's findings on the pages: each page with its elements. */
export interface Finding {
  rule: string;
  impact: string | null;
  pages: { id: number; url: string; nodes: AxeNode[] }[];
}

export interface CriterionResult extends Criterion {
  /** What the rules decided; `status` is the person's check when there is one. */
  automatic: CriterionState;
  status: CriterionState;
  rules: string[];
  failures: Finding[];
  reviews: Finding[];
  manual: ManualCheck | null;
}

/** Scores from 0 to 100 per level (null: no rule of the level applied), and the criteria counted by status. */
export interface Summary {
  levels: Record<ScoredLevel, number | null>;
  counts: Record<CriterionState, number>;
}

/** The criteria each rule stands for, read the other way: a criterion's rules. */
export function rulesByCriterion(rules: readonly AxeRule[]): Map<string, AxeRule[]> {
  const byCriterion = new Map<string, AxeRule[]>();
  for (const rule of rules) for (const criterion of rule.criteria) byCriterion.set(criterion, [...(byCriterion.get(criterion) ?? []), rule]);
  return byCriterion;
}

/** The share of the A and AA criteria some rule decides (the others are a person's to check). */
export function automatedShare(rules: readonly AxeRule[]): { automated: number; total: number } {
  const covered = rulesByCriterion(rules);
  const scored = CRITERIA.filter((criterion) => (SCORED_LEVELS as readonly string[]).includes(criterion.level));
  return { automated: scored.filter((criterion) => covered.has(criterion.id)).length, total: scored.length };
}

function findings(pages: readonly AnalysedPage[], rule: string, kind: 'violations' | 'incomplete'): Finding | null {
  let impact: string | null = null;
  const found = pages.flatMap((page) => {
    const result = page.results[kind].find((entry) => entry.id === rule);
    if (!result) return [];
    impact ??= result.impact;
    return [{ id: page.id, url: page.url, nodes: result.nodes }];
  });
  return found.length ? { rule, impact, pages: found } : null;
}

/** How each rule came out over the pages: failed anywhere, else passed somewhere, else undecided or not applicable. */
function ruleOutcome(pages: readonly AnalysedPage[], rule: string): 'failed' | 'passed' | 'needs_review' | 'not_applicable' {
  if (pages.some((page) => page.results.violations.some((entry) => entry.id === rule))) return 'failed';
  if (pages.some((page) => page.results.incomplete.some((entry) => entry.id === rule))) return 'needs_review';
  if (pages.some((page) => page.results.passes.includes(rule))) return 'passed';
  return 'not_applicable';
}

/** Every catalogue criterion's result on the analysed pages, a person's check taking the place of the rules' verdict. */
export function criterionResults(pages: readonly AnalysedPage[], rules: readonly AxeRule[], manual: readonly ManualCheck[] = []): CriterionResult[] {
  const byCriterion = rulesByCriterion(rules);
  const checks = new Map(manual.map((check) => [check.criterion_id, check]));
  return CRITERIA.map((criterion) => {
    const own = byCriterion.get(criterion.id) ?? [];
    const outcomes = own.map((rule) => ruleOutcome(pages, rule.id));
    const automatic: CriterionState =
      own.length === 0
        ? 'not_tested'
        : outcomes.includes('failed')
          ? 'failed'
          : outcomes.includes('needs_review')
            ? 'needs_review'
            : outcomes.includes('passed')
              ? 'passed'
              : 'not_applicable';
    const check = checks.get(criterion.id) ?? null;
    return {
      ...criterion,
      automatic,
      status: check ? check.status : automatic,
      rules: own.map((rule) => rule.id),
      failures: own.flatMap((rule) => findings(pages, rule.id, 'violations') ?? []),
      reviews: own.flatMap((rule) => findings(pages, rule.id, 'incomplete') ?? []),
      manual: check,
    };
  });
}

/**
 * The weighted score of each level as Lighthouse counts it: of the rules that applied (passed or
 * failed on the pages), the weight of those that passed over the weight of all; a rule counts for
 * a level when one of its criteria is of that level. Only criteria in `within` count.
 */
export function levelScores(pages: readonly AnalysedPage[], rules: readonly AxeRule[], within: readonly Criterion[] = CRITERIA): Record<ScoredLevel, number | null> {
  const levels = new Map(within.map((criterion) => [criterion.id, criterion.level]));
  const score = (level: ScoredLevel) => {
    let passed = 0;
    let applied = 0;
    for (const rule of rules) {
      if (!rule.criteria.some((criterion) => levels.get(criterion) === level)) continue;
      const outcome = ruleOutcome(pages, rule.id);
      if (outcome !== 'passed' && outcome !== 'failed') continue;
      applied += IMPACT_WEIGHTS[rule.impact];
      if (outcome === 'passed') passed += IMPACT_WEIGHTS[rule.impact];
    }
    return applied === 0 ? null : Math.round((passed / applied) * 100);
  };
  return { A: score('A'), AA: score('AA') };
}

export function summarise(results: readonly CriterionResult[], levels: Record<ScoredLevel, number | null>): Summary {
  const counts = Object.fromEntries(CRITERION_STATES.map((state) => [state, 0])) as Record<CriterionState, number>;
  for (const result of results) if ((SCORED_LEVELS as readonly string[]).includes(result.level)) counts[result.status] += 1;
  return { levels, counts };
}
