import { lockOf } from '../../../common/schema/locking';
import type { Capability } from '../module-routes';
import { httpError } from '../../platform/http/errors';

/**
 * x-admin.lockedBy and lockedFrom: a record so marked (an imported news item), or whose moment has
 * come (a regulation in force), is not changed or removed through the API, nor are its nested records (409).
 */
export const locking: Capability = {
  guard(routes, record) {
    const lock = lockOf(routes.module.admin, record.values);
    if (lock) throw httpError(409, lock === 'marked' ? 'errors.record_locked' : 'errors.record_in_force');
  },
};
