import { catalogueKey, closed, identifier, listOf, type MetaPart } from './part';

/** How records are kept: unique keys, indexes, order, or a table of their own. */
export const storagePart: MetaPart = {
  admin: {
    unique: listOf(closed({ fields: { type: 'array', minItems: 1, items: identifier }, message: catalogueKey, ignoreCase: { type: 'boolean' } }, ['fields', 'message'])),
    indexes: listOf(closed({ field: identifier, kind: { enum: ['btree', 'gin', 'lower'] } }, ['field', 'kind'])),
    ordered: { type: 'boolean', description: 'The user arranges the records; they keep a position.' },
    storage: closed(
      {
        table: identifier,
        migration: { type: 'string', pattern: '^[a-z0-9][a-z0-9_.-]*\\.sql$' },
        reads: closed({ table: identifier, column: identifier }, ['table', 'column']),
      },
      ['table'],
      'Records kept in a table of their own instead of module_records.',
    ),
  },
};
