import type { Queryable } from '../../../../server/platform/db';
import type { PageResults } from '../../common/wcag/results';
import { type AnalysedPage, criterionResults, levelScores, type ManualCheck, summarise, type Summary } from '../../common/wcag/scoring';
import { axeRules } from './rules';

/** The analysed pages of an analysis (those that failed have no results), or the one page asked for. */
export async function analysedPages(db: Queryable, analysisId: number, pageId?: number): Promise<AnalysedPage[]> {
  const { rows } = await db.query<{ id: number; url: string; results: PageResults }>(
    `SELECT id, url, results FROM wcag_pages WHERE analysis_id = $1 AND results IS NOT NULL AND ($2::int IS NULL OR id = $2) ORDER BY position`,
    [analysisId, pageId ?? null],
  );
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/** The criteria a person checked for the service. */
export async function manualChecks(db: Queryable, serviceId: number): Promise<ManualCheck[]> {
  const { rows } = await db.query<ManualCheck>(
    `SELECT c.criterion_id, c.status, c.note, u.username AS checked_by, c.checked_at
       FROM wcag_manual_checks c LEFT JOIN users u ON u.id = c.checked_by WHERE c.client_service_id = $1`,
    [serviceId],
  );
  return rows;
}

/** The site's scores of a finished analysis, kept with it for the history and the trend. */
export async function analysisSummary(db: Queryable, analysisId: number, serviceId: number): Promise<Summary> {
  const pages = await analysedPages(db, analysisId);
  const rules = await axeRules();
  return summarise(criterionResults(pages, rules, await manualChecks(db, serviceId)), levelScores(pages, rules));
}
