import { catalogueKey, closed, identifier, propertySchema, type MetaPart } from './part';

const keysByValue = { type: 'object', additionalProperties: catalogueKey };

/** Extra calls offered as buttons (docs/adding-a-module.md, "Actions"). */
export const actionsPart: MetaPart = {
  admin: {
    actions: {
      type: 'array',
      items: closed(
        {
          name: identifier,
          method: { enum: ['GET', 'POST', 'PUT', 'DELETE'] },
          path: { type: 'string', pattern: '^([a-z0-9_-]+(/[a-z0-9_-]+)*)?$', description: 'Sub-path; empty (with fromRecord) the collection itself.' },
          on: { enum: ['row', 'record', 'collection'] },
          handler: { enum: ['update', 'module'] },
          body: propertySchema,
          toggle: closed({ field: identifier, values: { type: 'array', minItems: 2, maxItems: 2, items: { type: ['string', 'boolean'] } } }, ['field', 'values']),
          label: catalogueKey,
          labels: keysByValue,
          message: catalogueKey,
          messages: keysByValue,
          description: catalogueKey,
          confirm: catalogueKey,
          download: { const: true },
          replaces: { const: true, description: "The answer is the record as the action left it: the record's form shows it." },
          when: { type: 'object', additionalProperties: { type: 'array', minItems: 1, items: { type: ['string', 'number', 'boolean'] } } },
          opens: { enum: ['show', 'edit'] },
          fromRecord: {
            type: 'object',
            propertyNames: identifier,
            additionalProperties: identifier,
            description: 'The body made from the record ({<body field>: <record field>}), sent to the collection (and path below it).',
          },
        },
        ['name', 'method', 'path', 'label', 'message'],
      ),
    },
  },
};
