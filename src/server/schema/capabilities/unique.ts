import type { Capability } from '../module-routes';
import { httpError } from '../../platform/http/errors';

/** x-admin.unique: a write whose key another record of the owner holds is refused with the key's message (409). */
export const uniqueKeys: Capability = {
  async check(db, routes, owner, values, exceptId) {
    for (const key of routes.module.admin.unique) {
      if (await routes.store.conflicts(db, owner, key.fields, key.ignoreCase === true, values, exceptId)) throw httpError(409, key.message);
    }
    return values;
  },
};
