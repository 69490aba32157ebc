import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/e2e/support/chromium';
import { E2E_PASSWORD } from './tests/e2e/support/credentials';

/**
 * End-to-end tests in Debian's Chromium (never a downloaded browser) against the real server:
 * compiled as `npm start` runs it (src/server/launch.mjs), on the embedded database, seeded afresh on every run. A second server
 * with a 70-second access token serves the session-timer tests, which must not wait 30 minutes.
 * Ports: E2E_PORT and the next one (default 3310, 3311). The servers start one after the other, so
 * only the first rebuilds a stale SPA.
 */
const basePort = Number(process.env.E2E_PORT ?? 3310);
const servers = {
  main: { port: basePort, accessTokenTtl: 1800 },
  shortSession: { port: basePort + 1, accessTokenTtl: 70 },
};

const baseURL = (port: number) => `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '*.spec.ts',
  // Bounds that only end a test that would fail anyway: a journey through several screens on a loaded
  // two-core runner (two browsers, the server, its build) takes a minute.
  timeout: 120_000,
  // A first screen on a fresh server builds lazily loaded chunks; under load it may take more than ten seconds.
  expect: { timeout: 20_000 },
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    locale: 'pl-PL',
    timezoneId: 'Europe/Warsaw',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    { name: 'chromium', testIgnore: 'session-timer.spec.ts', use: { baseURL: baseURL(servers.main.port) } },
    { name: 'short-session', testMatch: 'session-timer.spec.ts', use: { baseURL: baseURL(servers.shortSession.port) } },
  ],
  webServer: Object.values(servers).map(({ port, accessTokenTtl }) => ({
    command: 'npx tsx tests/e2e/support/fresh-server.ts',
    url: `${baseURL(port)}/`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      // The address mails and previews link to (pictures, public files): the one the browser opens.
      PUBLIC_URL: baseURL(port),
      DATA_DIR: path.join(tmpdir(), `panel-e2e-${port}`),
      PANEL_DEMO_PASSWORD: E2E_PASSWORD,
      ACCESS_TOKEN_TTL: String(accessTokenTtl),
      // The WCAG assistant's tests analyse a site they serve themselves on loopback.
      OUTBOUND_ALLOW_LOOPBACK: 'true',
    },
  })),
});
