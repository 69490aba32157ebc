import type { FastifyInstance } from 'fastify';
import type { JobDefinition } from '../../../../server/platform/jobs';
import { analyseSite, PageFailure } from './engine';
import { analysisSummary } from './scores';

export const WCAG_JOB = 'wcag-analysis';

/**
 * The analysis of one service's site (wcag_analyses row). A run cut off by a crash runs again from
 * the start (its pages are written anew); a cancelled analysis stops before its next page. A site
 * that cannot be opened at all ends the analysis as failed with a reason of ours.
 */
export function wcagAnalysisJob(app: FastifyInstance): JobDefinition<{ analysisId: number }> {
  const { db, config } = app.ctx;
  return {
    name: WCAG_JOB,
    retryLimit: 1,
    // A hundred pages at a long time limit: a run cut off by a crash is retried after it.
    expireInSeconds: 3600,
    async handler(job) {
      const { analysisId } = job.data;
      const { rows } = await db.query<{ start_url: string; page_limit: number; client_service_id: number }>(
        `UPDATE wcag_analyses SET status = 'running', pages_done = 0, pages_total = NULL WHERE id = $1 AND status IN ('queued', 'running')
         RETURNING start_url, page_limit, client_service_id`,
        [analysisId],
      );
      const analysis = rows[0];
      if (!analysis) return;
      const serviceId = Number(analysis.client_service_id);
      await db.query('DELETE FROM wcag_pages WHERE analysis_id = $1', [analysisId]);
      let outcome: { status: 'completed' } | { status: 'failed'; failure: string };
      try {
        await analyseSite(
          {
            startUrl: analysis.start_url,
            pageLimit: analysis.page_limit,
            async onPage(position, page, total) {
              const going = await db.transaction(async (tx) => {
                const { rows: running } = await tx.query(
                  `UPDATE wcag_analyses SET pages_done = $2, pages_total = $3 WHERE id = $1 AND status = 'running' RETURNING id`,
                  [analysisId, position + 1, total],
                );
                if (running.length === 0) return false;
                await tx.query('INSERT INTO wcag_pages (analysis_id, position, url, title, failure, results) VALUES ($1, $2, $3, $4, $5, $6)', [
                  analysisId,
                  position,
                  page.url,
                  page.title,
                  page.failure,
                  page.results === null ? null : JSON.stringify(page.results),
                ]);
                return true;
              });
              // After the commit: the embedded database has one connection, which the transaction holds.
              if (going) await job.progress(position + 1, total);
              return going;
            },
          },
          { chromiumPath: config.chromiumPath, policy: { allowLoopback: config.outboundAllowLoopback }, ownOrigin: new URL(config.publicUrl).origin, pageTimeoutMs: config.wcagPageTimeout * 1000 },
        );
        outcome = { status: 'completed' };
      } catch (error) {
        if (!(error instanceof PageFailure)) app.log.error({ err: error, analysisId }, 'wcag analysis failed');
        outcome = { status: 'failed', failure: error instanceof PageFailure ? error.reason : 'browser' };
      }
      const summary = outcome.status === 'completed' ? await analysisSummary(db, analysisId, serviceId) : null;
      await db.query(`UPDATE wcag_analyses SET status = $2, failure = $3, summary = $4, finished_at = now() WHERE id = $1 AND status = 'running'`, [
        analysisId,
        outcome.status,
        outcome.status === 'failed' ? outcome.failure : null,
        summary === null ? null : JSON.stringify(summary),
      ]);
    },
  };
}
