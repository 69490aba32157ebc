import type { FastifyInstance } from 'fastify';
import { formatDate } from '../../../common/format';
import { assertValidForm, t } from '../../platform/http/errors';
import { documentOperation, moduleRoutes } from '../../schema';
import { REGULATION_IN_FORCE } from './in-force';

/**
 * Root's regulations (schemas/admin/regulation.schema.json) as versions: a version in force is never
 * changed (x-admin.lockedFrom), it is replaced by a new one naming it (replaces_id), which must begin
 * after it; the replaced version's validity then ends when the new one begins, in the same
 * transaction, so that users accept the new version and the old one goes to the archive.
 */
export async function regulationVersions(app: FastifyInstance): Promise<void> {
  const regulations = moduleRoutes(app, 'regulations');
  if (!regulations) return;
  regulations.addHooks({
    async beforeWrite(tx, _owner, values) {
      if (values.replaces_id == null) return values;
      const { rows } = await tx.query<{ begins_before: boolean }>('SELECT valid_from < $2::timestamptz AS begins_before FROM regulations WHERE id = $1', [values.replaces_id, values.valid_from]);
      if (!rows[0]) assertValidForm({ replaces_id: 'errors.reference_not_found' });
      if (!rows[0].begins_before) assertValidForm({ replaces_id: 'validation.regulations.replaces_later' });
      return values;
    },
    async afterWrite(tx, _owner, change) {
      if (!change || change.removed || change.record.values.replaces_id == null) return;
      await tx.query('UPDATE regulations SET valid_to = $2, updated_at = now() WHERE id = $1 AND id <> $3', [
        change.record.values.replaces_id,
        change.record.values.valid_from,
        change.record.id,
      ]);
    },
  });

  documentOperation(app, 'get', '/regulations/replaceable', {
    tags: ['regulations'],
    summary: 'Root: the versions a new one may replace, those in force and the future ones {data: [{id, name}]}, each named with the date it takes effect',
    responses: { 200: { description: 'OK' }, 403: { description: 'Not root' } },
  });
  app.get('/regulations/replaceable', { onRequest: app.requireRoot }, async () => {
    const { rows } = await app.ctx.db.query<{ id: number; name: string; valid_from: Date }>(
      `SELECT r.id, r.name, r.valid_from FROM regulations r WHERE (${REGULATION_IN_FORCE}) OR r.valid_from > now() ORDER BY r.valid_from, r.id`,
    );
    return { data: rows.map((row) => ({ id: row.id, name: t('app.regulations_report.choice', { name: row.name, from: formatDate(row.valid_from, true) }) })) };
  });
}
