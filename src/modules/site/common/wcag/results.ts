/** The axe-core tags an analysis runs: WCAG 2.0, 2.1 and 2.2, levels A and AA. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const;

/** An element axe reported: its CSS selector and (the start of) its HTML. */
export interface AxeNode {
  target: string;
  html: string;
}

export interface RuleResult {
  id: string;
  impact: string | null;
  nodes: AxeNode[];
}

/** What axe found on one page: the failed and the undecided rules with their elements, the passed and the inapplicable rules' ids. */
export interface PageResults {
  violations: RuleResult[];
  incomplete: RuleResult[];
  passes: string[];
  inapplicable: string[];
}

export const ANALYSIS_STATES = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;
export type AnalysisState = (typeof ANALYSIS_STATES)[number];
/** An analysis still under way: a second cannot start, this one can be cancelled. */
export const ACTIVE_STATES: readonly AnalysisState[] = ['queued', 'running'];
