import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { createTestApp, type TestApp } from './support/app';

/** The server's log lines as parsed JSON (pino writes one object a line). */
function capture() {
  const lines: Record<string, unknown>[] = [];
  return { lines, stream: { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) } };
}

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('server log', () => {
  it('writes no line per request at the default level, and errors still', async () => {
    const log = capture();
    t = await createTestApp({}, { logTo: log.stream });
    expect(t.config.logLevel).toBe('info');
    await t.call({ method: 'GET', url: '/api/user' });
    await t.call({ method: 'GET', url: '/api/config' });
    expect(log.lines.filter((line) => line.msg === 'request' || line.msg === 'incoming request' || line.msg === 'request completed')).toEqual([]);
    t.app.log.warn('visible');
    expect(log.lines.map((line) => line.msg)).toContain('visible');
  });

  it('writes exactly one line per request at LOG_LEVEL=debug, with its method, address, status and time', async () => {
    const log = capture();
    t = await createTestApp({ logLevel: 'debug' }, { logTo: log.stream });
    await t.call({ method: 'GET', url: '/api/user' });
    await t.call({ method: 'GET', url: '/api/nothing-here' });
    const requests = log.lines.filter((line) => line.reqId !== undefined);
    expect(requests).toHaveLength(2);
    expect(requests.map(({ method, url, statusCode }) => ({ method, url, statusCode }))).toEqual([
      { method: 'GET', url: '/api/user', statusCode: 401 },
      { method: 'GET', url: '/api/nothing-here', statusCode: 404 },
    ]);
    expect(requests.every((line) => typeof line.ms === 'number')).toBe(true);
  });

  it('refuses an unknown LOG_LEVEL at start, naming the levels', () => {
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent/);
    expect(loadConfig({ LOG_LEVEL: 'warn' }).logLevel).toBe('warn');
  });
});
