import type { FastifyInstance } from 'fastify';
import { documentOperation, moduleRoutes } from '../../../server/schema';
import { currentUsage } from './usage';

/**
 * GET /client_service/{id}/limits: the service's limits as SPEC 3 lists them, {prefix, limit,
 * usage, remaining}, one per field of the limits schema; usage counts the current day or month. The form itself (OPTIONS, PUT, GET
 * .../limits/current) is the generic schema module "limits".
 */
export async function limitRoutes(app: FastifyInstance): Promise<void> {
  const limits = moduleRoutes(app, 'limits');
  if (!limits) return;
  const prefixes = Object.keys(limits.module.schema.properties ?? {});

  documentOperation(app, 'get', '/client_service/{service_id}/limits', {
    tags: ['limits'],
    summary: 'Limits with usage: {data: [{prefix, limit, usage, remaining}]}',
    responses: { 200: { description: 'OK' } },
  });
  app.get('/client_service/:service_id/limits', { preHandler: app.authenticate }, async (request) => {
    const owner = await limits.owner(request);
    const record = await limits.store.first(app.ctx.db, owner);
    const usage = await currentUsage(app.ctx.db, owner.serviceId!, prefixes);
    return {
      data: prefixes.map((prefix) => {
        const limit = typeof record?.values[prefix] === 'number' ? (record.values[prefix] as number) : null;
        const used = usage.get(prefix) ?? 0;
        return { prefix, limit, usage: used, remaining: limit === null ? 0 : Math.max(limit - used, 0) };
      }),
    };
  });
}
