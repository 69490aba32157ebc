import type axeCore from 'axe-core';
import { CRITERIA, criterionOfTag } from '../../common/wcag/catalogue';
import { AXE_TAGS } from '../../common/wcag/results';
import { type AxeRule, type Impact, IMPACT_WEIGHTS } from '../../common/wcag/scoring';

const KNOWN = new Set(CRITERIA.map((criterion) => criterion.id));

/**
 * axe's rules impact, from its own metadata (every rule of the WCAG tags declares one today; a
 * rule that ever does not counts as moderate). axe publishes no other way to read it before a run.
 */
function impactOf(axe: typeof axeCore, ruleId: string): Impact {
  const rules = (axe as unknown as { _audit?: { rules?: { id: string; impact?: string }[] } })._audit?.rules ?? [];
  const impact = rules.find((rule) => rule.id === ruleId)?.impact;
  return impact !== undefined && impact in IMPACT_WEIGHTS ? (impact as Impact) : 'moderate';
}

let rules: Promise<readonly AxeRule[]> | undefined;

/**
 * The mapping table: every axe rule an analysis runs and the WCAG 2.2 criteria its wcagXYZ tags
 * name. axe-core is loaded by the first call, not at start: a large library for a table.
 */
export function axeRules(): Promise<readonly AxeRule[]> {
  rules ??= import('axe-core').then(({ default: axe }) =>
    axe.getRules([...AXE_TAGS]).map((rule) => ({
      id: rule.ruleId,
      criteria: rule.tags.flatMap((tag) => {
        const criterion = criterionOfTag(tag);
        return criterion && KNOWN.has(criterion) ? [criterion] : [];
      }),
      impact: impactOf(axe, rule.ruleId),
    })),
  );
  return rules;
}
