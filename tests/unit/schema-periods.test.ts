import { describe, expect, it } from 'vitest';
import { loadModuleSchema } from '../../src/common/schema';
import { lockOf } from '../../src/common/schema/locking';

/** A module whose records have a period (regulations): its lists by period, and its records locked once they begin. */
const versions = (list: Record<string, unknown>, admin: Record<string, unknown> = {}) => ({
  type: 'object',
  properties: { name: { type: 'string' }, valid_from: { type: 'string', format: 'date-time' }, valid_to: { type: 'string', format: 'date-time' }, imported: { type: 'boolean' } },
  'x-admin': { resource: 'versions', scope: 'admin', title: 'resources.versions.title', route: { path: '/admin/wersje', name: 'admin_versions' }, list, ...admin },
});

describe('periods and locks of schema modules', () => {
  it('reads a period filter with its end, its parameter and its default, and refuses a default that is no period', () => {
    const { admin } = loadModuleSchema(versions({ filters: [{ field: 'valid_from', op: 'period', until: 'valid_to', default: 'current' }] }), 'v.schema.json');
    expect(admin.list.filters).toEqual([{ field: 'valid_from', param: 'period', op: 'period', until: 'valid_to', default: 'current' }]);
    expect(() => loadModuleSchema(versions({ filters: [{ field: 'valid_from', op: 'period', default: 'wczoraj' }] }), 'v.schema.json')).toThrow(/default must be one of current, past, future/);
    expect(() => loadModuleSchema(versions({ filters: [{ field: 'valid_from', op: 'period', until: 'nie_ma' }] }), 'v.schema.json')).toThrow(/nie_ma/);
  });

  it('locks a record whose moment has come (lockedFrom) and one marked so (lockedBy), the same for the browser and the server', () => {
    const { admin } = loadModuleSchema(versions({}, { lockedFrom: 'valid_from', lockedBy: 'imported' }), 'v.schema.json');
    const now = Date.parse('2026-11-26T12:00:00Z');
    expect(lockOf(admin, { valid_from: '2026-11-26T11:59:59Z' }, now)).toBe('in_force');
    expect(lockOf(admin, { valid_from: new Date('2026-11-26T12:00:00Z') }, now)).toBe('in_force');
    expect(lockOf(admin, { valid_from: '2026-11-26T12:00:01Z' }, now)).toBeNull();
    expect(lockOf(admin, { valid_from: '' }, now)).toBeNull();
    expect(lockOf(admin, { valid_from: '2027-01-01T00:00:00Z', imported: true }, now)).toBe('marked');
    expect(lockOf(admin, undefined, now)).toBeNull();
  });
});
