import { describe, expect, it } from 'vitest';
import { formatMoment, fromWallTime, panelDay, wallParts, zoneOffsetMs } from '../../src/common/panel-time';

const HOUR = 3_600_000;

describe("the panel's time, Poland's wall clock whatever the machine's zone", () => {
  it('reads the wall clock in winter and in summer', () => {
    expect(wallParts(new Date('2026-11-26T23:30:00Z'))).toEqual({ year: 2026, month: 11, day: 27, hour: 0, minute: 30, second: 0 });
    expect(wallParts(new Date('2026-07-01T22:00:05Z'))).toEqual({ year: 2026, month: 7, day: 2, hour: 0, minute: 0, second: 5 });
    expect(zoneOffsetMs(Date.parse('2026-01-15T12:00:00Z'))).toBe(HOUR);
    expect(zoneOffsetMs(Date.parse('2026-07-15T12:00:00Z'))).toBe(2 * HOUR);
  });

  it('finds the moment of a wall time on both sides of the clock changes, and overflows like Date.UTC', () => {
    expect(fromWallTime(2026, 2, 29, 1, 59).toISOString()).toBe('2026-03-29T00:59:00.000Z');
    expect(fromWallTime(2026, 2, 29, 3, 0).toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(fromWallTime(2026, 9, 25).toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(fromWallTime(2026, 9, 26).toISOString()).toBe('2026-10-25T23:00:00.000Z');
    expect(fromWallTime(2026, 11, 32).toISOString()).toBe('2026-12-31T23:00:00.000Z');
  });

  it('names the Polish day of a moment, which is not always the UTC one', () => {
    expect(panelDay(new Date('2026-11-26T22:59:59Z'))).toBe('2026-11-26');
    expect(panelDay(new Date('2026-11-26T23:00:00Z'))).toBe('2026-11-27');
  });

  it('shows a moment in Polish, medium or short, and a dash for none', () => {
    expect(formatMoment('2026-11-26T13:05:00Z')).toBe('26 lis 2026, 14:05');
    expect(formatMoment(new Date('2026-07-01T08:15:00Z'), { style: 'short' })).toBe('1.07.2026, 10:15');
    expect(formatMoment(null)).toBe('—');
    expect(formatMoment('nie data', { empty: '' })).toBe('');
  });
});
