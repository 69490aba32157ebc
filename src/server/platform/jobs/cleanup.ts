import { THROTTLE_POLICIES } from '../auth/throttle';
import type { Config } from '../../config';
import type { Db } from '../db';
import type { FileStore } from '../files/store';
import type { JobDefinition } from '.';

export const CLEANUP_JOB = 'cleanup-expired-rows';

/** A rerun of a job cannot come later than pg-boss keeps it (14 days); its runOnce mark may go after that. */
const FINISHED_JOB_KEEP_DAYS = 30;

/**
 * Deletes rows nothing reads any more: login attempts older than the longest throttle window,
 * refresh tokens past expiry or revoked longer than a refresh token lives (kept that long to spot
 * a stolen token being reused), expired password reminders, old job bookkeeping.
 */
export async function deleteExpiredRows(db: Db, config: Pick<Config, 'refreshTokenTtl'>): Promise<void> {
  const longestThrottleWindow = Math.max(...Object.values(THROTTLE_POLICIES).map((policy) => policy.windowSeconds));
  await db.transaction(async (tx) => {
    await tx.query(`DELETE FROM login_attempts WHERE attempted_at < now() - $1 * interval '1 second'`, [longestThrottleWindow]);
    await tx.query(`DELETE FROM refresh_tokens WHERE expires_at < now() OR revoked_at < now() - $1 * interval '1 second'`, [
      config.refreshTokenTtl,
    ]);
    await tx.query('DELETE FROM password_reminders WHERE expires_at < now()');
    await tx.query(`DELETE FROM job_tracking WHERE updated_at < now() - $1 * interval '1 day'`, [FINISHED_JOB_KEEP_DAYS]);
    await tx.query(`DELETE FROM job_runs_once WHERE completed_at < now() - $1 * interval '1 day'`, [FINISHED_JOB_KEEP_DAYS]);
  });
}

/** An upload is committed or discarded within its request: a temporary object a day old was left by a stopped server. */
export const TEMPORARY_FILE_MAX_AGE = 24 * 3600;

export function cleanupJob(db: Db, config: Pick<Config, 'refreshTokenTtl'>, files: FileStore): JobDefinition {
  return {
    name: CLEANUP_JOB,
    cron: '30 3 * * *',
    handler: async () => {
      await deleteExpiredRows(db, config);
      await files.sweepTemporary(TEMPORARY_FILE_MAX_AGE);
    },
  };
}
