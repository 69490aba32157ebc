import { closed, described, identifier, listOf, type MetaPart } from './part';

/** What of a module a site reads through the public delivery API (src/modules/site/server/delivery). */
export const deliveryPart: MetaPart = {
  admin: {
    delivery: closed(
      {
        path: { type: 'string', pattern: '^[a-z][a-z0-9_]*$', description: 'The segment under /api/site/{domain}/ (and /api/delivery/); default the resource. Not for a module delivered within its parent.' },
        fields: { type: 'array', minItems: 1, uniqueItems: true, items: identifier, description: 'The public properties and (public) file fields; every other one stays in the panel.' },
        where: { type: 'object', additionalProperties: { type: ['string', 'number', 'integer', 'boolean'] }, description: 'Only records whose properties equal these values (e.g. {"published": true}).' },
        during: closed(
          { from: identifier, to: identifier },
          [],
          'Date-time properties bounding when a record is shown: absent or empty bounds are open.',
        ),
        filters: listOf(identifier, 'Properties a site may filter lists by (?field=value).'),
        sort: closed({ field: identifier, order: { enum: ['ASC', 'DESC'] } }, ['field', 'order'], 'The order of the list; default the list\'s.'),
        within: described('A nested module: its records are delivered in their parent\'s record under this name, not on a path of their own.', identifier),
      },
      ['fields'],
      'The module\'s records a site reads through the public delivery API: only these fields, only the records shown now.',
    ),
  },
};

