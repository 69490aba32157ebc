import type { Capability } from '../module-routes';
import { httpError } from '../../platform/http/errors';

/** x-admin.lockedBy: a record so marked (an imported news item) is not changed through the API, nor are its nested records (409). */
export const locking: Capability = {
  guard(routes, record) {
    const { lockedBy } = routes.module.admin;
    if (lockedBy && record.values[lockedBy] === true) throw httpError(409, 'errors.record_locked');
  },
};
