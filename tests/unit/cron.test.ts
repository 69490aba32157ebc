import { describe, expect, it } from 'vitest';
import { describeCron, isCronExpression, nextRuns } from '../../src/common/cron';

/** Scheduled jobs' cron expressions (issue 17): which the scheduler takes, their Polish words, their next runs in Polish time. */
const warsaw = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Warsaw', dateStyle: 'short', timeStyle: 'short' });

describe('cron expressions', () => {
  it('takes five fields cron-parser reads, nothing else', () => {
    for (const good of ['* * * * *', '*/5 * * * *', '0 3 * * *', '15 8 * * 1-5', '0 0 1 * *', '0 12 * * MON', '5,35 */2 1-15 1,6 *']) expect(isCronExpression(good), good).toBe(true);
    for (const bad of ['', '* * * *', '* * * * * *', '61 * * * *', '0 24 * * *', '0 0 32 * *', '*/0 * * * *', 'co minutę', '@daily', '0 3 * * 8']) expect(isCronExpression(bad), bad).toBe(false);
  });

  it('describes the common shapes by catalogue key, anything else generically', () => {
    expect(describeCron('* * * * *')).toEqual({ key: 'cron.describe.every_minute' });
    expect(describeCron('*/5 * * * *')).toEqual({ key: 'cron.describe.every_minutes', params: { smart_count: 5 } });
    expect(describeCron('20 * * * *')).toEqual({ key: 'cron.describe.hourly', params: { minute: 20 } });
    expect(describeCron('0 3 * * *')).toEqual({ key: 'cron.describe.daily', params: { time: '03:00' } });
    expect(describeCron('30 7 * * 1-5')).toEqual({ key: 'cron.describe.working_days', params: { time: '07:30' } });
    expect(describeCron('0 4 * * 7')).toEqual({ key: 'cron.describe.weekly.0', params: { time: '04:00' } });
    expect(describeCron('0 4 * * 3')).toEqual({ key: 'cron.describe.weekly.3', params: { time: '04:00' } });
    expect(describeCron('0 6 15 * *')).toEqual({ key: 'cron.describe.monthly', params: { day: 15, time: '06:00' } });
    expect(describeCron('5,35 */2 1-15 1,6 *')).toEqual({ key: 'cron.describe.other', params: { expression: '5,35 */2 1-15 1,6 *' } });
  });

  it('gives the next five runs in Polish time across the change to summer time', () => {
    // 29 March 2026: at 02:00 CET the clocks go to 03:00 CEST.
    const runs = nextRuns('30 1 * * *', 5, new Date('2026-03-27T12:00:00Z'));
    expect(runs.map((run) => warsaw.format(run))).toEqual(['2026-03-28 01:30', '2026-03-29 01:30', '2026-03-30 01:30', '2026-03-31 01:30', '2026-04-01 01:30']);
    // 01:30 is an hour before the change in winter time and an hour earlier in UTC once summer time begins.
    expect(runs.map((run) => run.toISOString().slice(11, 16))).toEqual(['00:30', '00:30', '23:30', '23:30', '23:30']);
    // Hourly: 02:00 does not exist that night.
    const hourly = nextRuns('0 * * * *', 5, new Date('2026-03-28T23:50:00Z'));
    expect(hourly.map((run) => warsaw.format(run))).toEqual(['2026-03-29 01:00', '2026-03-29 03:00', '2026-03-29 04:00', '2026-03-29 05:00', '2026-03-29 06:00']);
  });

  it('gives them across the change back to winter time, the repeated hour once', () => {
    // 25 October 2026: at 03:00 CEST the clocks go back to 02:00 CET.
    const runs = nextRuns('0 12 * * *', 5, new Date('2026-10-23T00:00:00Z'));
    expect(runs.map((run) => warsaw.format(run))).toEqual(['2026-10-23 12:00', '2026-10-24 12:00', '2026-10-25 12:00', '2026-10-26 12:00', '2026-10-27 12:00']);
    expect(runs.map((run) => run.toISOString().slice(11, 16))).toEqual(['10:00', '10:00', '11:00', '11:00', '11:00']);
  });
});
