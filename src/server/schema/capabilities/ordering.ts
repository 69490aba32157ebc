import type { Capability } from '../module-routes';
import { httpError } from '../../platform/http/errors';

/** The ids of PUT {collection}/order: distinct record ids, as many as one list shows at most. */
const ORDER_IDS = { type: 'array', minItems: 1, maxItems: 1000, uniqueItems: true, items: { type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991 } };

/** x-admin.ordered: the user arranges the records, `PUT {collection}/order {ids}`; 400 unless every id is one of the owner's records. */
export const ordering: Capability = {
  routes(routes, site) {
    const { admin } = routes.module;
    if (!admin.ordered || admin.singleton || !admin.writable) return;
    const body = { type: 'object', required: ['ids'], additionalProperties: false, properties: { ids: ORDER_IDS } };
    const openapi = { summary: 'Put the records in this order', requestBody: { required: true, content: { 'application/json': { schema: body } } }, responses: { 204: { description: 'Ordered' } } };
    site.route(
      'PUT',
      `${site.collection}/order`,
      openapi,
      async (request, reply) => {
        const owner = await routes.owner(request, 'write');
        const { ids } = request.body as { ids: number[] };
        const placed = await routes.transaction(owner, [], (tx) => routes.store.reorder(tx, owner, ids));
        if (!placed) throw httpError(400, 'errors.order_invalid');
        return reply.status(204).send();
      },
      { body },
    );
  },
};
