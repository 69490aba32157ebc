import { describe, expect, it } from 'vitest';
import { CRITERIA, criterionOfTag, GUIDELINE_IDS, keyOf } from '../../src/modules/site/common/wcag/catalogue';
import type { PageResults } from '../../src/modules/site/common/wcag/results';
import { type AnalysedPage, automatedShare, type AxeRule, criterionResults, levelScores } from '../../src/modules/site/common/wcag/scoring';
import { axeRules } from '../../src/modules/site/server/wcag/rules';

const AXE_RULES = await axeRules();

const results = (partial: Partial<PageResults>): PageResults => ({ violations: [], incomplete: [], passes: [], inapplicable: [], ...partial });
const node = { target: 'img', html: '<img src="a.png">' };

describe('the WCAG 2.2 catalogue', () => {
  it('has 4 principles, 13 guidelines and 86 success criteria, 55 of them A or AA', () => {
    expect(new Set(CRITERIA.map((criterion) => criterion.principle))).toEqual(new Set(['1', '2', '3', '4']));
    expect(GUIDELINE_IDS).toHaveLength(13);
    expect(CRITERIA).toHaveLength(86);
    expect(CRITERIA.filter((criterion) => criterion.level !== 'AAA')).toHaveLength(55);
    expect(CRITERIA.find((criterion) => criterion.id === '2.5.8')).toMatchObject({ level: 'AA', guideline: '2.5' });
  });

  it('reads criteria from axe tags', () => {
    expect(criterionOfTag('wcag111')).toBe('1.1.1');
    expect(criterionOfTag('wcag1412')).toBe('1.4.12');
    expect(criterionOfTag('wcag2aa')).toBeUndefined();
    expect(criterionOfTag('best-practice')).toBeUndefined();
  });
});

describe('the mapping of axe rules to criteria', () => {
  const rule = (id: string) => AXE_RULES.find((entry) => entry.id === id);
  it('maps every rule the analysis runs to catalogue criteria, from axe’s own tags', () => {
    expect(AXE_RULES.length).toBeGreaterThan(50);
    for (const entry of AXE_RULES) expect(entry.criteria.length, entry.id).toBeGreaterThan(0);
    expect(rule('image-alt')).toMatchObject({ criteria: ['1.1.1'], impact: 'critical' });
    expect(rule('color-contrast')).toMatchObject({ criteria: ['1.4.3'], impact: 'serious' });
    expect(rule('link-name')?.criteria).toEqual(['2.4.4', '4.1.2']);
    expect(rule('html-has-lang')?.criteria).toEqual(['3.1.1']);
  });

  it('decides part of the A and AA criteria automatically; a person checks the rest', () => {
    const { automated, total } = automatedShare(AXE_RULES);
    expect(total).toBe(55);
    expect(automated).toBeGreaterThan(15);
    expect(automated).toBeLessThan(total);
  });
});

describe('scoring', () => {
  const rules: AxeRule[] = [
    { id: 'image-alt', criteria: ['1.1.1'], impact: 'critical' },
    { id: 'color-contrast', criteria: ['1.4.3'], impact: 'serious' },
    { id: 'html-has-lang', criteria: ['3.1.1'], impact: 'serious' },
    { id: 'meta-viewport', criteria: ['1.4.4'], impact: 'moderate' },
  ];
  const pages: AnalysedPage[] = [
    { id: 1, url: 'https://example.pl/', results: results({ violations: [{ id: 'image-alt', impact: 'critical', nodes: [node] }], passes: ['html-has-lang'], incomplete: [{ id: 'color-contrast', impact: 'serious', nodes: [node] }] }) },
    { id: 2, url: 'https://example.pl/a', results: results({ passes: ['image-alt', 'html-has-lang'], inapplicable: ['meta-viewport'] }) },
  ];

  it('gives each criterion its status from its rules: a failure anywhere fails it, listing pages and elements', () => {
    const byId = new Map(criterionResults(pages, rules).map((criterion) => [criterion.id, criterion]));
    expect(byId.get('1.1.1')).toMatchObject({ status: 'failed', failures: [{ rule: 'image-alt', impact: 'critical', pages: [{ id: 1, url: 'https://example.pl/', nodes: [node] }] }] });
    expect(byId.get('1.4.3')).toMatchObject({ status: 'needs_review', reviews: [{ rule: 'color-contrast' }] });
    expect(byId.get('3.1.1')?.status).toBe('passed');
    expect(byId.get('1.4.4')?.status).toBe('not_applicable');
    expect(byId.get('2.1.1')?.status).toBe('not_tested');
  });

  it('lets a person’s check decide, keeping the rules’ verdict beside it', () => {
    const manual = [{ criterion_id: '1.1.1', status: 'passed' as const, note: 'Poprawione', checked_by: 'klient', checked_at: '2026-11-26' }];
    const checked = criterionResults(pages, rules, manual).find((criterion) => criterion.id === '1.1.1');
    expect(checked).toMatchObject({ status: 'passed', automatic: 'failed', manual: { note: 'Poprawione' } });
  });

  it('weighs the level scores by impact, as Lighthouse does, over the rules that applied', () => {
    // Level A: image-alt (10) failed, html-has-lang (7) passed; color-contrast undecided, meta-viewport not applicable.
    expect(levelScores(pages, rules)).toEqual({ A: Math.round((7 / 17) * 100), AA: null });
    expect(levelScores([pages[1]], rules)).toEqual({ A: 100, AA: null });
    expect(levelScores([], rules)).toEqual({ A: null, AA: null });
  });
});

describe('the texts', () => {
  it('name and describe every principle, guideline and criterion, and say how to fix every rule, in Polish and English', async () => {
    const { catalogues } = await import('../../src/common/i18n/catalogues');
    for (const catalogue of [catalogues.pl, catalogues.en]) {
      const wcag = (catalogue.app as Record<string, Record<string, Record<string, Record<string, unknown>>>>).wcag;
      for (const criterion of CRITERIA) expect(wcag.catalogue.criteria[keyOf(criterion.id)], criterion.id).toMatchObject({ name: expect.any(String), description: expect.any(String) });
      for (const guideline of GUIDELINE_IDS) expect(wcag.catalogue.guidelines[keyOf(guideline)], guideline).toMatchObject({ name: expect.any(String) });
      for (const rule of AXE_RULES) expect(wcag.fixes[keyOf(rule.id)], rule.id).toEqual(expect.any(String));
    }
  });
});
