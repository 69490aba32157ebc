import type { AdminBlock } from './types';

/**
 * Why a record is read-only, the same on both sides: `marked` (x-admin.lockedBy: the panel keeps it
 * to itself, an imported news item) or `in_force` (x-admin.lockedFrom: its moment has come, a
 * regulation in force is replaced by a new version, never changed); null when it may change.
 */
export function lockOf(admin: AdminBlock, values: Record<string, unknown> | undefined, now = Date.now()): 'marked' | 'in_force' | null {
  if (!values) return null;
  if (admin.lockedBy && values[admin.lockedBy] === true) return 'marked';
  const from = admin.lockedFrom ? values[admin.lockedFrom] : undefined;
  const fromMs = typeof from === 'string' ? Date.parse(from) : from instanceof Date ? from.getTime() : NaN;
  return fromMs <= now ? 'in_force' : null;
}
