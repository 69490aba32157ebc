import { catalogueKey, closed, identifier, listOf, type MetaPart } from './part';

const views = { list: { type: 'string' }, create: { type: 'string' }, edit: { type: 'string' }, show: { type: 'string' } };
const path = { type: 'string', pattern: '^/' };

/** Where the records are: the API's paths and the browser's Polish routes. */
export const routePart: MetaPart = {
  admin: {
    api: closed({ path, upload: path, read: path, menu: identifier }, [], 'API paths (without /api); defaults follow the scope.'),
    route: closed(
      {
        path: { type: 'string', pattern: '^/', description: 'Full Polish route pattern, e.g. /usluga/{service_id}/notatki.' },
        name: { ...identifier, description: 'Route name of the list (menu prefix).' },
        param: { ...identifier, description: 'Route param of the record; default <resource>_id.' },
        views: closed(views, [], 'Sub-paths of the views ("" = the route path itself).'),
        names: closed(views, [], 'Names of the sub-routes; default <name>_<view>.'),
        under: { ...identifier, description: "Route name of a hand-written screen the module's screens sit under in the breadcrumbs, its menu entry active (the WCAG statement under the assistant); default the scope's dashboard." },
        lists: listOf(
          closed(
            {
              name: identifier,
              path: { type: 'string', minLength: 1 },
              title: catalogueKey,
              filters: { type: 'object', additionalProperties: { type: 'string' } },
              inline: listOf(identifier, 'The properties each row edits in place (a gallery\'s descriptions).'),
            },
            ['name', 'path'],
          ),
          'More lists of the same records with fixed filter values.',
        ),
        forms: listOf(
          closed(
            {
              name: identifier,
              path: { type: 'string', minLength: 1 },
              title: catalogueKey,
              fields: listOf(identifier),
              optional: closed({ path: identifier, fields: listOf(identifier) }, ['path', 'fields']),
            },
            ['name', 'path', 'fields'],
          ),
          'More pages of one record, each a form of some of its fields.',
        ),
      },
      ['path', 'name'],
    ),
  },
};
