import { RULE_OPS } from '../rules';
import { catalogueKey, closed, identifier, type MetaPart } from './part';

/** Rules between fields, checked by the browser and the server alike (src/common/schema/rules.ts). */
export const rulesPart: MetaPart = {
  admin: {
    rules: {
      type: 'array',
      description: 'Comparisons of two fields (dates, date-times, numbers), skipped while either is empty: the error goes on `field`.',
      items: closed(
        {
          field: identifier,
          op: { enum: [...RULE_OPS] },
          than: identifier,
          message: { ...catalogueKey, description: 'Default: validation.between_fields.<date|number>_<op name>, naming both fields.' },
        },
        ['field', 'op', 'than'],
      ),
    },
  },
};
