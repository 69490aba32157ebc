import { catalogueKey, closed, described, identifier, listOf, type MetaPart } from './part';
import { flag } from './flags';

/** The list screen and its API parameters. */
export const listPart: MetaPart = {
  admin: {
    list: closed(
      {
        columns: listOf(
          closed(
            {
              field: identifier,
              sortable: { type: 'boolean' },
              kind: { enum: ['thumbnail'], description: 'thumbnail: a file field with thumbnails, shown as its smallest one.' },
              alt: described('The property giving a thumbnail its alternative text.', identifier),
            },
            ['field'],
          ),
        ),
        sort: closed({ field: identifier, order: { enum: ['ASC', 'DESC'] } }, ['field', 'order']),
        search: listOf(identifier, 'Fields the search parameter matches.'),
        filters: listOf(
          closed(
            {
              field: identifier,
              param: identifier,
              op: { enum: ['eq', 'contains', 'period'], description: 'period: current, past or future, by the period from field to until (chosen by list tabs).' },
              until: described("period: the date-time property ending the period (empty: open).", identifier),
              default: { type: 'string', description: 'The value when the query names none.' },
              options: closed({ resource: identifier, field: identifier }, ['resource', 'field']),
              flags: listOf(flag),
            },
            ['field', 'op'],
          ),
        ),
        label: described('The field naming a record; default name (or id).', identifier),
        layout: { enum: ['cards'], description: 'cards: the records as cards at every width, not only on a phone.' },
        export: { type: 'boolean', description: 'GET {collection}/export: the list as a CSV file.' },
        bulk: listOf(
          closed(
            {
              action: { enum: ['delete', 'add'], description: 'delete: removes the selected records; add: adds values to an array field of each.' },
              field: described("add: the array property the chosen values are added to.", identifier),
              label: catalogueKey,
              message: described('The toast after it, counted (smart_count).', catalogueKey),
              confirm: described('Asked first, counted (smart_count); a deletion always asks.', catalogueKey),
            },
            ['action'],
          ),
          'Actions on the records selected on the list (checkboxes), one call for all of them: POST {collection}/bulk/delete {ids}, POST {collection}/bulk/add/{field} {ids, values}.',
        ),
        links: listOf(
          closed(
            {
              route: described("The name of a module's own route; its params are the list's (and on a row, the record's).", identifier),
              label: catalogueKey,
              on: described('"list" (default): a button above the list; "row": a button on each row, about that record.', { enum: ['list', 'row'] }),
            },
            ['route', 'label'],
          ),
          "Buttons opening a module's own screen about the records: above the list, or on each row.",
        ),
        upload: described('A file field: the list takes many files at once, one record each.', identifier),
      },
      [],
      'The list screen.',
    ),
  },
};
