import type { FastifyInstance } from 'fastify';
import { currentUser } from '../auth/plugin';
import { httpError } from '../http/errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GET /api/jobs/{job_id}: the state and progress of a job, for its owner only: the user who sent
 * it, or, for a service's job, that service's members (and root users, who may use every service).
 * Anyone else gets the same 404 as for a job that does not exist.
 */
export async function jobsRoutes(app: FastifyInstance): Promise<void> {
  const { db, jobs } = app.ctx;

  app.get<{ Params: { job_id: string } }>('/jobs/:job_id', { onRequest: app.authenticate, config: { openapi: { tags: ['jobs'], summary: "A job's state and progress, for its owner" } } }, async (request) => {
    const user = currentUser(request);
    const jobId = request.params.job_id;
    if (!UUID.test(jobId)) throw httpError(404, 'errors.job_not_found');
    const { rows } = await db.query<{ queue: string; progress_done: number; progress_total: number | null }>(
      `SELECT t.queue, t.progress_done, t.progress_total
         FROM job_tracking t
        WHERE t.job_id = $1
          AND (t.owner_user_id = $2
               OR (t.client_service_id IS NOT NULL
                   AND ($3 OR EXISTS (SELECT 1 FROM client_service_users m
                                       WHERE m.client_service_id = t.client_service_id AND m.user_id = $2))))`,
      [jobId, user.userId, user.isRoot],
    );
    const tracked = rows[0];
    const job = tracked && (await jobs.state(tracked.queue, jobId));
    if (!job) throw httpError(404, 'errors.job_not_found');
    return {
      id: jobId,
      name: job.name,
      state: job.state,
      retry_count: job.retryCount,
      progress: { done: tracked.progress_done, total: tracked.progress_total },
      created_on: job.createdOn,
      started_on: job.startedOn,
      completed_on: job.completedOn,
    };
  });
}
