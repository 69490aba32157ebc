import { catalogueKey, closed, described, identifier, type MetaPart } from './part';

/** Who owns a module's records, its permission module, its title and toasts, and what may be written. */
export const modulePart: MetaPart = {
  admin: {
    resource: described('react-admin resource name, unique among the schemas.', identifier),
    scope: { enum: ['service', 'admin', 'user'], description: 'service: records per client service; admin: root users only; user: per signed-in user.' },
    module: described('Permission module (client_service_modules); default the resource.', identifier),
    title: described('Screen title; default resources.<resource>.title.', catalogueKey),
    parent: closed({ resource: identifier, param: identifier }, ['resource', 'param'], 'The record these records belong to: API and routes nest under it.'),
    writeRole: { const: 'root', description: 'Only root users create, change or delete.' },
    redirect: closed({ view: { enum: ['list', 'create', 'edit', 'show'] }, route: { type: 'string' } }, [], 'Where a save leads.'),
    messages: { type: 'object', additionalProperties: { anyOf: [catalogueKey, { type: 'null' }] }, description: 'Toasts by event (created, updated, deleted, ...); null: no toast.' },
    singleton: { type: 'boolean', description: 'One record per owner: GET reads it, POST or PUT saves it.' },
    crud: { type: 'boolean', description: 'false: a module of its own code serves the API.' },
    screens: { type: 'boolean', description: "With crud false: the engine's screens show the module over the calls its own code serves." },
    fieldSaves: {
      type: 'object',
      propertyNames: identifier,
      additionalProperties: closed({ path: { type: 'string', pattern: '^/' }, body: identifier, message: catalogueKey }, ['path', 'body', 'message']),
      description: "A singleton's fields each saved by a call of their own: PUT path {<body>: value}, with its own toast.",
    },
    writable: { type: 'boolean', description: 'false: records are only read through the API.' },
    history: described('A read-only module nested here (or under the parent) given each write\'s difference.', identifier),
    group: closed(
      { name: identifier, sort: { type: 'integer' } },
      ['name', 'sort'],
      'The module\'s screens are a tab of a page group; the member of the lowest sort leads it.',
    ),
    lockedBy: described('A boolean property that makes the record read-only when true.', identifier),
    lockedFrom: described('A date-time property: once that moment has come the record is read-only (a regulation in force is replaced, not changed).', identifier),
  },
};
