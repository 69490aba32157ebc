import type { AdminBlock } from '../../common/schema/types';
import { SINGLETON_ID } from '../providers/dataProvider';

/** A record as the API returns it: id, the values, `<file>_uri` for each stored file. */
export interface StoredRecord {
  id: number | string;
  [field: string]: unknown;
}

/** The id a module's form or details read: the singleton's, the route's record, or none (a new record). */
export function recordId(singleton: boolean, routeId: string | undefined): string | undefined {
  return singleton ? SINGLETON_ID : routeId;
}

/** The stored record of an answer: a singleton with nothing stored answers only the id it was read with. */
export function storedRecord(record: StoredRecord | undefined): StoredRecord | undefined {
  return record && record.id !== SINGLETON_ID ? record : undefined;
}

/** x-admin.lockedBy: a record the panel keeps to itself (an imported news item) is shown, not changed. */
export function isLocked(admin: AdminBlock, record: Record<string, unknown> | undefined): boolean {
  return Boolean(admin.lockedBy && record?.[admin.lockedBy] === true);
}
