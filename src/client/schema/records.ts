import type { AdminBlock } from '../../common/schema/types';
import { lockOf } from '../../common/schema/locking';
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

/** A record the panel keeps to itself, or one in force: shown, not changed; the catalogue key saying why, else null. */
export function lockNotice(admin: AdminBlock, record: Record<string, unknown> | undefined): string | null {
  const lock = lockOf(admin, record);
  return lock === null ? null : lock === 'marked' ? 'app.schema.locked' : 'app.schema.in_force';
}
