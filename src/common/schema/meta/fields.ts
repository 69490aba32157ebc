import { SINGLE_LINE_KEYWORD } from '../single-line';
import { WIDGETS } from '../widgets';
import { flag } from './flags';
import { catalogueKey, closed, identifier, listOf, type MetaPart } from './part';

/** The panel's own keywords on a property: references, widgets, choices and how a value is shown. */
export const fieldsPart: MetaPart = {
  property: {
    'x-ref': closed({ resource: identifier, field: identifier }, ['resource'], 'The value names records of another module of the same owner (by id, or by field).'),
    'x-widget': { enum: [...WIDGETS], description: 'The form widget beyond what the type and format give.' },
    'x-options': closed(
      { path: { type: 'string', minLength: 1 }, query: { type: 'object', additionalProperties: { type: 'string' } }, requires: catalogueKey },
      ['path'],
      'Choices from the module\'s own call <collection>/<path>; {field} stands for another field\'s value.',
    ),
    'x-suffix': closed(
      { path: { type: 'string', minLength: 1 }, field: { type: 'string', minLength: 1 } },
      ['path', 'field'],
      'Text shown after the input: the field `field` of what the module\'s own call <collection>/<path> answers.',
    ),
    'x-choices': { type: 'string', minLength: 1, description: 'Sub-path answering the oneOf choices offered ({data: [{id}]}).' },
    'x-empty': { ...catalogueKey, description: 'Text the details page shows when the record has no value.' },
    'x-flags': listOf(flag, 'Flags the field needs (template:<feature>, service:<flag>, ...): elsewhere the form leaves it out and a write may not change it.'),
    'x-display': {
      enum: ['changes', 'swatches', 'image'],
      description: "changes: a history's {field, before, after} items; swatches: {name, color} items as coloured squares with their names; image: the picture at the address the value holds, its alt text the record's label.",
    },
    [SINGLE_LINE_KEYWORD]: { type: 'boolean', description: 'Refuses bidirectional controls; the registry sets it on every single-line text.' },
  },
};
